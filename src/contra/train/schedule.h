// Learning-rate schedules: step (MoCo v1: ×0.1 at epochs 120 and 160) and cosine (MoCo v2,
// SGDR, arXiv:1608.03983, without restarts), with optional linear warm-up.
#pragma once

#include <cstdint>

#include "contra/config/experiment.h"

namespace contra::train {

/// The base learning rate after scaling with the batch size B (SimCLR App. B.1): lr for "none",
/// lr·B/256 for "linear", lr·√(B/256) for "sqrt", so all three agree at B = 256.
double scaled_lr(const config::OptimOptions& optim);

/// The learning rate of optimiser step `step` (0-based) with `steps_per_epoch` steps per epoch.
/// With lr the scaled_lr(): step: lr·γ^(number of lr_steps <= current epoch). cosine: lr·½(1 + cos(π·t/T)) over the steps
/// after warm-up. Warm-up: lr·(step+1)/warmup_steps.
double learning_rate(const config::OptimOptions& optim, std::int64_t step, std::int64_t steps_per_epoch);

}  // namespace contra::train
