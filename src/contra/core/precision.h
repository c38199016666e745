// Mixed precision (DESIGN.md, "Scale"): `run.precision = fp32 | bf16 | fp16 | auto` (auto: chosen
// from the device by core/precision_choice.h before the run starts), and autocast for one
// scope. This file and precision.cpp hold the one place where LibTorch 1.13's autocast calls and
// 2.x's device-generic ones differ (ATen's autocast_mode.h: set_cpu_enabled /
// set_autocast_cpu_dtype before 2.4, set_autocast_enabled(device_type, …) / set_autocast_dtype from 2.4).
//
// Under autocast, matrix products and convolutions run in 16 bits; softmax, log-sum-exp,
// cross-entropy and normalize stay float32 (LibTorch's autocast op lists), and the losses compute
// their similarities with autocast off (losses/similarity.h).
#pragma once

#include <torch/types.h>

#include <optional>
#include <string>
#include <vector>

namespace contra::core {

/// The arithmetic a run's forward pass and loss use.
enum class Precision {
  fp32,  ///< float32 throughout, no autocast (the default)
  bf16,  ///< autocast to bfloat16; float32's exponent range, so no loss scaling
  fp16,  ///< autocast to float16, with a dynamic loss scaler (train/loss_scaler.h)
  /// chosen per device before the run (core/precision_choice.h); a run never trains "auto"
  automatic,
};

/// The names `run.precision` accepts, in this order: fp32, bf16, fp16, auto.
const std::vector<std::string>& precision_names();

/// The same list, for the config reader (config/options.h reads enumerations through names_of).
inline const std::vector<std::string>& names_of(Precision) { return precision_names(); }

/// The precision named `name`. Throws ContraError listing the valid names when there is none.
Precision parse_precision(const std::string& name);

/// "fp32", "bf16", "fp16" or "auto".
std::string precision_name(Precision precision);

/// The 16-bit type autocast casts to (kBFloat16 or kHalf); kFloat32 for fp32. An internal error
/// for auto, which is chosen before anything runs.
torch::ScalarType autocast_dtype(Precision precision);

/// Why `precision` cannot run under autocast on `device` with the LibTorch this was built against
/// and the device present, or nullopt when it can. fp32 always can. bf16 on CPU always can, and
/// on CUDA needs compute capability 8.0 or newer. fp16 on CUDA always can; on CPU it needs
/// LibTorch 2.4 or newer (1.13's CPU autocast knows bf16 only, and its loss-scaling kernels are
/// CUDA-only). auto always can: it chooses among what can.
std::optional<std::string> precision_unsupported(Precision precision, const torch::Device& device);

/// Throws ContraError, prefixed with `where` (the config location of run.precision), when
/// `precision` cannot run on `device` (precision_unsupported says why); for a run before it trains
/// and for a sweep before it launches its runs.
void require_precision(Precision precision, const torch::Device& device, const std::string& where);

/// Autocast on `device`'s type to `precision`'s dtype for the lifetime of the object, as Python's
/// `torch.autocast(device_type, dtype)` context manager: nests, restores the previous state and
/// clears the cast cache when the outermost scope ends. For fp32 it does nothing.
class AutocastScope {
 public:
  AutocastScope(const torch::Device& device, Precision precision);
  ~AutocastScope();
  AutocastScope(const AutocastScope&) = delete;
  AutocastScope& operator=(const AutocastScope&) = delete;

 private:
  bool active_ = false;
  torch::DeviceType type_ = torch::kCPU;
  bool was_enabled_ = false;
  torch::ScalarType was_dtype_ = torch::kFloat32;
};

}  // namespace contra::core
