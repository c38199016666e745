#include "contra/train/schedule.h"

#include <cmath>

namespace contra::train {

double scaled_lr(const config::OptimOptions& o) {
  const double ratio = static_cast<double>(o.batch) / 256.0;
  if (o.lr_scaling == config::LrScaling::linear) return o.lr * ratio;
  if (o.lr_scaling == config::LrScaling::sqrt) return o.lr * std::sqrt(ratio);
  return o.lr;
}

double learning_rate(const config::OptimOptions& o, std::int64_t step, std::int64_t steps_per_epoch) {
  const double base = scaled_lr(o);
  const std::int64_t warmup = o.warmup_epochs * steps_per_epoch;
  if (step < warmup) return base * static_cast<double>(step + 1) / static_cast<double>(warmup);
  if (o.schedule == config::Schedule::cosine) {
    const double total = static_cast<double>(o.epochs * steps_per_epoch - warmup);
    const double t = static_cast<double>(step - warmup) / std::max(total, 1.0);
    return base * 0.5 * (1.0 + std::cos(M_PI * t));
  }
  const std::int64_t epoch = step / steps_per_epoch;
  double lr = base;
  for (auto milestone : o.lr_steps)
    if (epoch >= milestone) lr *= o.lr_gamma;
  return lr;
}

}  // namespace contra::train
