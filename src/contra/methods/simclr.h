// SimCLR (Chen, Kornblith, Norouzi, Hinton, A Simple Framework for Contrastive Learning of Visual
// Representations, ICML 2020, arXiv:2002.05709): both views through one encoder (with the MLP head
// of §2.1), the NT-Xent loss over 2N views with 2N − 2 negatives per anchor, on ℓ2-normalised
// embeddings, or on the raw head outputs with method.l2_norm = false (Table 5).
#pragma once

#include "contra/config/experiment.h"
#include "contra/methods/method.h"

namespace contra::methods {

class SimClr : public Method {
 public:
  /// Throws ContraError when τ <= 0. The head is whatever model.head says (SimCLR: mlp).
  SimClr(const config::ModelOptions& model, const config::MethodOptions& method, std::int64_t in_channels);

  StepOutput forward_step(const torch::Tensor& view_q, const torch::Tensor& view_k,
                          const torch::Tensor& index) override;
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
  config::MethodOptions options_;
  models::Encoder encoder_{nullptr};
};

}  // namespace contra::methods
