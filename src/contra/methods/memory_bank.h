// The memory bank of InstDisc (Wu et al., Unsupervised Feature Learning via Non-Parametric
// Instance Discrimination, CVPR 2018, arXiv:1805.01978, §3.2): one stored feature per training
// image, the image's own row as the positive, K rows drawn uniformly per query as negatives. The
// loss is InfoNCE as in MoCo's Fig. 3 (arXiv:1911.05722), or InstDisc's own NCE (§3.2, Eq. 5–7).
#pragma once

#include <ATen/core/Generator.h>
#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

#include "contra/config/experiment.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// The bank's update rule, with λ = memory_momentum on the old value (InstDisc §3.2; the
/// lemniscate.pytorch convention; mmselfsup writes λ on the other term):
/// v ← normalize(λ·v + (1−λ)·f). v, f: N×D; returns N×D. λ = 0.5 in InstDisc.
torch::Tensor memory_update(const torch::Tensor& v, const torch::Tensor& f, double lambda);

/// The n×D bank: one row per training image, first filled with random unit vectors.
class FeatureBankImpl : public torch::nn::Module {
 public:
  /// rows n >= 1, dim D >= 1; the first fill is drawn from `gen` (on CPU) and normalised.
  FeatureBankImpl(std::int64_t rows, std::int64_t dim, at::Generator& gen);

  /// K row indices per query drawn uniformly from [0, n) with `gen`, a generator on the bank's
  /// device (core::make_generator(seed, stream, device)): N×K int64 on the bank's device, drawn
  /// there (nothing crosses to or from the host). On CPU the draws are those of a CPU randint.
  torch::Tensor sample(std::int64_t queries, std::int64_t k, at::Generator& gen) const;
  /// rows[index] ← memory_update(rows[index], features, λ). index: N int64; features: N×D.
  void update(const torch::Tensor& index, const torch::Tensor& features, double lambda);

  /// The bank, n×D.
  const torch::Tensor& rows() const { return bank_; }

 private:
  torch::Tensor bank_;
};
TORCH_MODULE(FeatureBank);

/// The memory-bank mechanism: one encoder, a FeatureBank and a loss over [v_i | K sampled rows]:
/// InfoNCE (method.loss = infonce), or NCE with the K rows as its m noise samples (nce), whose
/// normalising constant Z is a running mean of each batch's Monte-Carlo estimate (Eq. 7) with
/// momentum ρ = method.nce_z_momentum, started from the first batch's (ρ = 1 keeps that one, as
/// the official code does). Z is a 0-d float64 buffer on the bank's device, updated there without a
/// host sync, so checkpoints keep it. The negatives are drawn on the bank's device with the
/// method's "bank_sampling" stream, moved there with the bank. One augmented view per image:
/// the positive is the image's stored row. After each optimiser step the rows of the batch are
/// refreshed with the step's (detached) query features.
class MemoryBank : public Method {
 public:
  /// `train_size` rows; method.negatives = K; method.memory_momentum = λ. Throws ContraError on
  /// out-of-range options.
  MemoryBank(const config::ModelOptions& model, const config::MethodOptions& method, std::int64_t in_channels,
             std::int64_t train_size, std::uint64_t seed);

  StepOutput forward_step(const torch::Tensor& view_q, const torch::Tensor& view_k,
                          const torch::Tensor& index) override;
  void after_optimizer_step() override;
  models::Encoder query_encoder() override { return encoder_; }
  std::vector<torch::Tensor> trainable_parameters() override { return encoder_->parameters(); }
  std::int64_t negatives(std::int64_t) const override { return options_.negatives; }
  std::int64_t dictionary_size(std::int64_t) const override { return options_.negatives; }
  std::int64_t logit_pairs(std::int64_t batch) const override { return batch * (1 + options_.negatives); }
  double chance_loss(std::int64_t batch) const override;
  std::int64_t negatives_store_bytes() const override;
  std::int64_t forwards_with_grad() const override { return 1; }
  std::int64_t forwards_without_grad() const override { return 0; }
  std::vector<std::pair<std::string, at::Generator>> generators() override {
    return {{"bank_sampling", sampling_generator()}};
  }
  int views() const override { return 1; }
  std::string last_batch_note() const override { return "its rows are updated like any other batch's"; }

  FeatureBank bank() { return bank_; }
  /// NCE's running normalising constant Z; 0 before the first step and under InfoNCE. Reads it
  /// back from the device (for tests and tools, not the step).
  double nce_z() const;

 private:
  /// The negatives' generator, on the bank's device: created there from the run's seed the first
  /// time it is asked for after the bank moved (before a checkpoint restores its state).
  at::Generator& sampling_generator();

  config::MethodOptions options_;
  models::Encoder encoder_{nullptr};
  FeatureBank bank_{nullptr};
  std::uint64_t seed_;
  at::Generator sample_gen_;
  torch::Tensor pending_index_, pending_features_;
  torch::Tensor z_buffer_;  ///< NCE: Z as a 0-d float64 buffer (checkpointed); undefined under InfoNCE
};

}  // namespace contra::methods
