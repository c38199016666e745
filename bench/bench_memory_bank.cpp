// The memory bank's two data movements (InstDisc §3.2), bank n = 60 000 rows × D = 128 (Fashion-
// MNIST's training set): the gather of each query's positive row and K sampled negative rows
// (N×(K+1)×D, N = 256), and the scatter of the batch's refreshed rows v ← normalize(λv + (1−λ)f).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "contra/core/seed.h"
#include "contra/core/threads.h"
#include "contra/methods/memory_bank.h"

namespace {

constexpr std::int64_t kRows = 60000, kDim = 128, kBatch = 256;

void BM_BankGather(benchmark::State& state) {
  contra::core::set_threads(0);
  auto gen = contra::core::make_generator(0, 4);
  contra::methods::FeatureBank bank(kRows, kDim, gen);
  const std::int64_t k = state.range(0);
  const auto positive = torch::randint(0, kRows, {kBatch, 1}, gen, torch::kInt64);
  for (auto _ : state) {
    const auto index = torch::cat({positive, bank->sample(kBatch, k, gen)}, 1);  // N×(K+1)
    auto rows = bank->rows().index_select(0, index.view(-1)).view({kBatch, k + 1, kDim});
    benchmark::DoNotOptimize(rows.data_ptr<float>());
  }
  state.SetBytesProcessed(state.iterations() * kBatch * (k + 1) * kDim * 4);
  state.counters["negatives"] = static_cast<double>(k);
}
BENCHMARK(BM_BankGather)->Arg(1024)->Arg(4096)->Arg(16384)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_BankScatter(benchmark::State& state) {
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
