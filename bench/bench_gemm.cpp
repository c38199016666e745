// This machine's single-precision GEMM ceiling, the denominator of the utilisation ratio in
// bench/README.md: a large square matrix product through the BLAS LibTorch calls (torch::mm) and,
// because LibTorch runs convolutions through oneDNN rather than BLAS, the same product as a 1×1
// convolution (oneDNN's GEMM kernels). Both pools use every core here, as a GEMM ceiling should.
// The bf16 ceiling (issue 39: a bf16 step is measured against the ceiling of its own precision):
// the same two products on bfloat16 tensors, which oneDNN runs in hardware bf16 on a CPU with
// avx512_bf16 or AMX (brg / jit_bf16 kernels) and emulates elsewhere.
// Counter flops_per_s: 2·M·N·K per product over wall time.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include <thread>

#include "contra/core/threads.h"

namespace {

int cores() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

void report(benchmark::State& state, std::int64_t n) {
  const double flops = 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
  state.counters["flops_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * flops, benchmark::Counter::kIsRate);
  state.counters["threads"] = cores();
}

// The n×n by n×n product through torch::mm: BLAS sgemm in float32, oneDNN's matmul in bfloat16.
void gemm(benchmark::State& state, torch::ScalarType dtype) {
  torch::set_num_threads(cores());
  contra::core::set_blas_threads(cores());
  torch::manual_seed(0);
  const auto n = state.range(0);
  const auto a = torch::randn({n, n}).to(dtype), b = torch::randn({n, n}).to(dtype);
  auto c = torch::empty({n, n}, a.options());
  for (auto _ : state) {
    torch::mm_out(c, a, b);
    benchmark::DoNotOptimize(c.data_ptr());
  }
  report(state, n);
}
void BM_Sgemm(benchmark::State& state) { gemm(state, torch::kFloat32); }
void BM_GemmBf16(benchmark::State& state) { gemm(state, torch::kBFloat16); }
BENCHMARK(BM_Sgemm)->Arg(2048)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GemmBf16)->Arg(2048)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

// The n×n by n×n product as a 1×1 convolution: n output channels from n input channels over n
// pixels (a 64-image batch of (n/64)-pixel maps), 2·n³ FLOPs.
void conv1x1_gemm(benchmark::State& state, torch::ScalarType dtype) {
  torch::set_num_threads(cores());
  torch::manual_seed(0);
  const auto n = state.range(0);
  const auto x = torch::randn({64, n, n / 64, 1}).to(dtype), w = torch::randn({n, n, 1, 1}).to(dtype);
  for (auto _ : state) {
    auto y = torch::conv2d(x, w);
    benchmark::DoNotOptimize(y.data_ptr());
  }
  report(state, n);
}
void BM_Conv1x1Gemm(benchmark::State& state) { conv1x1_gemm(state, torch::kFloat32); }
void BM_Conv1x1GemmBf16(benchmark::State& state) { conv1x1_gemm(state, torch::kBFloat16); }
BENCHMARK(BM_Conv1x1Gemm)->Arg(2048)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_Conv1x1GemmBf16)->Arg(2048)->Arg(4096)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
