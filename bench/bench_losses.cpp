// The two contrastive losses, forward and backward, over a grid of batch N and negatives:
// InfoNCE against a D×K queue (MoCo v1 Eq. 1; N queries, K negatives each) and NT-Xent over 2N
// views (SimCLR Eq. 1; 2N−2 negatives each). D = 128, τ = 0.1, unit-norm random embeddings.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "contra/core/memory.h"
#include "contra/core/threads.h"
#include "contra/losses/info_nce.h"
#include "contra/losses/nt_xent.h"

namespace {

torch::Tensor unit_rows(std::int64_t n, std::int64_t d) {
  return torch::nn::functional::normalize(torch::randn({n, d}), torch::nn::functional::NormalizeFuncOptions().dim(1));
}

void BM_InfoNCE(benchmark::State& state) {
  contra::core::keep_freed_memory();  // as every contra command
  contra::core::set_threads(0);       // as `contra train`
  torch::manual_seed(0);
  const std::int64_t n = state.range(0), k = state.range(1), d = 128;
  auto q = unit_rows(n, d).set_requires_grad(true);
  const auto key = unit_rows(n, d), queue = unit_rows(k, d).t().contiguous();  // D×K
  for (auto _ : state) {
    auto out = contra::losses::info_nce(q, key, queue, 0.1);
    out.loss.backward();
    benchmark::DoNotOptimize(q.grad().data_ptr<float>());
    q.mutable_grad().reset();
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.counters["negatives"] = static_cast<double>(k);
}
BENCHMARK(BM_InfoNCE)->ArgsProduct({{128, 256, 512}, {256, 1024, 4096, 16384}})->Unit(benchmark::kMillisecond);

void BM_NTXent(benchmark::State& state) {
  contra::core::keep_freed_memory();  // as every contra command
  contra::core::set_threads(0);
  torch::manual_seed(0);
  const std::int64_t n = state.range(0), d = 128;
  auto z1 = unit_rows(n, d).set_requires_grad(true), z2 = unit_rows(n, d).set_requires_grad(true);
  for (auto _ : state) {
    auto out = contra::losses::nt_xent(z1, z2, 0.1);
    out.loss.backward();
    benchmark::DoNotOptimize(z1.grad().data_ptr<float>());
    z1.mutable_grad().reset();
    z2.mutable_grad().reset();
  }
  state.SetItemsProcessed(state.iterations() * 2 * n);
  state.counters["negatives"] = static_cast<double>(2 * n - 2);
}
BENCHMARK(BM_NTXent)->Arg(128)->Arg(256)->Arg(512)->Arg(1024)->Arg(2048)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
