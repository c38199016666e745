// Backbones: image N×C×H×W -> features N×F (global average pooled).
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/modules/container/sequential.h>
#include <torch/nn/modules/conv.h>
#include <torch/types.h>

#include <memory>

namespace contra::models {

/// Common interface of the backbones.
class Backbone : public torch::nn::Module {
 public:
  /// x: N×C×H×W float -> N×feature_dim() features.
  virtual torch::Tensor forward(const torch::Tensor& x) = 0;
  virtual std::int64_t feature_dim() const = 0;
  /// Multiply-accumulates of one forward pass per image of H×W pixels, times 2: forward FLOPs.
  virtual std::int64_t forward_flops(std::int64_t height, std::int64_t width) const = 0;
  /// Bytes of the largest single activation (one layer's float32 output) of one image of H×W
  /// pixels: what a chunk of the batch must keep in cache per image (models/split_chunks.h).
  virtual std::int64_t activation_bytes_per_image(std::int64_t height, std::int64_t width) const = 0;
};

/// A 3×3 convolution with padding 1 and no bias (the backbones' building block).
torch::nn::Conv2d conv3x3(std::int64_t in, std::int64_t out, std::int64_t stride);

/// FLOPs (2 per multiply-accumulate) of a k×k convolution producing out×h×w from `in` channels.
std::int64_t conv_flops(std::int64_t in, std::int64_t out, std::int64_t k, std::int64_t h, std::int64_t w);

/// A small VGG-style CNN for 28×28 images, the CPU default: five 3×3 conv-BN-ReLU layers with
/// channels w, 2w, 2w, 4w, 4w (stride 2 at the second and fourth), then global average pooling;
/// features 4w.
class SmallCnn : public Backbone {
 public:
  SmallCnn(std::int64_t in_channels, std::int64_t width, std::int64_t bn_splits);
  torch::Tensor forward(const torch::Tensor& x) override;
  std::int64_t feature_dim() const override { return 4 * width_; }
  std::int64_t forward_flops(std::int64_t height, std::int64_t width) const override;
  std::int64_t activation_bytes_per_image(std::int64_t height, std::int64_t width) const override;

 private:
  std::int64_t in_channels_, width_;
  torch::nn::Sequential layers_{nullptr};
  /// The second convolution: its weight's memory order says whether the backbone runs NHWC
  /// (models/channels_last.h), read each forward without walking the parameters.
  torch::nn::Conv2d second_conv_{nullptr};
};

}  // namespace contra::models
