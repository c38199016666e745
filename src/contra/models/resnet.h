// ResNet backbones (He, Zhang, Ren, Sun, "Deep Residual Learning for Image Recognition",
// arXiv:1512.03385, Table 1): ResNet-18 (basic blocks [2, 2, 2, 2]) and ResNet-50 (bottleneck
// blocks [3, 4, 6, 3], expansion 4, the stride on the 3×3 convolution as torchvision's v1.5), each
// with one of two stems:
//  - cifar: a 3×3 stride-1 convolution and no max-pool, for 32×32 images (SimCLR App. B.9; the MoCo
//    CIFAR-10 demo);
//  - imagenet: the standard 7×7 stride-2 convolution and a 3×3 stride-2 max-pool, for 96×96 (STL-10)
//    and larger images.
// Every BN is a SplitBatchNorm2d over model.bn_splits groups. Features: global average pooled,
// 512 (ResNet-18) or 2048 (ResNet-50).
#pragma once

#include <torch/nn/modules/container/sequential.h>

#include "contra/models/backbones.h"

namespace contra::models {

enum class Stem { cifar, imagenet };

class ResNet : public Backbone {
 public:
  /// depth: 18 or 50; anything else is a programming error (the encoder names the valid backbones).
  ResNet(std::int64_t depth, Stem stem, std::int64_t in_channels, std::int64_t bn_splits);
  torch::Tensor forward(const torch::Tensor& x) override;  ///< N×C×H×W -> N×feature_dim()
  std::int64_t feature_dim() const override;
  std::int64_t forward_flops(std::int64_t height, std::int64_t width) const override;
  std::int64_t activation_bytes_per_image(std::int64_t height, std::int64_t width) const override;

 private:
  std::int64_t depth_, in_channels_;
  Stem stem_kind_;
  torch::nn::Sequential stem_{nullptr};
  torch::nn::Sequential blocks_{nullptr};
};

}  // namespace contra::models
