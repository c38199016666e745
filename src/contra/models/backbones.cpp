#include "contra/models/backbones.h"

#include <torch/torch.h>

#include "contra/models/split_batch_norm.h"

namespace contra::models {

torch::nn::Conv2d conv3x3(std::int64_t in, std::int64_t out, std::int64_t stride) {
  return torch::nn::Conv2d(torch::nn::Conv2dOptions(in, out, 3).stride(stride).padding(1).bias(false));
}

std::int64_t conv_flops(std::int64_t in, std::int64_t out, std::int64_t k, std::int64_t h, std::int64_t w) {
  return 2 * in * out * k * k * h * w;
}

SmallCnn::SmallCnn(std::int64_t in_channels, std::int64_t width, std::int64_t bn_splits)
    : in_channels_(in_channels), width_(width) {
  torch::nn::Sequential s;
  const std::int64_t w = width;
  const std::int64_t channels[6] = {in_channels, w, 2 * w, 2 * w, 4 * w, 4 * w};
  const std::int64_t strides[5] = {1, 2, 1, 2, 1};
  for (int i = 0; i < 5; ++i) {
    auto conv = conv3x3(channels[i], channels[i + 1], strides[i]);
    if (i == 1) second_conv_ = conv;
    s->push_back(conv);
    // BN and its ReLU in one layer (fused on NHWC CPU inputs); the Identity keeps the layer indices,
    // and with them the parameter names of checkpoints written before the two were one.
    s->push_back(SplitBatchNorm2d(channels[i + 1], bn_splits, /*relu=*/true));
    s->push_back(torch::nn::Identity());
  }
  layers_ = register_module("layers", s);
}

torch::Tensor SmallCnn::forward(const torch::Tensor& x) {
  // A one-channel input is NCHW and NHWC at once, and so is the first convolution's weight, so
  // that convolution answers NCHW; under NHWC weights (models/channels_last.h) its output is put
  // in NHWC, so that every BN and convolution after it keeps NHWC.
  const bool nhwc = second_conv_->weight.is_contiguous(at::MemoryFormat::ChannelsLast);
  auto h = x;
  std::int64_t i = 0;
  for (auto& layer : *layers_) {
    h = layer.forward(h);
    if (i++ == 0 && nhwc) h = h.contiguous(at::MemoryFormat::ChannelsLast);
  }
  return h.mean({2, 3});  // N×4w
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

}  // namespace contra::models
