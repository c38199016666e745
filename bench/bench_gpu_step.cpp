// The training step on a GPU (issue 13; bench/README.md, "GPU"): every mechanism with the small
// CNN and with ResNet-18 (CIFAR stem) on 3×32×32 images, batch 512, in fp32 (TF32 in cuDNN's
// convolutions, cuDNN benchmark on, and the memory order of core::choose_memory_order for the
// experiment's BN splits: what `contra train` sets on CUDA without run.deterministic) and in
// bf16 (autocast), reported as images/s, seconds per 60 000-image epoch, counted training FLOPs/s
// (Method::train_flops_per_step) and their share of the GEMM ceilings measured in the same run:
// BM_GpuGemm, an 8192³ matrix product in bf16 and in fp32 with TF32. The utilisation a step is
// held against is its precision's ceiling (bf16 steps: the bf16 GEMM; fp32 steps: the TF32 GEMM).
//
// Each timed iteration is one whole step (augmentation on the GPU from a uint8 batch held there,
// forward, loss, backward, SGD, the mechanism's update) ending in a device synchronisation, so the
// wall time is the GPU's. Where LibTorch sees no CUDA device the binary registers nothing, says
// why, and exits 0 (scripts/device-check.sh --rehearse runs it so).
#include <benchmark/benchmark.h>
#include <torch/cuda.h>
#include <torch/torch.h>

#include <iostream>
#include <string>

#include "contra/augment/two_view.h"
#include "contra/config/load.h"
#include "contra/core/device.h"
#include "contra/core/precision.h"
#include "contra/core/seed.h"
#include "contra/methods/registry.h"
#include "contra/models/channels_last.h"
#include "contra/train/loss_scaler.h"

namespace {

constexpr std::int64_t kTrainImages = 60000;  // one epoch of Fashion-MNIST's (or CIFAR's 50 000 + 10 000) size
constexpr std::int64_t kBatch = 512;          // the MoCo CIFAR demo's batch

struct GpuCase {
  std::string method, backbone;
  contra::core::Precision precision;
  bool force_nhwc = false;  ///< NHWC whatever core::choose_memory_order says: the rule's own check on a GPU
};

contra::config::Experiment experiment_for(const GpuCase& c) {
  const std::string dir = CONTRA_SOURCE_DIR "/experiments/";
  const std::string file = dir + (c.method == "simclr" ? "simclr-fashion-mnist.toml" : "moco-fashion-mnist.toml");
  std::vector<contra::config::Override> set;
  const std::vector<std::string> sets = {"method.name=\"" + c.method + "\"", "model.backbone=\"" + c.backbone + "\"",
                                         "optim.batch=" + std::to_string(kBatch), "method.queue=4096",
                                         "method.negatives=4096"};
  for (const auto& kv : sets) set.push_back(contra::config::parse_set(kv, "bench"));
  return contra::methods::load_experiment(file, set);
}

void gpu_step(benchmark::State& state, const GpuCase& c) {
  const torch::Device device(torch::kCUDA, 0);
  const auto e = experiment_for(c);
  const auto algorithms = contra::core::configure_algorithms(device, /*deterministic=*/false, e.model.bn_splits);
  torch::manual_seed(0);
  auto method = contra::methods::make_method(e, {3, kTrainImages, 10});
  method->to(device);
  const bool nhwc = algorithms.channels_last || c.force_nhwc;
  if (nhwc) contra::models::to_channels_last(*method);
  const auto order = nhwc ? at::MemoryFormat::ChannelsLast : at::MemoryFormat::Contiguous;
  const contra::augment::TwoViewAugment aug(e.augment, {0.49, 0.48, 0.45}, {0.25, 0.24, 0.26}, device);
  torch::optim::SGD opt(
      method->trainable_parameters(),
      torch::optim::SGDOptions(e.optim.lr).momentum(e.optim.sgd_momentum).weight_decay(e.optim.weight_decay));
  auto gen = contra::core::make_generator(0, 1);
  const auto on = torch::TensorOptions().device(device);
  const auto images = torch::randint(0, 256, {kBatch, 3, 32, 32}, torch::kUInt8).to(device);
  const auto index = torch::randperm(kTrainImages, torch::kInt64).slice(0, 0, kBatch).to(device);
  const auto labels = torch::randint(0, 10, {kBatch}, on.dtype(torch::kInt64));
  std::unique_ptr<contra::train::LossScaler> scaler;
  if (c.precision == contra::core::Precision::fp16) scaler = std::make_unique<contra::train::LossScaler>(device);
  const bool two = method->views() == 2;
  const auto step = [&] {
    const auto q = aug.view(images, gen).contiguous(order);
    const auto k = two ? aug.view(images, gen).contiguous(order) : torch::Tensor();
    contra::methods::StepOutput out;
    {
      const contra::core::AutocastScope autocast(device, c.precision);
      out = method->forward_step({q, k, index, labels});
    }
    opt.zero_grad();
    if (scaler) {
      scaler->scale(out.loss).backward();
      scaler->step(opt);
    } else {
      out.loss.backward();
      opt.step();
    }
    method->after_optimizer_step();
  };
  for (int warm = 0; warm < 3; ++warm) step();  // cuDNN benchmark picks its kernels here
  torch::cuda::synchronize();
  for (auto _ : state) {
    step();
    torch::cuda::synchronize();
  }
  const auto flops = static_cast<double>(method->train_flops_per_step(kBatch, 32, 32));
  const auto steps = static_cast<double>(state.iterations());
  state.counters["images_per_s"] = benchmark::Counter(steps * static_cast<double>(kBatch), benchmark::Counter::kIsRate);
  state.counters["epoch_seconds"] =
      benchmark::Counter(steps * static_cast<double>(kBatch) / static_cast<double>(kTrainImages),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["train_flops_per_s"] = benchmark::Counter(steps * flops, benchmark::Counter::kIsRate);
  state.counters["batch"] = static_cast<double>(kBatch);
  state.counters["channels_last"] = nhwc ? 1 : 0;
}

/// An n×n by n×n product in `dtype` (fp32 with TF32 allowed), 2·n³ FLOPs a product.
void gpu_gemm(benchmark::State& state, torch::ScalarType dtype) {
  const torch::Device device(torch::kCUDA, 0);
  contra::core::configure_algorithms(device, /*deterministic=*/false);
  // The ceiling of TF32's tensor cores, which a step's convolutions use (contra keeps cuBLAS's own
  // float32 products in full float32: core::configure_algorithms).
  at::globalContext().setAllowTF32CuBLAS(dtype == torch::kFloat32);
  struct Restore {  // as a run has it, however this ends
    ~Restore() { at::globalContext().setAllowTF32CuBLAS(false); }
  } restore;
  const std::int64_t n = 8192;
  torch::manual_seed(0);
  const auto on = torch::TensorOptions().device(device).dtype(dtype);
  const auto a = torch::randn({n, n}, on), b = torch::randn({n, n}, on);
  auto c = torch::empty({n, n}, on);
  for (int warm = 0; warm < 3; ++warm) torch::mm_out(c, a, b);
  torch::cuda::synchronize();
  for (auto _ : state) {
    for (int i = 0; i < 10; ++i) torch::mm_out(c, a, b);
    torch::cuda::synchronize();
  }
  const double flops = 10 * 2.0 * static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
  state.counters["flops_per_s"] =
      benchmark::Counter(static_cast<double>(state.iterations()) * flops, benchmark::Counter::kIsRate);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (!torch::cuda::is_available()) {
    std::cout << "bench_gpu_step: SKIPPED: LibTorch sees no CUDA device; nothing to measure here\n";
    return 0;
  }
  benchmark::RegisterBenchmark("BM_GpuGemm/bf16/8192", gpu_gemm, torch::kBFloat16)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark("BM_GpuGemm/tf32/8192", gpu_gemm, torch::kFloat32)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  for (const char* backbone : {"small_cnn", "resnet18"})
    for (const char* m : {"moco", "memory_bank", "end_to_end", "simclr", "supervised"})
      for (const auto p : {contra::core::Precision::fp32, contra::core::Precision::bf16}) {
        const auto name = std::string("BM_GpuStep/") + m + "/" + backbone + "/" + contra::core::precision_name(p);
        benchmark::RegisterBenchmark(name.c_str(), gpu_step, GpuCase{m, backbone, p})
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime()
            ->MinTime(1.0);
      }
  // The memory-order rule checked on the GPU: MoCo's 8 BN splits run NCHW (core::choose_memory_order,
  // from a CPU measurement); the same step forced to NHWC beside it.
  benchmark::RegisterBenchmark("BM_GpuStep/moco/resnet18/bf16-nhwc", gpu_step,
                               GpuCase{"moco", "resnet18", contra::core::Precision::bf16, true})
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->MinTime(1.0);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
