// Dynamic loss scaling for fp16 training (Micikevicius et al., "Mixed Precision Training", ICLR
// 2018, arXiv:1710.03740 §3.2; the algorithm of PyTorch's torch.amp.GradScaler). LibTorch has no
// C++ GradScaler, so this one is built from the two ATen kernels Python's GradScaler calls
// (torch/amp/grad_scaler.py): at::_amp_foreach_non_finite_check_and_unscale_ and at::_amp_update_scale_.
//
// Each step: backward of loss·S; gradients × 1/S, checking them for inf/NaN; the optimiser step
// only when all are finite; then S ← S·backoff after a non-finite step (and the count of finite
// steps restarts), or S ← S·growth after `growth_interval` finite steps in a row. bf16 needs none
// of this: it keeps float32's exponent range.
#pragma once

#include <torch/nn/module.h>
#include <torch/optim/optimizer.h>
#include <torch/types.h>

#include <cstdint>
#include <vector>

namespace contra::train {

/// The scaler's constants (PyTorch's GradScaler defaults).
struct LossScalerOptions {
  double init_scale = 65536.0;          ///< S at the start (2^16)
  double growth_factor = 2.0;           ///< S × this after growth_interval finite steps in a row
  double backoff_factor = 0.5;          ///< S × this after a step with an inf/NaN gradient
  std::int64_t growth_interval = 2000;  ///< finite steps in a row before S grows
};

/// The scale S, the run of finite steps and the count of skipped steps are buffers, so a
/// checkpoint saves and restores them with the rest of the run.
class LossScaler : public torch::nn::Module {
 public:
  /// Its state on `device` (that of the gradients). Throws ContraError when an option is out of
  /// range (init_scale ≤ 0, growth_factor ≤ 1, backoff_factor outside (0, 1), growth_interval < 1).
  explicit LossScaler(const torch::Device& device, const LossScalerOptions& options = {});

  /// loss · S (0-d, with gradients): what backward runs on.
  torch::Tensor scale(const torch::Tensor& loss) const;

  /// After backward of scale(loss): unscales the gradients of `optimizer`'s parameters in place,
  /// steps it when every one is finite, and updates S. Returns whether the step was taken. It reads
  /// one number back from the device (whether a gradient was inf/NaN), as GradScaler.step does:
  /// the one host synchronisation of an fp16 step.
  bool step(torch::optim::Optimizer& optimizer);

  /// S now (reads it back).
  double current_scale() const;
  /// Steps skipped so far for an inf/NaN gradient (reads it back).
  std::int64_t skipped_steps() const;

 private:
  LossScalerOptions options_;
  torch::Tensor scale_;           ///< 1-element float32: S
  torch::Tensor growth_tracker_;  ///< 1-element int32: finite steps in a row since S last changed
  torch::Tensor found_inf_;       ///< 1-element float32 scratch: 1 when a gradient was not finite
  torch::Tensor skipped_;         ///< 1-element int64: steps skipped
};

}  // namespace contra::train
