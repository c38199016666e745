// SimCLR (Chen, Kornblith, Norouzi, Hinton, A Simple Framework for Contrastive Learning of Visual
// Representations, ICML 2020, arXiv:2002.05709): both views through one encoder (with the MLP head
// of §2.1), the NT-Xent loss over 2N views with 2N − 2 negatives per anchor, on ℓ2-normalised
// embeddings, or on the raw head outputs with method.l2_norm = false (Table 5).
#pragma once

#include "contra/config/options.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// SimCLR's [method] keys.
struct SimClrOptions {
  /// τ of NT-Xent: SimCLR's ImageNet default 0.1 (Table 5; the official run.py). Its CIFAR-10
  /// setting is 0.5 (App. B.9), which experiments/simclr-*.toml set.
  double temperature = 0.1;
  /// ℓ2-normalise the embeddings before NT-Xent (cosine similarity); false = dot product (SimCLR
  /// Table 5). Only SimCLR reads it, so another method refuses false.
  bool l2_norm = true;

  template <class V>
  void visit(V& v) {
    v("temperature", temperature);
    v("l2_norm", l2_norm);
  }
};

class SimClr : public Method {
 public:
  using Options = SimClrOptions;
  /// Throws ContraError when τ <= 0. The head is whatever model.head says (SimCLR: mlp).
  SimClr(const config::ModelOptions& model, const SimClrOptions& options, const DataShape& data, std::uint64_t seed);

  /// τ > 0. Throws ContraError.
  static void validate(const SimClrOptions& options, const config::Checks& checks) {
    check_temperature(options.temperature, checks);
  }
  /// "simclr (negatives = 2·batch − 2)".
  static std::string describe(const DistinctValues&) { return "simclr (negatives = 2·batch − 2)"; }

  StepOutput forward_step(const Batch& batch) override;
  void after_optimizer_step() override {}
  models::Encoder query_encoder() override { return encoder_; }
  std::vector<torch::Tensor> trainable_parameters() override { return encoder_->parameters(); }
  std::int64_t negatives(std::int64_t batch) const override { return 2 * batch - 2; }
  std::int64_t dictionary_size(std::int64_t batch) const override { return batch; }
  std::int64_t logit_pairs(std::int64_t batch) const override { return 4 * batch * batch; }
  std::int64_t negatives_store_bytes() const override { return 0; }
  std::int64_t forwards_with_grad() const override { return 2; }
  std::int64_t forwards_without_grad() const override { return 0; }

 private:
  SimClrOptions options_;
  models::Encoder encoder_{nullptr};
};

}  // namespace contra::methods
