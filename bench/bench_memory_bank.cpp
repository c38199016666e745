// The memory bank's data movements (InstDisc §3.2), bank n = 60 000 rows × D = 128 (Fashion-MNIST's
// training set), batch N = 256:
// - BM_BankGather: the gather of each query's K sampled rows, N×K×D, and their N×K similarities,
//   forward and backward (losses::gathered_similarity);
// - BM_BankScoreAll: the other way, every row scored once (N×n) and the N×K logits gathered;
// - BM_BankNegatives: what the method runs, the cheaper of the two (losses::sampled_similarity);
// - BM_BankScatter: the scatter of the batch's refreshed rows v ← normalize(λv + (1−λ)f).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include <functional>

#include "contra/core/memory.h"
#include "contra/core/seed.h"
#include "contra/core/threads.h"
#include "contra/losses/similarity.h"
#include "contra/methods/memory_bank.h"

namespace {

constexpr std::int64_t kRows = 60000, kDim = 128, kBatch = 256;
using Similarity = std::function<torch::Tensor(const torch::Tensor&, const torch::Tensor&, const torch::Tensor&)>;

void negatives(benchmark::State& state, const Similarity& similarity) {
  contra::core::keep_freed_memory();  // as every contra command
  contra::core::set_threads(0);
  auto gen = contra::core::make_generator(0, 4);
  contra::methods::FeatureBank bank(kRows, kDim, gen);
  const std::int64_t k = state.range(0);
  auto q = torch::nn::functional::normalize(torch::randn({kBatch, kDim}, gen, torch::kFloat32),
                                            torch::nn::functional::NormalizeFuncOptions().dim(1))
               .set_requires_grad(true);
  for (auto _ : state) {
    const auto drawn = bank->sample(kBatch, k, gen);  // N×K
    similarity(q, bank->rows(), drawn).sum().backward();
    benchmark::DoNotOptimize(q.grad().data_ptr<float>());
    q.mutable_grad().reset();
  }
  state.SetItemsProcessed(state.iterations() * kBatch * k);  // similarities per second
  state.counters["negatives"] = static_cast<double>(k);
}

void BM_BankGather(benchmark::State& state) { negatives(state, contra::losses::gathered_similarity); }
void BM_BankScoreAll(benchmark::State& state) {
  negatives(state, [](const torch::Tensor& q, const torch::Tensor& rows, const torch::Tensor& index) {
    return contra::losses::similarity(q, rows).gather(1, index);
  });
}
void BM_BankNegatives(benchmark::State& state) { negatives(state, contra::losses::sampled_similarity); }
BENCHMARK(BM_BankGather)->Arg(1024)->Arg(4096)->Arg(16384)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_BankScoreAll)->Arg(1024)->Arg(4096)->Arg(16384)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_BankNegatives)->Arg(1024)->Arg(4096)->Arg(16384)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_BankScatter(benchmark::State& state) {
  contra::core::keep_freed_memory();
  contra::core::set_threads(0);
  auto gen = contra::core::make_generator(0, 4);
  contra::methods::FeatureBank bank(kRows, kDim, gen);
  const auto features = torch::nn::functional::normalize(torch::randn({kBatch, kDim}, gen, torch::kFloat32),
                                                         torch::nn::functional::NormalizeFuncOptions().dim(1));
  for (auto _ : state) {
    const auto index = torch::randperm(kRows, gen, torch::kInt64).slice(0, 0, kBatch);
    bank->update(index, features, 0.5);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kBatch);
}
BENCHMARK(BM_BankScatter)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
