// This machine's single-precision GEMM ceiling, the denominator of the utilisation ratio in
// bench/README.md: a large square matrix product through the BLAS LibTorch calls (torch::mm) and,
// because LibTorch runs convolutions through oneDNN rather than BLAS, the same product as a 1×1
// convolution (oneDNN's GEMM kernels). Both pools use every core here, as a GEMM ceiling should.
// Counter flops_per_s: 2·M·N·K per product over wall time.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include <thread>

#include "contra/core/threads.h"

namespace {

int cores() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

void BM_Sgemm(benchmark::State& state) {
  torch::set_num_threads(cores());
  contra::core::set_blas_threads(cores());
  torch::manual_seed(0);
  const auto n = state.range(0);
  const auto a = torch::randn({n, n}), b = torch::randn({n, n});
  auto c = torch::empty({n, n});
  for (auto _ : state) {
    torch::mm_out(c, a, b);
    benchmark::DoNotOptimize(c.data_ptr<float>());
  }
  const double flops = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
  state.counters["flops_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * flops, benchmark::Counter::kIsRate);
  state.counters["threads"] = cores();
}
BENCHMARK(BM_Sgemm)->Arg(2048)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

// The n×n by n×n product as a 1×1 convolution: n output channels from n input channels over n
// pixels (a 64-image batch of (n/64)-pixel maps), 2·n³ FLOPs.
void BM_Conv1x1Gemm(benchmark::State& state) {
  torch::set_num_threads(cores());
  torch::manual_seed(0);
  const auto n = state.range(0);
  const auto x = torch::randn({64, n, n / 64, 1}), w = torch::randn({n, n, 1, 1});
  for (auto _ : state) {
    auto y = torch::conv2d(x, w);
    benchmark::DoNotOptimize(y.data_ptr<float>());
  }
  const double flops = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
  state.counters["flops_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * flops, benchmark::Counter::kIsRate);
  state.counters["threads"] = cores();
}
BENCHMARK(BM_Conv1x1Gemm)->Arg(2048)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
