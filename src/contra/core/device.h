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

/// A human-readable device name: the CPU model, or the GPU's name.
std::string device_name(const torch::Device& device);

}  // namespace contra::core
