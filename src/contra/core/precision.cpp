#include "contra/core/precision.h"

#include <ATen/autocast_mode.h>
#include <torch/version.h>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "contra/core/device.h"
#include "contra/core/error.h"

// LibTorch 2.4 made autocast device-generic; before it, CPU and CUDA had calls of their own.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
#define CONTRA_AUTOCAST_GENERIC 1
#else
#define CONTRA_AUTOCAST_GENERIC 0
#endif

namespace contra::core {

namespace {

bool autocast_enabled(torch::DeviceType type) {
#if CONTRA_AUTOCAST_GENERIC
  return at::autocast::is_autocast_enabled(type);
#else
  return type == torch::kCUDA ? at::autocast::is_enabled() : at::autocast::is_cpu_enabled();
#endif
}

void set_autocast_enabled(torch::DeviceType type, bool on) {
#if CONTRA_AUTOCAST_GENERIC
  at::autocast::set_autocast_enabled(type, on);
#else
  if (type == torch::kCUDA)
    at::autocast::set_enabled(on);
  else
    at::autocast::set_cpu_enabled(on);
#endif
}

torch::ScalarType get_autocast_dtype(torch::DeviceType type) {
#if CONTRA_AUTOCAST_GENERIC
  return at::autocast::get_autocast_dtype(type);
#else
  return type == torch::kCUDA ? at::autocast::get_autocast_gpu_dtype() : at::autocast::get_autocast_cpu_dtype();
#endif
}

void set_autocast_dtype(torch::DeviceType type, torch::ScalarType dtype) {
#if CONTRA_AUTOCAST_GENERIC
  at::autocast::set_autocast_dtype(type, dtype);
#else
  if (type == torch::kCUDA)
    at::autocast::set_autocast_gpu_dtype(dtype);
  else
    at::autocast::set_autocast_cpu_dtype(dtype);
#endif
}

}  // namespace

const std::vector<std::string>& precision_names() {
  static const std::vector<std::string> names = {"fp32", "bf16", "fp16", "auto"};
  return names;
}

// precision_names() lists the names in the order of the enum's values.
Precision parse_precision(const std::string& name) {
  const auto& names = precision_names();
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) fail("run.precision = '{}' is not a precision: use {}", name, fmt::join(names, ", "));
  return static_cast<Precision>(it - names.begin());
}

std::string precision_name(Precision precision) { return precision_names().at(static_cast<std::size_t>(precision)); }

torch::ScalarType autocast_dtype(Precision precision) {
  switch (precision) {
    case Precision::bf16:
      return torch::kBFloat16;
    case Precision::fp16:
      return torch::kHalf;
    case Precision::fp32:
      break;
    case Precision::automatic:
      CONTRA_ASSERT(false, "run.precision = 'auto' reached autocast: it is chosen before the run starts");
  }
  return torch::kFloat32;
}

std::optional<std::string> precision_unsupported(Precision precision, const torch::Device& device) {
  if (precision == Precision::fp32 || precision == Precision::automatic) return std::nullopt;
  if (device.is_cuda()) {
    const int major = cuda_compute_capability(device).first;
    if (precision == Precision::bf16 && major < 8)
      return fmt::format("bf16 needs a GPU of compute capability 8.0 or newer, and {} has {}.x", device_name(device),
                         major);
    return std::nullopt;
  }
  if (!device.is_cpu()) return fmt::format("autocast on {} is not supported by contra", device.str());
  if (precision == Precision::fp16 && !CONTRA_AUTOCAST_GENERIC)
    return fmt::format(
        "fp16 on the CPU needs LibTorch 2.4 or newer, and this build has LibTorch {}: its CPU autocast runs bf16 "
        "only and its loss-scaling kernels are CUDA-only",
        TORCH_VERSION);
  return std::nullopt;
}

void require_precision(Precision precision, const torch::Device& device, const std::string& where) {
  if (const auto why = precision_unsupported(precision, device))
    fail("{}: run.precision = '{}' cannot run on {}: {}", where, precision_name(precision), device.str(), *why);
}

AutocastScope::AutocastScope(const torch::Device& device, Precision precision) {
  if (precision == Precision::fp32) return;
  active_ = true;
  type_ = device.type();
  was_enabled_ = autocast_enabled(type_);
  was_dtype_ = get_autocast_dtype(type_);
  set_autocast_enabled(type_, true);
  set_autocast_dtype(type_, autocast_dtype(precision));
  at::autocast::increment_nesting();
}

AutocastScope::~AutocastScope() {
  if (!active_) return;
  if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
  set_autocast_enabled(type_, was_enabled_);
  set_autocast_dtype(type_, was_dtype_);
}

}  // namespace contra::core
