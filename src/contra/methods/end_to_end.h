// End-to-end (MoCo v1 Fig. 2a and Fig. 3, arXiv:1911.05722; the mechanism of SimCLR): keys come
// from the query encoder, with gradients, and the negatives are the other keys of the batch, so
// negatives = batch − 1 and a bigger dictionary needs a bigger batch.
#pragma once

#include <ATen/core/Generator.h>

#include "contra/config/options.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// End-to-end's [method] keys.
struct EndToEndOptions {
  double temperature = 0.07;  ///< τ of InfoNCE (MoCo v1 Eq. 1)
  bool shuffle_bn = true;     ///< the key batch goes through BN in a shuffled order (MoCo v1 §3.3)

  template <class V>
  void visit(V& v) {
    v("temperature", temperature);
    v("shuffle_bn", shuffle_bn);
  }
};

/// The columns of each query's negatives among the N keys: own (int64 n, the global position of
/// each query's own key, in [0, N)) -> int64 n×(N−1), row i = 0, …, N−1 without own[i], in order,
/// on own's device. Built without reading anything back, so gathering with it costs the step no
/// host sync (where masked_select's output size would).
torch::Tensor negative_columns(const torch::Tensor& own, std::int64_t total);

/// One encoder for queries and keys; InfoNCE with logits [q_i·k_i | q_i·k_j, j ≠ i] / τ,
/// N×N. With shuffle_bn the key batch goes through BN in a shuffled order.
class EndToEnd : public Method {
 public:
  using Options = EndToEndOptions;
  /// Throws ContraError when τ <= 0.
  EndToEnd(const config::ModelOptions& model, const EndToEndOptions& options, const DataShape& data,
           std::uint64_t seed);

  /// τ > 0. Throws ContraError.
  static void validate(const EndToEndOptions& options, const config::Checks& checks) {
    check_temperature(options.temperature, checks);
  }
  /// "end_to_end (negatives = batch − 1), shuffle BN …".
  static std::string describe(const DistinctValues& values);

  StepOutput forward_step(const Batch& batch) override;
  void after_optimizer_step() override {}
  models::Encoder query_encoder() override { return encoder_; }
  bool reads_global_views() const override { return options_.shuffle_bn; }
  std::vector<torch::Tensor> trainable_parameters() override { return encoder_->parameters(); }
  std::int64_t negatives(std::int64_t batch) const override { return batch - 1; }
  std::int64_t dictionary_size(std::int64_t batch) const override { return batch; }
  std::int64_t logit_pairs(std::int64_t batch) const override { return batch * batch; }
  std::int64_t negatives_store_bytes() const override { return 0; }
  std::int64_t forwards_with_grad() const override { return 2; }
  std::int64_t forwards_without_grad() const override { return 0; }
  std::vector<std::pair<std::string, at::Generator>> generators() override { return {{"bn_shuffle", shuffle_gen_}}; }

 private:
  EndToEndOptions options_;
  models::Encoder encoder_{nullptr};
  at::Generator shuffle_gen_;
};

}  // namespace contra::methods
