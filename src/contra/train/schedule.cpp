#include "contra/train/schedule.h"

#include <cmath>

namespace contra::train {

double learning_rate(const config::OptimOptions& o, std::int64_t step, std::int64_t steps_per_epoch) {
  const std::int64_t warmup = o.warmup_epochs * steps_per_epoch;
  if (step < warmup) return o.lr * static_cast<double>(step + 1) / static_cast<double>(warmup);
  if (o.schedule == "cosine") {
    const double total = static_cast<double>(o.epochs * steps_per_epoch - warmup);
    const double t = static_cast<double>(step - warmup) / std::max(total, 1.0);
    return o.lr * 0.5 * (1.0 + std::cos(M_PI * t));
  }
  const std::int64_t epoch = step / steps_per_epoch;
  double lr = o.lr;
  for (auto milestone : o.lr_steps)
    if (epoch >= milestone) lr *= o.lr_gamma;
  return lr;
}

}  // namespace contra::train
