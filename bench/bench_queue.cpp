// MoCo's queue: enqueueing a batch of N = 256 keys (D = 128) into a D×K queue. K = 4096 is a
// multiple of N, so the pointer wraps exactly at the end; K = 4096 + 128 makes the enqueue that crosses the end
// split into two column ranges about once in 16 enqueues; with K = 300 nearly every enqueue wraps;
// K = 65536 is the paper's ImageNet queue. Counter wrapped_share: the enqueues that wrapped.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "contra/core/seed.h"
#include "contra/methods/moco.h"

namespace {

void BM_Enqueue(benchmark::State& state) {
  const std::int64_t n = 256, d = 128, k = state.range(0);
  auto gen = contra::core::make_generator(0, 2);
  contra::methods::KeyQueue queue(d, k, gen);
  const auto keys = torch::nn::functional::normalize(torch::randn({n, d}, gen, torch::kFloat32),
                                                     torch::nn::functional::NormalizeFuncOptions().dim(1));
  std::int64_t wraps = 0;
  for (auto _ : state) {
    const auto before = queue->pointer();
    queue->enqueue(keys);
    wraps += before + n > k;
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * n * d * 4);
  state.counters["wrapped_share"] = static_cast<double>(wraps) / static_cast<double>(state.iterations());
}
BENCHMARK(BM_Enqueue)->Arg(300)->Arg(4096)->Arg(4096 + 128)->Arg(65536)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
