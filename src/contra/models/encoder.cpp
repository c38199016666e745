#include "contra/models/encoder.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/models/resnet.h"
#include "contra/models/split_chunks.h"

namespace contra::models {

EncoderImpl::EncoderImpl(const config::ModelOptions& options, std::int64_t in_channels, std::int64_t head_bn_splits)
    : dim_(options.dim), bn_splits_(options.bn_splits) {
  // The ResNets by name: depth and stem (models/resnet.h).
  static const struct {
    const char* name;
    std::int64_t depth;
    Stem stem;
  } kResNets[] = {{"resnet18", 18, Stem::cifar},
                  {"resnet50", 50, Stem::cifar},
                  {"resnet18_imagenet", 18, Stem::imagenet},
                  {"resnet50_imagenet", 50, Stem::imagenet}};
  if (options.backbone == "small_cnn")
    backbone_ = std::make_shared<SmallCnn>(in_channels, options.width, options.bn_splits);
  for (const auto& r : kResNets)
    if (options.backbone == r.name)
      backbone_ = std::make_shared<ResNet>(r.depth, r.stem, in_channels, options.bn_splits);
  CONTRA_CHECK(backbone_ != nullptr, "model.backbone = '{}' is unknown; valid: {}", options.backbone,
               fmt::join(config::names::kBackbones, ", "));
  register_module("backbone", backbone_);
  head_ = register_module("head", ProjectionHead(options.head, backbone_->feature_dim(), options.mlp_hidden,
                                                 options.dim, head_bn_splits));
}

EncoderImpl::EncoderImpl(std::shared_ptr<Backbone> backbone, const config::ModelOptions& options)
    : backbone_(std::move(backbone)), dim_(options.dim), bn_splits_(options.bn_splits) {
  CONTRA_ASSERT(backbone_ != nullptr, "Encoder: no backbone");
  register_module("backbone", backbone_);
  head_ =
      register_module("head", ProjectionHead(options.head, backbone_->feature_dim(), options.mlp_hidden, options.dim));
}

torch::Tensor EncoderImpl::backbone_forward(const torch::Tensor& x) {
  if (!is_training()) return backbone_->forward(x);
  const std::int64_t budget = split_chunk_budget();
  const std::int64_t chunks =
      budget > 0 ? split_chunks_for(x.size(0), bn_splits_, backbone_->activation_bytes_per_image(x.size(2), x.size(3)),
                                    budget, x.device().is_cpu())
                 : 1;
  return forward_in_split_chunks(
      *backbone_, [this](const torch::Tensor& part) { return backbone_->forward(part); }, x, chunks);
}

torch::Tensor EncoderImpl::project(const torch::Tensor& x) { return head_(backbone_forward(x)); }  // N×dim

torch::Tensor EncoderImpl::forward(const torch::Tensor& x) {
  return torch::nn::functional::normalize(project(x), torch::nn::functional::NormalizeFuncOptions().dim(1));  // N×dim
}

torch::Tensor EncoderImpl::features(const torch::Tensor& x) { return backbone_forward(x); }  // N×F

std::int64_t EncoderImpl::forward_flops(std::int64_t height, std::int64_t width) const {
  return backbone_->forward_flops(height, width) + head_->forward_flops();
}

void copy_weights(const torch::nn::Module& src, torch::nn::Module& dst) {
  torch::NoGradGuard no_grad;
  const auto sp = src.parameters(), dp = dst.parameters();
  const auto sb = src.buffers(), db = dst.buffers();
  CONTRA_ASSERT(sp.size() == dp.size() && sb.size() == db.size(), "copy_weights: modules differ in structure");
  for (std::size_t i = 0; i < sp.size(); ++i) dp[i].copy_(sp[i]);
  for (std::size_t i = 0; i < sb.size(); ++i) db[i].copy_(sb[i]);
}

}  // namespace contra::models
