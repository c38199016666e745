// SplitBatchNorm2d with its ReLU (models/split_batch_norm.h), forward and backward, on the small
// CNN's first activation (batch 256, 16 channels, 28×28, 8 splits): LibTorch's batch_norm and relu
// on NCHW against the fused NHWC kernel (models/split_bn_relu_cpu.h), in float32 and bfloat16.
// bytes_per_s counts the activation's reads and writes one pass of each kind would need at least
// (forward: read x, write y; backward: read dy, y, x, write dx).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "contra/core/memory.h"
#include "contra/core/threads.h"
#include "contra/models/split_batch_norm.h"

namespace {

void bn_relu(benchmark::State& state, bool nhwc, torch::ScalarType dtype, bool backward) {
  contra::core::keep_freed_memory();
  contra::core::set_threads(0);
  torch::manual_seed(0);
  const std::int64_t n = 256, c = state.range(0), hw = state.range(1);
  contra::models::SplitBatchNorm2d bn(c, 8, /*relu=*/true);
  bn->train();
  auto x = torch::randn({n, c, hw, hw}).to(dtype);
  if (nhwc) x = x.contiguous(at::MemoryFormat::ChannelsLast);
  x.requires_grad_(backward);
  const auto dy = torch::randn({n, c, hw, hw}).to(dtype).contiguous(nhwc ? at::MemoryFormat::ChannelsLast
                                                                          : at::MemoryFormat::Contiguous);
  for (auto _ : state) {
    auto y = bn->forward(x);
    if (backward) y.backward(dy);
    benchmark::DoNotOptimize(y.data_ptr());
  }
  const double bytes = static_cast<double>(x.numel() * x.element_size()) * (backward ? 6 : 2);
  state.counters["bytes_per_s"] =
      benchmark::Counter(bytes * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void add(const char* name, bool nhwc, torch::ScalarType dtype, bool backward) {
  benchmark::RegisterBenchmark(name, bn_relu, nhwc, dtype, backward)
      ->Args({16, 28})
      ->Args({64, 7})
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
}

}  // namespace

int main(int argc, char** argv) {
  add("BM_BnReluForward/nchw/fp32", false, torch::kFloat32, false);
  add("BM_BnReluForward/nhwc/fp32", true, torch::kFloat32, false);
  add("BM_BnReluForward/nchw/bf16", false, torch::kBFloat16, false);
  add("BM_BnReluForward/nhwc/bf16", true, torch::kBFloat16, false);
  add("BM_BnReluForwardBackward/nchw/fp32", false, torch::kFloat32, true);
  add("BM_BnReluForwardBackward/nhwc/fp32", true, torch::kFloat32, true);
  add("BM_BnReluForwardBackward/nchw/bf16", false, torch::kBFloat16, true);
  add("BM_BnReluForwardBackward/nhwc/bf16", true, torch::kBFloat16, true);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
