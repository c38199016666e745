#include "contra/methods/supervised.h"

#include <torch/torch.h>

#include <cmath>

#include "contra/core/error.h"
#include "contra/losses/info_nce.h"

namespace contra::methods {

Supervised::Supervised(const config::ModelOptions& model, const NoOptions&, const DataShape& data,
                       std::uint64_t)
    : num_classes_(data.num_classes) {
  CONTRA_CHECK(data.num_classes >= 2, "method.name = 'supervised' needs labelled data with >= 2 classes, got {}",
               data.num_classes);
  encoder_ = register_module("encoder", models::Encoder(model, data.in_channels));
  classifier_ = register_module("classifier", torch::nn::Linear(encoder_->feature_dim(), data.num_classes));
}

StepOutput Supervised::forward_step(const Batch& batch) {
  CONTRA_ASSERT(batch.labels.defined(), "supervised: the step has no labels");
  const auto features = encoder_->features(batch.view_q);  // N×F
  const auto logits = classifier_->forward(features);      // N×C
  const auto labels = batch.labels.to(logits.device());
  const auto loss = torch::nn::functional::cross_entropy(logits.to(torch::kFloat32), labels);
  const auto unit =
      torch::nn::functional::normalize(features.detach(), torch::nn::functional::NormalizeFuncOptions().dim(1));
  return {loss, losses::count_correct(logits.detach(), labels), features.size(0), unit};
}

std::vector<torch::Tensor> Supervised::trainable_parameters() {
  std::vector<torch::Tensor> params;
  for (const auto& item : encoder_->named_parameters())
    if (item.key().rfind("head.", 0) != 0) params.push_back(item.value());
  for (const auto& p : classifier_->parameters()) params.push_back(p);
  return params;
}

double Supervised::chance_loss(std::int64_t) const { return std::log(static_cast<double>(num_classes_)); }

}  // namespace contra::methods
