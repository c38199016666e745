#include "contra/models/backbones.h"

#include <torch/torch.h>

#include "contra/models/split_batch_norm.h"

namespace contra::models {

namespace {

torch::nn::Conv2d conv3x3(std::int64_t in, std::int64_t out, std::int64_t stride) {
  return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false));
}

/// FLOPs (2 per multiply-accumulate) of a k×k convolution producing out×h×w from `in` channels.
std::int64_t conv_flops(std::int64_t in, std::int64_t out, std::int64_t k, std::int64_t h, std::int64_t w) {
  return 2 * in * out * k * k * h * w;
}

/// The ResNet basic block: two 3×3 conv-BN, identity or 1×1 projection shortcut.
class BasicBlockImpl : public torch::nn::Module {
 public:
  BasicBlockImpl(std::int64_t in, std::int64_t out, std::int64_t stride, std::int64_t splits) {
    conv1_ = register_module("conv1", conv3x3(in, out, stride));
    bn1_ = register_module("bn1", SplitBatchNorm2d(out, splits));
    conv2_ = register_module("conv2", conv3x3(out, out, 1));
    bn2_ = register_module("bn2", SplitBatchNorm2d(out, splits));
    if (stride != 1 || in != out) {
      shortcut_ = register_module(
          "shortcut",
          torch::nn::Sequential(torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 1).stride(stride).bias(false)),
                                SplitBatchNorm2d(out, splits)));
    }
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

}  // namespace

SmallCnn::SmallCnn(std::int64_t in_channels, std::int64_t width, std::int64_t bn_splits)
    : in_channels_(in_channels), width_(width) {
  torch::nn::Sequential s;
  const std::int64_t w = width;
  const std::int64_t channels[6] = {in_channels, w, 2 * w, 2 * w, 4 * w, 4 * w};
  const std::int64_t strides[5] = {1, 2, 1, 2, 1};
  for (int i = 0; i < 5; ++i) {
    s->push_back(conv3x3(channels[i], channels[i + 1], strides[i]));
    s->push_back(SplitBatchNorm2d(channels[i + 1], bn_splits));
    s->push_back(torch::nn::ReLU());
  }
  layers_ = register_module("layers", s);
}

torch::Tensor SmallCnn::forward(const torch::Tensor& x) {
  return layers_->forward(x).mean({2, 3});  // N×4w
}

std::int64_t SmallCnn::forward_flops(std::int64_t height, std::int64_t width) const {
  const std::int64_t w = width_;
  const std::int64_t channels[6] = {in_channels_, w, 2 * w, 2 * w, 4 * w, 4 * w};
  const std::int64_t strides[5] = {1, 2, 1, 2, 1};
  std::int64_t flops = 0, h = height, wd = width;
  for (int i = 0; i < 5; ++i) {
    h = (h + strides[i] - 1) / strides[i];
    wd = (wd + strides[i] - 1) / strides[i];
    flops += conv_flops(channels[i], channels[i + 1], 3, h, wd);
  }
  return flops;
}

std::int64_t SmallCnn::activation_bytes_per_image(std::int64_t height, std::int64_t width) const {
  return width_ * height * width * static_cast<std::int64_t>(sizeof(float));  // the first layer's w×H×W
}

ResNet18::ResNet18(std::int64_t in_channels, std::int64_t bn_splits) : in_channels_(in_channels) {
  stem_ = register_module(
      "stem", torch::nn::Sequential(conv3x3(in_channels, 64, 1), SplitBatchNorm2d(64, bn_splits), torch::nn::ReLU()));
  torch::nn::Sequential b;
  std::int64_t in = 64;
  for (std::int64_t stage = 0; stage < 4; ++stage) {
    const std::int64_t out = 64 << stage;
    b->push_back(BasicBlock(in, out, stage == 0 ? 1 : 2, bn_splits));
    b->push_back(BasicBlock(out, out, 1, bn_splits));
    in = out;
  }
  blocks_ = register_module("blocks", b);
}

torch::Tensor ResNet18::forward(const torch::Tensor& x) {
  return blocks_->forward(stem_->forward(x)).mean({2, 3});  // N×512
}

std::int64_t ResNet18::forward_flops(std::int64_t height, std::int64_t width) const {
  std::int64_t flops = conv_flops(in_channels_, 64, 3, height, width);
  std::int64_t h = height, w = width, in = 64;
  for (std::int64_t stage = 0; stage < 4; ++stage) {
    const std::int64_t out = 64 << stage;
    if (stage > 0) {
      h = (h + 1) / 2;
      w = (w + 1) / 2;
    }
    flops += conv_flops(in, out, 3, h, w) + conv_flops(out, out, 3, h, w);  // block 1
    if (in != out) flops += conv_flops(in, out, 1, h, w);                   // its projection shortcut
    flops += 2 * conv_flops(out, out, 3, h, w);                             // block 2
    in = out;
  }
  return flops;
}

std::int64_t ResNet18::activation_bytes_per_image(std::int64_t height, std::int64_t width) const {
  return 64 * height * width * static_cast<std::int64_t>(sizeof(float));  // the stem's and stage 1's 64×H×W
}

}  // namespace contra::models
