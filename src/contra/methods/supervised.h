// The supervised ceiling: the same encoder, augmentation, optimiser and records as the contrastive
// methods, trained with the labels instead of negatives. A linear classifier on the backbone
// features, cross-entropy on one augmented view per image (the standard supervised baseline of
// every table: MoCo v1 Table 1 and §4.2's "supervised pre-training", arXiv:1911.05722; SimCLR
// Table 8, arXiv:2002.05709). Its pretext accuracy is its training top-1.
#pragma once

#include <torch/nn/modules/linear.h>

#include <string>

#include "contra/config/schema.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// Encoder backbone → linear classifier (F → C) → cross-entropy with the labels.
class Supervised : public Method {
 public:
  using Options = NoOptions;
  static constexpr bool kTrainsOnLabels = true;  ///< cross-entropy on the labels
  /// A classifier for data.num_classes >= 2 classes. Throws ContraError otherwise.
  Supervised(const config::ModelOptions& model, const NoOptions& options, const DataShape& data,
             std::uint64_t seed);

  static void validate(const NoOptions&, const config::Checks&) {}
  /// The supervised ceiling: the sweep's model, augmentation and optimiser, trained with labels,
  /// one run per seed.
  static config::BaselineSpec baseline() {
    return {config::BaselineSpec::Role::ceiling, "supervised",
            "the same backbone, augmentation and optimiser trained with the labels for the epochs of the table's "
            "longest row, the ceiling",
            /*keeps_model=*/true, /*keeps_training=*/true, /*seeded=*/true};
  }
  /// "supervised (cross-entropy on the labels, no negatives)".
  static std::string describe(const DistinctValues&) {
    return "supervised (cross-entropy on the labels, no negatives)";
  }

  /// batch.view_q: N×C×H×W; batch.labels: N int64 in [0, num_classes). loss: the mean cross-entropy;
  /// correct: rows whose top logit is the label; embeddings: the L2-normalised backbone features N×F.
  StepOutput forward_step(const Batch& batch) override;
  void after_optimizer_step() override {}
  models::Encoder query_encoder() override { return encoder_; }
  /// The backbone's and the classifier's parameters (the projection head is not used).
  std::vector<torch::Tensor> trainable_parameters() override;
  std::int64_t negatives(std::int64_t) const override { return 0; }
  std::int64_t dictionary_size(std::int64_t) const override { return 0; }
  /// No query–key pairs; FLOPs per step count the encoder only (the F×C classifier is not counted).
  std::int64_t logit_pairs(std::int64_t) const override { return 0; }
  /// Cross-entropy at chance over C classes: ln C.
  double chance_loss(std::int64_t) const override;
  /// The width F of the backbone features the collapse check sees.
  std::int64_t embedding_dim() override { return encoder_->feature_dim(); }
  int views() const override { return 1; }
  std::int64_t negatives_store_bytes() const override { return 0; }
  std::int64_t forwards_with_grad() const override { return 1; }
  std::int64_t forwards_without_grad() const override { return 0; }

 private:
  models::Encoder encoder_{nullptr};
  torch::nn::Linear classifier_{nullptr};
  std::int64_t num_classes_;
};

}  // namespace contra::methods
