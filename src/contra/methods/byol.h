// BYOL (Grill et al., Bootstrap Your Own Latent, NeurIPS 2020, arXiv:2006.07733): an online
// network (encoder, projector, predictor) regresses the projection of a target network, a slowly
// moving average of the online encoder, on the other view. No negatives: the suite's question "where
// do the negatives come from?" answered with "nowhere", at the cost of a predictor and a second
// encoder's forward passes.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

#include "contra/config/options.h"
#include "contra/methods/method.h"
#include "contra/models/heads.h"

namespace contra::methods {

/// BYOL's [method] keys, with the paper's defaults (arXiv:2006.07733 §3.3).
struct ByolOptions {
  /// τ_base: the target's EMA rate at the first step, raised to 1 by the cosine schedule
  /// τ_k = 1 − (1 − τ_base)·(cos(πk/K) + 1)/2 over the run's K steps (§3.3: 0.996).
  double momentum = 0.996;
  /// The predictor's hidden width: linear D → hidden, BN, ReLU, linear hidden → D (§3.3: 4096).
  std::int64_t predictor_hidden = 4096;

  template <class V>
  void visit(V& v) {
    v("momentum", momentum);
    v("predictor_hidden", predictor_hidden);
  }
};

/// BYOL: the online encoder (the query encoder: backbone and [model]'s head as the projector, with
/// batch normalisation after its hidden layer as the paper's, §3.3), the predictor (linear D →
/// hidden, BN, ReLU, linear hidden → D; models/heads.h), and the target encoder, a copy of the online one updated by EMA after each step with
/// τ_k on its schedule (its step count is a buffer, so a checkpoint keeps it). The loss is the
/// symmetrised normalised MSE of §3.1: ‖q(z₁) − z′₂‖² + ‖q(z₂) − z′₁‖², the two directions summed
/// as the paper does, so its chance value is 4 (fail rule: train/failure.h). A collapsed run (a
/// constant embedding) scores 0 here, and is caught by the collapse check on the online projections.
/// Pretext accuracy: queries whose prediction is nearest (cosine) to the target of their own image
/// among the batch's targets. Both views go through each network in one pass, so BN sees the 2N
/// images. With several ranks each rank computes its share of the loss (no negatives to gather);
/// the projector's and the predictor's BN group their rows as model.bn_splits says, as every BN of
/// the suite (models/split_batch_norm.h).
class Byol : public Method {
 public:
  using Options = ByolOptions;
  /// Throws ContraError on invalid options (validate()).
  Byol(const config::ModelOptions& model, const ByolOptions& options, const DataShape& data, std::uint64_t seed);

  /// τ_base in [0, 1], predictor_hidden >= 1. Throws ContraError naming key and value.
  static void validate(const ByolOptions& options, const config::Checks& checks);
  /// "byol (no negatives; target EMA τ_base = …, cosine to 1)".
  static std::string describe(const DistinctValues& values);

  StepOutput forward_step(const Batch& batch) override;
  /// The EMA step θ' ← τ_k·θ' + (1 − τ_k)·θ, then k ← k + 1.
  void after_optimizer_step() override;
  models::Encoder query_encoder() override { return online_; }
  std::vector<torch::Tensor> trainable_parameters() override;
  std::int64_t negatives(std::int64_t) const override { return 0; }
  std::int64_t dictionary_size(std::int64_t) const override { return 0; }
  /// Prediction–target pairs: 2 per image (both directions).
  std::int64_t logit_pairs(std::int64_t batch) const override { return 2 * batch; }
  double chance_loss(std::int64_t) const override;
  std::int64_t negatives_store_bytes() const override { return 0; }
  std::int64_t forwards_with_grad() const override { return 2; }
  std::int64_t forwards_without_grad() const override { return 2; }
  void after_state_loaded() override;

  /// τ_k at step k of K (K = total_steps(); τ_base before the run's length is known).
  double target_momentum(std::int64_t step) const;
  /// The steps taken so far (the buffer `step`).
  std::int64_t steps_taken() const { return step_; }

 private:
  ByolOptions options_;
  models::Encoder online_{nullptr}, target_{nullptr};
  models::ProjectionHead predictor_{nullptr};
  torch::Tensor step_buffer_;  // 1-element int64, saved in checkpoints
  std::int64_t step_ = 0;
};

}  // namespace contra::methods
