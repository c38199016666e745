// The identity "backbone" of the raw-pixel baseline (docs/baselines.md): an image's features
// are its own normalised pixels, flattened. No parameters, no FLOPs.
#pragma once

#include "contra/models/backbones.h"

namespace contra::models {

/// x: N×C×H×W float -> N×(C·H·W), the pixels in C, H, W order. Throws ContraError at construction
/// when a size is < 1, and in forward() when x is not N×C×H×W of the sizes given.
class Pixels : public Backbone {
 public:
  Pixels(std::int64_t channels, std::int64_t height, std::int64_t width);
  torch::Tensor forward(const torch::Tensor& x) override;
  std::int64_t feature_dim() const override { return channels_ * height_ * width_; }
  std::int64_t forward_flops(std::int64_t, std::int64_t) const override { return 0; }
  std::int64_t activation_bytes_per_image(std::int64_t height, std::int64_t width) const override {
    return channels_ * height * width * 4;
  }

 private:
  std::int64_t channels_, height_, width_;
};

}  // namespace contra::models
