#include "contra/models/heads.h"

#include <torch/torch.h>

#include "contra/core/error.h"

namespace contra::models {

ProjectionHeadImpl::ProjectionHeadImpl(const std::string& kind, std::int64_t in, std::int64_t hidden,
                                       std::int64_t dim) {
  if (kind == "linear") {
    fc1_ = register_module("fc1", torch::nn::Linear(in, dim));
    flops_ = 2 * in * dim;
  } else if (kind == "mlp") {
    fc1_ = register_module("fc1", torch::nn::Linear(in, hidden));
    fc2_ = register_module("fc2", torch::nn::Linear(hidden, dim));
    flops_ = 2 * in * hidden + 2 * hidden * dim;
  } else {
    core::fail("model.head = '{}' is unknown; valid: linear, mlp", kind);
  }
}

torch::Tensor ProjectionHeadImpl::forward(const torch::Tensor& h) {
  if (!fc2_) return fc1_(h);
  return fc2_(torch::relu(fc1_(h)));
}

}  // namespace contra::models
