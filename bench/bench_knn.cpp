// The weighted kNN monitor (InstDisc §3.4; k = 200, t = 0.1) at Fashion-MNIST's full size: the
// 10 000 test features against a bank of 60 000 training features, D = 128, in chunks of 256 or
// 512 (as the trainer) or 1024 test rows; second argument: BLAS threads (1, as in training, or every core).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "contra/core/memory.h"
#include "contra/core/threads.h"
#include "contra/eval/knn.h"

static void BM_Knn(benchmark::State& state) {
  contra::core::keep_freed_memory();  // as every contra command
  contra::core::set_threads(0);
  contra::core::set_blas_threads(state.range(1) == 1 ? 1 : torch::get_num_threads());
  torch::manual_seed(0);
  const auto opts = torch::nn::functional::NormalizeFuncOptions().dim(1);
  const auto bank = torch::nn::functional::normalize(torch::randn({60000, 128}), opts);
  const auto labels = torch::randint(0, 10, {60000}, torch::kInt64);
  const auto test = torch::nn::functional::normalize(torch::randn({10000, 128}), opts);
  for (auto _ : state) {
    auto pred = contra::eval::knn_predict(bank, labels, test, 10, 200, 0.1, state.range(0));
    benchmark::DoNotOptimize(pred.data_ptr<std::int64_t>());
  }
  state.SetItemsProcessed(state.iterations() * 10000);
}
BENCHMARK(BM_Knn)->ArgsProduct({{256, 512, 1024}, {1, 0}})->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
