#include "contra/train/loss_scaler.h"

#include <torch/torch.h>

#include "contra/core/error.h"

namespace contra::train {

LossScaler::LossScaler(const torch::Device& device, const LossScalerOptions& options) : options_(options) {
  CONTRA_CHECK(options.init_scale > 0, "loss scaler: init_scale = {} must be > 0", options.init_scale);
  CONTRA_CHECK(options.growth_factor > 1, "loss scaler: growth_factor = {} must be > 1", options.growth_factor);
  CONTRA_CHECK(options.backoff_factor > 0 && options.backoff_factor < 1,
               "loss scaler: backoff_factor = {} must lie in (0, 1)", options.backoff_factor);
  CONTRA_CHECK(options.growth_interval >= 1, "loss scaler: growth_interval = {} must be >= 1", options.growth_interval);
  const auto on = torch::TensorOptions().device(device);
  scale_ = register_buffer("scale", torch::full({1}, options.init_scale, on.dtype(torch::kFloat32)));
  growth_tracker_ = register_buffer("growth_tracker", torch::zeros({1}, on.dtype(torch::kInt32)));
  skipped_ = register_buffer("skipped", torch::zeros({1}, on.dtype(torch::kInt64)));
  found_inf_ = torch::zeros({1}, on.dtype(torch::kFloat32));
}

torch::Tensor LossScaler::scale(const torch::Tensor& loss) const {
  return loss * scale_.to(loss.scalar_type()).squeeze();  // 0-d
}

bool LossScaler::step(torch::optim::Optimizer& optimizer) {
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> grads;
  for (auto& group : optimizer.param_groups())
    for (auto& p : group.params())
      if (p.grad().defined()) grads.push_back(p.mutable_grad());
  found_inf_.zero_();
  const auto inv_scale = scale_.to(torch::kFloat64).reciprocal().to(torch::kFloat32);  // 1/S, as GradScaler
  if (!grads.empty()) at::_amp_foreach_non_finite_check_and_unscale_(grads, found_inf_, inv_scale);
  const bool finite = found_inf_.item<float>() == 0.0f;
  if (finite)
    optimizer.step();
  else
    skipped_.add_(1);
  at::_amp_update_scale_(scale_, growth_tracker_, found_inf_, options_.growth_factor, options_.backoff_factor,
                         options_.growth_interval);
  return finite;
}

double LossScaler::current_scale() const { return scale_.item<double>(); }

std::int64_t LossScaler::skipped_steps() const { return skipped_.item<std::int64_t>(); }

}  // namespace contra::train
