#include "contra/core/device.h"

#include <ATen/Context.h>
#include <torch/cuda.h>

#include <cstdlib>
#include <fstream>
#include <regex>

#include "contra/core/error.h"

#ifdef CONTRA_WITH_CUDA
// The CUDA runtime's own header, not ATen/cuda/CUDAContext.h: that one pulls in the cuBLAS,
// cuSPARSE and cuSOLVER headers, which a CUDA toolkit without those libraries lacks.
#include <cuda_runtime_api.h>
#endif

namespace contra::core {

bool is_valid_device_spec(const std::string& spec) {
  static const std::regex re("^(auto|cpu|cuda|cuda:[0-9]+)$");
  return std::regex_match(spec, re);
}

torch::Device resolve_device(const std::string& spec, const std::string& where) {
  CONTRA_CHECK(is_valid_device_spec(spec), "{}: run.device = '{}' is not a device: use auto, cpu, cuda or cuda:N",
               where, spec);
  if (spec == "cpu") return torch::kCPU;
  const bool have_cuda = torch::cuda::is_available();
  if (spec == "auto") return have_cuda ? torch::Device(torch::kCUDA, 0) : torch::Device(torch::kCPU);
  CONTRA_CHECK(have_cuda, "{}: run.device = '{}' but LibTorch sees no CUDA device (this build or machine is CPU-only)",
               where, spec);
  torch::Device device(spec);
  const auto count = static_cast<int>(torch::cuda::device_count());
  CONTRA_CHECK(device.index() < count, "{}: run.device = '{}' but only {} CUDA device(s) are visible", where, spec,
               count);
  if (!device.has_index()) device.set_index(0);
  return device;
}

torch::Tensor upload(const torch::Tensor& host, const torch::Device& device) {
  if (host.device() == device) return host;
  if (device.is_cuda() && host.device().is_cpu()) return host.pin_memory().to(device, /*non_blocking=*/true);
  return host.to(device);
}

std::string device_name(const torch::Device& device) {
#ifdef CONTRA_WITH_CUDA
  if (device.is_cuda()) {
    cudaDeviceProp properties{};
    if (cudaGetDeviceProperties(&properties, device.index()) == cudaSuccess) return properties.name;
    return device.str();
  }
#endif
  if (device.is_cpu()) {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
      if (line.rfind("model name", 0) == 0) {
        const auto colon = line.find(':');
        if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
      }
    }
    return "cpu";
  }
  return device.str();
}

std::pair<int, int> cuda_compute_capability(const torch::Device& device) {
#ifdef CONTRA_WITH_CUDA
  if (device.is_cuda()) {
    cudaDeviceProp properties{};
    if (cudaGetDeviceProperties(&properties, device.index()) == cudaSuccess)
      return {properties.major, properties.minor};
  }
#endif
  (void)device;
  return {0, 0};
}

MemoryOrder choose_memory_order(const torch::Device& device, std::int64_t bn_splits) {
  if (device.is_cuda() && bn_splits > 1)
    return {false, fmt::format("NCHW: CUDA with {} BN splits per rank (SplitBatchNorm's reshape cannot view an "
                               "NHWC activation: every BN layer would copy it)",
                               bn_splits)};
  if (device.is_cuda()) return {true, "NHWC: CUDA with one BN group (cuDNN's NHWC kernels and tensor cores)"};
  return {true, fmt::format("NHWC: {} (convolutions without reorders, the fused split BN + ReLU keeps NHWC)",
                            device.is_cpu() ? std::string("CPU") : device.str())};
}

AlgorithmSettings configure_algorithms(const torch::Device& device, bool deterministic, std::int64_t bn_splits) {
  AlgorithmSettings s;
  s.deterministic = deterministic;
  const auto order = choose_memory_order(device, bn_splits);
  s.channels_last = order.channels_last;
  s.memory_order_rule = order.why;
  auto& context = at::globalContext();
  if (deterministic && device.is_cuda()) setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8", /*overwrite=*/0);
  context.setDeterministicAlgorithms(deterministic, /*warn_only=*/false);
  if (device.is_cuda()) {
    s.cudnn_benchmark = !deterministic;
    s.tf32 = !deterministic;
    s.tf32_matmul = false;
    context.setDeterministicCuDNN(deterministic);
    context.setBenchmarkCuDNN(s.cudnn_benchmark);
    context.setAllowTF32CuBLAS(s.tf32_matmul);  // the logits, the kNN monitor and the probe in full float32
    context.setAllowTF32CuDNN(s.tf32);
  }
  return s;
}

}  // namespace contra::core
