#include "contra/models/resnet.h"

#include <torch/torch.h>

#include <algorithm>

#include "contra/core/error.h"
#include "contra/models/split_batch_norm.h"

namespace contra::models {

namespace {

torch::nn::Sequential projection(std::int64_t in, std::int64_t out, std::int64_t stride, std::int64_t splits) {
  return torch::nn::Sequential(torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 1).stride(stride).bias(false)),
                               SplitBatchNorm2d(out, splits));
}

/// The basic block (ResNet-18/34): two 3×3 conv-BN, identity or 1×1 projection shortcut.
class BasicBlockImpl : public torch::nn::Module {
 public:
  BasicBlockImpl(std::int64_t in, std::int64_t out, std::int64_t stride, std::int64_t splits) {
    conv1_ = register_module("conv1", conv3x3(in, out, stride));
    bn1_ = register_module("bn1", SplitBatchNorm2d(out, splits));
    conv2_ = register_module("conv2", conv3x3(out, out, 1));
    bn2_ = register_module("bn2", SplitBatchNorm2d(out, splits));
    if (stride != 1 || in != out) shortcut_ = register_module("shortcut", projection(in, out, stride, splits));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto y = torch::relu(bn1_(conv1_(x)));
    y = bn2_(conv2_(y));
    return torch::relu(y + (shortcut_ ? shortcut_->forward(x) : x));
  }

 private:
  torch::nn::Conv2d conv1_{nullptr}, conv2_{nullptr};
  SplitBatchNorm2d bn1_{nullptr}, bn2_{nullptr};
  torch::nn::Sequential shortcut_{nullptr};
};
TORCH_MODULE(BasicBlock);

/// The bottleneck block (ResNet-50): 1×1 to `mid`, 3×3 at `stride`, 1×1 to 4·mid, each with BN.
class BottleneckImpl : public torch::nn::Module {
 public:
  BottleneckImpl(std::int64_t in, std::int64_t mid, std::int64_t stride, std::int64_t splits) {
    const std::int64_t out = 4 * mid;
    conv1_ = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(in, mid, 1).bias(false)));
    bn1_ = register_module("bn1", SplitBatchNorm2d(mid, splits));
    conv2_ = register_module("conv2", conv3x3(mid, mid, stride));
    bn2_ = register_module("bn2", SplitBatchNorm2d(mid, splits));
    conv3_ = register_module("conv3", torch::nn::Conv2d(torch::nn::Conv2dOptions(mid, out, 1).bias(false)));
    bn3_ = register_module("bn3", SplitBatchNorm2d(out, splits));
    if (stride != 1 || in != out) shortcut_ = register_module("shortcut", projection(in, out, stride, splits));
  }

  torch::Tensor forward(const torch::Tensor& x) {
    auto y = torch::relu(bn1_(conv1_(x)));
    y = torch::relu(bn2_(conv2_(y)));
    y = bn3_(conv3_(y));
    return torch::relu(y + (shortcut_ ? shortcut_->forward(x) : x));
  }

 private:
  torch::nn::Conv2d conv1_{nullptr}, conv2_{nullptr}, conv3_{nullptr};
  SplitBatchNorm2d bn1_{nullptr}, bn2_{nullptr}, bn3_{nullptr};
  torch::nn::Sequential shortcut_{nullptr};
};
TORCH_MODULE(Bottleneck);

/// Blocks per stage (Table 1 of the paper).
std::vector<std::int64_t> stage_blocks(std::int64_t depth) {
  return depth == 18 ? std::vector<std::int64_t>{2, 2, 2, 2} : std::vector<std::int64_t>{3, 4, 6, 3};
}

/// Output channels of a stage's blocks: 64·2^stage, times 4 for bottlenecks.
std::int64_t stage_out(std::int64_t depth, std::int64_t stage) { return (64 << stage) * (depth == 18 ? 1 : 4); }

/// A stride-2 layer's output side (kernel k, padding k/2): ceil(side / 2).
std::int64_t halved(std::int64_t side) { return (side + 1) / 2; }

}  // namespace

ResNet::ResNet(std::int64_t depth, Stem stem, std::int64_t in_channels, std::int64_t bn_splits)
    : depth_(depth), in_channels_(in_channels), stem_kind_(stem) {
  CONTRA_ASSERT(depth == 18 || depth == 50, "ResNet: depth 18 or 50");
  if (stem == Stem::cifar) {
    stem_ = register_module("stem", torch::nn::Sequential(conv3x3(in_channels, 64, 1), SplitBatchNorm2d(64, bn_splits),
                                                          torch::nn::ReLU()));
  } else {
    stem_ = register_module(
        "stem", torch::nn::Sequential(
                    torch::nn::Conv2d(torch::nn::Conv2dOptions(in_channels, 64, 7).stride(2).padding(3).bias(false)),
                    SplitBatchNorm2d(64, bn_splits), torch::nn::ReLU(),
                    torch::nn::MaxPool2d(torch::nn::MaxPool2dOptions(3).stride(2).padding(1))));
  }
  torch::nn::Sequential b;
  std::int64_t in = 64;
  const auto blocks = stage_blocks(depth);
  for (std::int64_t stage = 0; stage < 4; ++stage) {
    const std::int64_t out = stage_out(depth, stage);
    for (std::int64_t i = 0; i < blocks[stage]; ++i) {
      const std::int64_t stride = stage > 0 && i == 0 ? 2 : 1;
      if (depth == 18)
        b->push_back(BasicBlock(in, out, stride, bn_splits));
      else
        b->push_back(Bottleneck(in, out / 4, stride, bn_splits));
      in = out;
    }
  }
  blocks_ = register_module("blocks", b);
}

torch::Tensor ResNet::forward(const torch::Tensor& x) {
  return blocks_->forward(stem_->forward(x)).mean({2, 3});  // N×feature_dim()
}

std::int64_t ResNet::feature_dim() const { return stage_out(depth_, 3); }

std::int64_t ResNet::forward_flops(std::int64_t height, std::int64_t width) const {
  std::int64_t h = height, w = width, flops = 0;
  if (stem_kind_ == Stem::cifar) {
    flops += conv_flops(in_channels_, 64, 3, h, w);
  } else {
    h = halved(h);
    w = halved(w);
    flops += conv_flops(in_channels_, 64, 7, h, w);
    h = halved(h);  // the max-pool: no multiply-accumulates
    w = halved(w);
  }
  std::int64_t in = 64;
  const auto blocks = stage_blocks(depth_);
  for (std::int64_t stage = 0; stage < 4; ++stage) {
    const std::int64_t out = stage_out(depth_, stage), mid = depth_ == 18 ? out : out / 4;
    for (std::int64_t i = 0; i < blocks[stage]; ++i) {
      const bool strided = stage > 0 && i == 0;
      const std::int64_t ih = h, iw = w;  // the block's input side
      if (strided) {
        h = halved(h);
        w = halved(w);
      }
      if (depth_ == 18) {
        flops += conv_flops(in, out, 3, h, w) + conv_flops(out, out, 3, h, w);
      } else {
        flops += conv_flops(in, mid, 1, ih, iw) + conv_flops(mid, mid, 3, h, w) + conv_flops(mid, out, 1, h, w);
      }
      if (strided || in != out) flops += conv_flops(in, out, 1, h, w);  // the projection shortcut
      in = out;
    }
  }
  return flops;
}

std::int64_t ResNet::activation_bytes_per_image(std::int64_t height, std::int64_t width) const {
  // The largest single output is the stem's 64 channels or the first stage's, at the first stage's size.
  std::int64_t stem = 64 * height * width, h = height, w = width;
  if (stem_kind_ == Stem::imagenet) {
    stem = 64 * halved(height) * halved(width);
    h = halved(halved(height));
    w = halved(halved(width));
  }
  return std::max(stem, stage_out(depth_, 0) * h * w) * static_cast<std::int64_t>(sizeof(float));
}

}  // namespace contra::models
