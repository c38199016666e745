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

/// How LibTorch picks its kernels for a run on one device (process-wide settings), as the run
/// record states them.
struct AlgorithmSettings {
  bool deterministic = false;    ///< cuDNN deterministic and LibTorch's deterministic algorithms on
  bool cudnn_benchmark = false;  ///< cuDNN times its convolution algorithms and keeps the fastest
  bool tf32 = false;             ///< float32 matrix products and convolutions may use TF32 tensor cores
  bool channels_last = false;    ///< convolutional backbones take NHWC (channels_last) inputs
};

/// Applies the settings for a run on `device` and returns them. With `deterministic`: cuDNN
/// deterministic, no cuDNN benchmark, LibTorch's deterministic algorithms (an op without a
/// deterministic kernel then throws), TF32 off, and CUBLAS_WORKSPACE_CONFIG=:4096:8 unless already
/// set (cuBLAS needs it before its first call to be deterministic). Without it, on CUDA: cuDNN
/// benchmark on and TF32 allowed (as PyTorch's `torch.backends.cudnn.benchmark = True` and
/// `set_float32_matmul_precision('high')`). Convolutional backbones run channels_last on every
/// device. On a CPU only the deterministic-algorithms switch applies among the others (CPU kernels
/// are deterministic already).
AlgorithmSettings configure_algorithms(const torch::Device& device, bool deterministic);

}  // namespace contra::core
