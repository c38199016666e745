// The weighted kNN monitor: 10 000 test features against a bank of 12 000, D = 64.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "contra/eval/knn.h"

static void BM_Knn(benchmark::State& state) {
  torch::manual_seed(0);
  const auto opts = torch::nn::functional::NormalizeFuncOptions().dim(1);
  const auto bank = torch::nn::functional::normalize(torch::randn({12000, 64}), opts);
  const auto labels = torch::randint(0, 10, {12000}, torch::kInt64);
  const auto test = torch::nn::functional::normalize(torch::randn({10000, 64}), opts);
  for (auto _ : state) {
    auto pred = contra::eval::knn_predict(bank, labels, test, 10, 200, 0.1, state.range(0));
    benchmark::DoNotOptimize(pred.data_ptr<std::int64_t>());
  }
  state.SetItemsProcessed(state.iterations() * 10000);
}
BENCHMARK(BM_Knn)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
