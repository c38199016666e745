// Device choice from `run.device = auto | cpu | cuda | cuda:N`. No other code assumes CPU.
#pragma once

#include <torch/types.h>

#include <string>

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

}  // namespace contra::core
