#include "contra/models/split_batch_norm.h"

#include <torch/torch.h>

namespace contra::models {

SplitBatchNorm2dImpl::SplitBatchNorm2dImpl(std::int64_t channels, std::int64_t splits, double momentum, double eps)
    : channels_(channels), splits_(splits), momentum_(momentum), eps_(eps) {
  weight_ = register_parameter("weight", torch::ones({channels}));
  bias_ = register_parameter("bias", torch::zeros({channels}));
  running_mean_ = register_buffer("running_mean", torch::zeros({channels}));
  running_var_ = register_buffer("running_var", torch::ones({channels}));
}

torch::Tensor SplitBatchNorm2dImpl::forward(const torch::Tensor& x) {
  if (!is_training())
    return torch::batch_norm(x, weight_, bias_, running_mean_, running_var_, false, momentum_, eps_, true);
  const auto n = x.size(0);
  std::int64_t s = std::min(splits_, n);
  while (n % s != 0) --s;
  if (s == 1) return torch::batch_norm(x, weight_, bias_, running_mean_, running_var_, true, momentum_, eps_, true);
  const auto c = channels_;
  auto mean_split = running_mean_.repeat({s});
  auto var_split = running_var_.repeat({s});
  // (N/s)×(C·s)×H×W: channel block j holds the images n with n mod s == j.
  auto y = torch::batch_norm(x.reshape({n / s, c * s, x.size(2), x.size(3)}), weight_.repeat({s}), bias_.repeat({s}),
                             mean_split, var_split, true, momentum_, eps_, true);
  {
    torch::NoGradGuard no_grad;
    running_mean_.copy_(mean_split.view({s, c}).mean(0));
    running_var_.copy_(var_split.view({s, c}).mean(0));
  }
  return y.view_as(x);
}

}  // namespace contra::models
