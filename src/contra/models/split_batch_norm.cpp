#include "contra/models/split_batch_norm.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/models/split_bn_relu_cpu.h"

namespace contra::models {

namespace {

/// Whether x takes the fused NHWC kernel: channels_last and not also contiguous (an N×C×1×1 input is
/// both, and keeps LibTorch's batch_norm, as it always has).
bool fused(const torch::Tensor& x) { return split_bn_relu_cpu_takes(x) && !x.is_contiguous(); }

}  // namespace

SplitBatchNorm2dImpl::SplitBatchNorm2dImpl(std::int64_t channels, std::int64_t splits, bool relu, double momentum,
                                           double eps)
    : channels_(channels), splits_(splits), relu_(relu), momentum_(momentum), eps_(eps) {
  weight_ = register_parameter("weight", torch::ones({channels}));
  bias_ = register_parameter("bias", torch::zeros({channels}));
  running_mean_ = register_buffer("running_mean", torch::zeros({channels}));
  running_var_ = register_buffer("running_var", torch::ones({channels}));
}

torch::Tensor SplitBatchNorm2dImpl::activated(const torch::Tensor& y) const {
  // Out of place: an in-place ReLU on a view costs a CopySlices clone of the activation in the backward.
  return relu_ ? torch::relu(y) : y;
}

torch::Tensor SplitBatchNorm2dImpl::split_forward(const torch::Tensor& x, std::int64_t s, torch::Tensor& mean_split,
                                                  torch::Tensor& var_split) {
  const auto n = x.size(0), c = channels_;
  if (fused(x)) {
    auto out = split_bn_relu_cpu_train(x, weight_, bias_, s, eps_, relu_);
    torch::NoGradGuard no_grad;
    mean_split = (running_mean_ * (1 - momentum_)).repeat({s}) + out.mean.view({-1}) * momentum_;
    var_split = (running_var_ * (1 - momentum_)).repeat({s}) + out.var.view({-1}) * momentum_;
    return out.y;
  }
  mean_split = running_mean_.repeat({s});
  var_split = running_var_.repeat({s});
  // (N/s)×(C·s)×H×W: channel block j holds the images n with n mod s == j.
  auto y = torch::batch_norm(x.reshape({n / s, c * s, x.size(2), x.size(3)}), weight_.repeat({s}), bias_.repeat({s}),
                             mean_split, var_split, true, momentum_, eps_, true);
  y = y.view_as(x);
  return activated(y);
}

torch::Tensor SplitBatchNorm2dImpl::forward(const torch::Tensor& x) {
  if (!is_training()) {
    const bool needs_grad = torch::GradMode::is_enabled() &&
                            (x.requires_grad() || weight_.requires_grad() || bias_.requires_grad());
    if (fused(x) && !needs_grad)
      return split_bn_relu_cpu_eval(x, weight_, bias_, running_mean_, running_var_, eps_, relu_);
    auto y = torch::batch_norm(x, weight_, bias_, running_mean_, running_var_, false, momentum_, eps_, true);
    return activated(y);
  }
  const auto n = x.size(0), c = channels_;
  torch::Tensor mean_split, var_split;
  if (chunks_ > 0) {
    const std::int64_t s = splits_ / chunks_;  // the splits in this chunk
    CONTRA_CHECK(n % s == 0, "SplitBatchNorm: a chunk of {} images does not hold {} whole splits", n, s);
    auto y = split_forward(x, s, mean_split, var_split);
    chunk_means_.push_back(mean_split.view({s, c}));
    chunk_vars_.push_back(var_split.view({s, c}));
    return y;
  }
  std::int64_t s = std::min(splits_, n);
  while (n % s != 0) --s;
  if (s == 1 && !fused(x)) {
    auto y = torch::batch_norm(x, weight_, bias_, running_mean_, running_var_, true, momentum_, eps_, true);
    return activated(y);
  }
  auto y = split_forward(x, s, mean_split, var_split);
  torch::NoGradGuard no_grad;
  running_mean_.copy_(mean_split.view({s, c}).mean(0));
  running_var_.copy_(var_split.view({s, c}).mean(0));
  return y;
}

void SplitBatchNorm2dImpl::begin_chunks(std::int64_t chunks) {
  CONTRA_CHECK(chunks >= 1 && splits_ % chunks == 0, "SplitBatchNorm: {} chunks do not divide {} splits", chunks,
               splits_);
  chunks_ = chunks;
  chunk_means_.clear();
  chunk_vars_.clear();
}

bool SplitBatchNorm2dImpl::chunks_complete() const {
  return chunk_means_.empty() || static_cast<std::int64_t>(chunk_means_.size()) == chunks_;
}

void SplitBatchNorm2dImpl::end_chunks(bool commit) {
  const bool complete = chunks_complete();
  const std::int64_t expected = chunks_;
  chunks_ = 0;
  if (commit && !chunk_means_.empty()) {
    CONTRA_CHECK(complete, "SplitBatchNorm: a chunked pass saw {} chunks, expected {}", chunk_means_.size(), expected);
    torch::NoGradGuard no_grad;
    // chunks×(splits/chunks)×C -> splits×C with row l·chunks + j = split l of chunk j = split j + chunks·l
    // of the whole batch: the rows in the order one whole-batch forward would average them.
    const auto in_batch_order = [&](const std::vector<torch::Tensor>& parts) {
      return torch::stack(parts, 0).transpose(0, 1).reshape({splits_, channels_});
    };
    running_mean_.copy_(in_batch_order(chunk_means_).mean(0));
    running_var_.copy_(in_batch_order(chunk_vars_).mean(0));
  }
  chunk_means_.clear();
  chunk_vars_.clear();
}

}  // namespace contra::models
