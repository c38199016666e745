// InfoNCE forward and backward against the number of negatives K (the queue's size).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "contra/losses/info_nce.h"

static void BM_InfoNCE(benchmark::State& state) {
  torch::manual_seed(0);
  const std::int64_t n = 256, d = 128, k = state.range(0);
  auto q = torch::nn::functional::normalize(torch::randn({n, d}), torch::nn::functional::NormalizeFuncOptions().dim(1));
  q.set_requires_grad(true);
  const auto key = torch::nn::functional::normalize(torch::randn({n, d}), torch::nn::functional::NormalizeFuncOptions().dim(1));
  const auto queue = torch::nn::functional::normalize(torch::randn({d, k}), torch::nn::functional::NormalizeFuncOptions().dim(0));
  for (auto _ : state) {
    auto out = contra::losses::info_nce(q, key, queue, 0.07);
    out.loss.backward();
    benchmark::DoNotOptimize(q.grad().data_ptr<float>());
    q.mutable_grad().reset();
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.counters["negatives"] = static_cast<double>(k);
}
BENCHMARK(BM_InfoNCE)->Arg(256)->Arg(1024)->Arg(4096)->Arg(16384)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
