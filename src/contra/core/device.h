// Device choice from `run.device = auto | cpu | cuda | cuda:N`. No other code assumes CPU.
#pragma once

#include <torch/types.h>

#include <string>
#include <utility>

namespace contra::core {

/// True when `spec` is syntactically one of auto, cpu, cuda, cuda:N.
bool is_valid_device_spec(const std::string& spec);

/// Resolves a device spec. `auto` picks cuda:0 when LibTorch sees a GPU, else cpu.
/// Throws ContraError, prefixed with `where` (the config location of run.device), when the spec
/// is malformed or names a GPU that is not there.
torch::Device resolve_device(const std::string& spec, const std::string& where = "run.device");

/// `host` (a CPU tensor) on `device`, without making the host wait for the device: on a CUDA
/// device the copy goes through pinned memory and does not block (a plain `.to(device)` waits for
/// every queued kernel first); on CPU it is `host` itself. For the few small tensors a training
/// step draws on the host (augmentation parameters, batch indices, BN shuffles).
torch::Tensor upload(const torch::Tensor& host, const torch::Device& device);

/// A human-readable device name: the CPU model, or the GPU's name.
std::string device_name(const torch::Device& device);

/// The compute capability (major, minor) of a CUDA device; (0, 0) for any other device or in a
/// build without CUDA.
std::pair<int, int> cuda_compute_capability(const torch::Device& device);

/// The memory order convolutional backbones take, and why (the run record's `memory_order_rule`).
struct MemoryOrder {
  bool channels_last = false;  ///< NHWC inputs and weights
  std::string why;             ///< one line: the rule that chose it
};

/// The memory order for a run on `device` whose encoders hold `bn_splits` BN groups per rank
/// (model.bn_splits / W). NHWC (channels_last) where it is cheaper: on the CPU, where the NHWC
/// convolutions skip oneDNN's reorders and the fused split BN + ReLU keeps NHWC
/// (models/split_bn_relu_cpu.h); on CUDA with one BN group, where cuDNN's fastest kernels and the
/// tensor cores take it. NCHW on CUDA with bn_splits > 1: SplitBatchNorm's (N/s)×(C·s)×H×W reshape
/// cannot be a view of an NHWC activation, so every BN layer would copy it to NCHW and back, forward
/// and backward (bench/README.md measured that pattern 27% slower on the CPU). Pure: applies nothing.
MemoryOrder choose_memory_order(const torch::Device& device, std::int64_t bn_splits);

/// How LibTorch picks its kernels for a run on one device (process-wide settings), as the run
/// record states them.
struct AlgorithmSettings {
  bool deterministic = false;    ///< cuDNN deterministic and LibTorch's deterministic algorithms on
  bool cudnn_benchmark = false;  ///< cuDNN times its convolution algorithms and keeps the fastest
  bool tf32 = false;             ///< cuDNN convolutions may use TF32 tensor cores (never the matrix products)
  bool tf32_matmul = false;      ///< cuBLAS float32 matrix products may use TF32: always false (see below)
  bool channels_last = false;    ///< convolutional backbones take NHWC (channels_last) inputs
  std::string memory_order_rule;  ///< why (choose_memory_order)
};

/// Applies the settings for a run on `device`, whose encoders hold `bn_splits` BN groups per rank,
/// and returns them. With `deterministic`: cuDNN deterministic, no cuDNN benchmark, LibTorch's
/// deterministic algorithms (an op without a deterministic kernel then throws), TF32 off, and
/// CUBLAS_WORKSPACE_CONFIG=:4096:8 unless already set (cuBLAS needs it before its first call to be
/// deterministic). Without it, on CUDA: cuDNN benchmark on and TF32 allowed in cuDNN's convolutions
/// only. cuBLAS's float32 matrix products never use TF32 (a 10-bit mantissa): they carry the
/// contrastive logits, computed in float32 for their precision (losses/similarity.h), the kNN
/// monitor's similarities and the linear probe's L-BFGS, whose line search would otherwise make a
/// GPU's linear accuracy differ from a CPU's. The memory order is choose_memory_order's. On a CPU
/// only the deterministic-algorithms switch applies among the others (CPU kernels are deterministic
/// already).
AlgorithmSettings configure_algorithms(const torch::Device& device, bool deterministic, std::int64_t bn_splits = 1);

}  // namespace contra::core
