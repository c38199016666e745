// An encoder f(·) = normalize(head(backbone(x))): the query encoder, and the key encoder when a
// method keeps a copy (MoCo v1 §3.2, arXiv:1911.05722).
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

#include <memory>

#include "contra/config/experiment.h"
#include "contra/models/backbones.h"
#include "contra/models/heads.h"

namespace contra::models {

class EncoderImpl : public torch::nn::Module {
 public:
  /// Builds the backbone and head named in `options` for images with `in_channels` channels;
  /// `head_bn_splits` > 0 gives an mlp head batch normalisation after its hidden layer
  /// (models/heads.h). Throws ContraError on an unknown backbone or head.
  EncoderImpl(const config::ModelOptions& options, std::int64_t in_channels, std::int64_t head_bn_splits = 0);
  /// The given backbone (e.g. models/pixels.h) with the head named in `options`.
  EncoderImpl(std::shared_ptr<Backbone> backbone, const config::ModelOptions& options);

  /// x: N×C×H×W -> L2-normalised embeddings N×dim. In training on a CPU, the backbone takes the
  /// batch in chunks of whole BN splits (models/split_chunks.h): the same result, faster.
  torch::Tensor forward(const torch::Tensor& x);
  /// x: N×C×H×W -> head outputs N×dim before the ℓ2 normalisation (SimCLR Table 5's
  /// un-normalised NT-Xent); forward() is normalize(project(x)).
  torch::Tensor project(const torch::Tensor& x);
  /// x: N×C×H×W -> backbone features N×F (not normalised): what the kNN monitor and the linear
  /// probe use, and what the supervised classifier trains on (in split chunks in training, as forward()).
  torch::Tensor features(const torch::Tensor& x);

  std::int64_t feature_dim() const { return backbone_->feature_dim(); }
  std::int64_t dim() const { return dim_; }
  /// Forward FLOPs per image of H×W pixels: backbone plus head.
  std::int64_t forward_flops(std::int64_t height, std::int64_t width) const;

 private:
  /// The backbone's training forward, in split chunks where that is faster.
  torch::Tensor backbone_forward(const torch::Tensor& x);

  std::shared_ptr<Backbone> backbone_;
  ProjectionHead head_{nullptr};
  std::int64_t dim_;
  std::int64_t bn_splits_;
};
TORCH_MODULE(Encoder);

/// Copies every parameter and buffer of `src` into `dst` (same architecture), without gradients.
/// Aborts on a structural mismatch: that is an internal error.
void copy_weights(const torch::nn::Module& src, torch::nn::Module& dst);

}  // namespace contra::models
