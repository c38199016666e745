#include "contra/models/heads.h"

#include <torch/torch.h>

#include "contra/core/error.h"

namespace contra::models {

ProjectionHeadImpl::ProjectionHeadImpl(config::Head kind, std::int64_t in, std::int64_t hidden, std::int64_t dim,
                                       std::int64_t bn_splits) {
  if (kind == config::Head::linear) {
    fc1_ = register_module("fc1", torch::nn::Linear(in, dim));
    flops_ = 2 * in * dim;
  } else {
    fc1_ = register_module("fc1", torch::nn::Linear(in, hidden));
    if (bn_splits > 0) bn_ = register_module("bn", SplitBatchNorm2d(hidden, bn_splits));
    fc2_ = register_module("fc2", torch::nn::Linear(hidden, dim));
    flops_ = 2 * in * hidden + 2 * hidden * dim;
  }
}

torch::Tensor ProjectionHeadImpl::forward(const torch::Tensor& h) {
  if (!fc2_) return fc1_(h);
  auto hidden = fc1_(h);  // N×hidden
  if (bn_) hidden = bn_(hidden.reshape({hidden.size(0), hidden.size(1), 1, 1})).reshape({hidden.size(0), hidden.size(1)});
  return fc2_(torch::relu(hidden));
}

}  // namespace contra::models
