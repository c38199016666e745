// Projection heads: backbone features N×F -> embeddings N×dim (before L2 normalisation).
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/types.h>

#include "contra/config/experiment.h"

namespace contra::models {

/// A linear head (MoCo v1: fc F -> 128) or a 2-layer MLP head F -> hidden -> ReLU -> dim
/// (MoCo v2 arXiv:2003.04297 §2; SimCLR arXiv:2002.05709 §2.1 g(·)).
class ProjectionHeadImpl : public torch::nn::Module {
 public:
  /// `kind`: one linear layer, or linear, ReLU, linear.
  ProjectionHeadImpl(config::Head kind, std::int64_t in, std::int64_t hidden, std::int64_t dim);
  /// h: N×in -> N×dim.
  torch::Tensor forward(const torch::Tensor& h);
  /// FLOPs of one forward pass per image (2 per multiply-accumulate).
  std::int64_t forward_flops() const { return flops_; }

 private:
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
  std::int64_t flops_ = 0;
};
TORCH_MODULE(ProjectionHead);

}  // namespace contra::models
