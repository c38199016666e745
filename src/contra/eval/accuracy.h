// Top-1 accuracy of predicted classes, shared by the kNN monitor and the linear probe.
#pragma once

#include <torch/torch.h>

namespace contra::eval {

/// Percent of `predictions` (M int64) equal to `labels` (M int64, moved to the predictions'
/// device). NaN when M = 0.
inline double top1_percent(const torch::Tensor& predictions, const torch::Tensor& labels) {
  return 100.0 * predictions.eq(labels.to(predictions.device())).to(torch::kFloat64).mean().item<double>();
}

}  // namespace contra::eval
