// Projection heads: backbone features N×F -> embeddings N×dim (before L2 normalisation).
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>
#include <torch/types.h>

#include "contra/config/experiment.h"
#include "contra/models/split_batch_norm.h"

namespace contra::models {

/// A linear head (MoCo v1: fc F -> 128) or a 2-layer MLP head F -> hidden -> ReLU -> dim
/// (MoCo v2 arXiv:2003.04297 §2; SimCLR arXiv:2002.05709 §2.1 g(·)), optionally with batch
/// normalisation after its hidden layer (BYOL's projector and predictor, arXiv:2006.07733 §3.3).
class ProjectionHeadImpl : public torch::nn::Module {
 public:
  /// `kind`: one linear layer, or linear, ReLU, linear. `bn_splits` > 0 (mlp only): batch
  /// normalisation of the hidden layer before the ReLU, its statistics over that many sub-batches
  /// of the rows (models/split_batch_norm.h); 0: none.
  ProjectionHeadImpl(config::Head kind, std::int64_t in, std::int64_t hidden, std::int64_t dim,
                     std::int64_t bn_splits = 0);
  /// h: N×in -> N×dim.
  torch::Tensor forward(const torch::Tensor& h);
  /// FLOPs of one forward pass per image (2 per multiply-accumulate).
  std::int64_t forward_flops() const { return flops_; }

 private:
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
  SplitBatchNorm2d bn_{nullptr};
  std::int64_t flops_ = 0;
};
TORCH_MODULE(ProjectionHead);

}  // namespace contra::models
