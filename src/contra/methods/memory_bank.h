// The memory bank of InstDisc (Wu et al., Unsupervised Feature Learning via Non-Parametric
// Instance Discrimination, CVPR 2018, arXiv:1805.01978, §3.2): one stored feature per training
// image, the image's own row as the positive, K rows drawn uniformly per query as negatives. The
// loss is InfoNCE as in MoCo's Fig. 3 (arXiv:1911.05722), or InstDisc's own NCE (§3.2, Eq. 5–7).
#pragma once

#include <ATen/core/Generator.h>
#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

#include "contra/config/options.h"
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

/// The memory bank's loss over [v_i | K sampled rows].
enum class BankLoss {
  infonce,  ///< InfoNCE (MoCo Fig. 3)
  nce,      ///< InstDisc's NCE (Eq. 5–6), the K rows as its m noise samples
};
inline const std::vector<std::string>& names_of(BankLoss) {
  static const std::vector<std::string> names = {"infonce", "nce"};
  return names;
}

/// The memory bank's [method] keys, with InstDisc's defaults (arXiv:1805.01978).
struct MemoryBankOptions {
  std::int64_t negatives = 4096;  ///< K: bank rows drawn per query as negatives (InstDisc §3.2: 4096)
  double memory_momentum = 0.5;   ///< λ in v ← normalize(λ·v + (1−λ)·f) (InstDisc §3.2: 0.5)
  double temperature = 0.07;      ///< τ (InstDisc §3.1: 0.07)
  /// The loss: infonce (MoCo Fig. 3) | nce (InstDisc Eq. 5–6, m = negatives noise samples).
  BankLoss loss = BankLoss::infonce;
  /// NCE: the normalising constant Z is a running mean of each batch's Monte-Carlo estimate
  /// (InstDisc Eq. 7), Z ← ρ·Z + (1−ρ)·Ẑ, started from the first batch's; this is ρ (the official
  /// code freezes the first batch's: ρ = 1).
  double nce_z_momentum = 0.9;

  template <class V>
  void visit(V& v) {
    v("negatives", negatives);
    v("memory_momentum", memory_momentum);
    v("temperature", temperature);
    v("loss", loss);
    v("nce_z_momentum", nce_z_momentum);
  }
};

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
  using Options = MemoryBankOptions;
  /// data.train_size rows; options.negatives = K; options.memory_momentum = λ. Throws ContraError
  /// on out-of-range options (validate()).
  MemoryBank(const config::ModelOptions& model, const MemoryBankOptions& options, const DataShape& data,
             std::uint64_t seed);

  /// K >= 1, λ in [0, 1), τ > 0, loss infonce | nce, ρ in [0, 1]. Throws ContraError naming key and value.
  static void validate(const MemoryBankOptions& options, const config::Checks& checks);
  /// "memory_bank with K = … sampled negatives, λ = …".
  static std::string describe(const DistinctValues& values);

  StepOutput forward_step(const Batch& batch) override;
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

  MemoryBankOptions options_;
  models::Encoder encoder_{nullptr};
  FeatureBank bank_{nullptr};
  std::uint64_t seed_;
  at::Generator sample_gen_;
  torch::Tensor pending_index_, pending_features_;
  torch::Tensor z_buffer_;  ///< NCE: Z as a 0-d float64 buffer (checkpointed); undefined under InfoNCE
};

}  // namespace contra::methods
