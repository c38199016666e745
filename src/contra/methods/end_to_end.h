// End-to-end (MoCo v1 Fig. 2a and Fig. 3, arXiv:1911.05722; the mechanism of SimCLR): keys come
// from the query encoder, with gradients, and the negatives are the other keys of the batch, so
// negatives = batch − 1 and a bigger dictionary needs a bigger batch.
#pragma once

#include <ATen/core/Generator.h>

#include "contra/config/experiment.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// One encoder for queries and keys; InfoNCE with logits [q_i·k_i | q_i·k_j, j ≠ i] / τ,
/// N×N. With shuffle_bn the key batch goes through BN in a shuffled order.
class EndToEnd : public Method {
 public:
  /// Throws ContraError when τ <= 0.
  EndToEnd(const config::ModelOptions& model, const config::MethodOptions& method, std::int64_t in_channels,
           std::uint64_t seed);

  StepOutput forward_step(const torch::Tensor& view_q, const torch::Tensor& view_k,
                          const torch::Tensor& index) override;
  void after_optimizer_step() override {}
  models::Encoder query_encoder() override { return encoder_; }
  std::vector<torch::Tensor> trainable_parameters() override { return encoder_->parameters(); }
  std::int64_t negatives(std::int64_t batch) const override { return batch - 1; }
  std::int64_t dictionary_size(std::int64_t batch) const override { return batch; }
  std::int64_t logit_pairs(std::int64_t batch) const override { return batch * batch; }
  std::int64_t negatives_store_bytes() const override { return 0; }
  std::int64_t forwards_with_grad() const override { return 2; }
  std::int64_t forwards_without_grad() const override { return 0; }
  std::vector<std::pair<std::string, at::Generator>> generators() override { return {{"bn_shuffle", shuffle_gen_}}; }

 private:
  config::MethodOptions options_;
  models::Encoder encoder_{nullptr};
  at::Generator shuffle_gen_;
};

}  // namespace contra::methods
