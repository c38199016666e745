#include "contra/methods/end_to_end.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/losses/info_nce.h"
#include "contra/losses/similarity.h"
#include "contra/methods/shuffle_bn.h"

namespace contra::methods {

std::string EndToEnd::describe(const DistinctValues& v) {
  return fmt::format("end_to_end (negatives = batch − 1), shuffle BN {}", v("method.shuffle_bn"));
}

EndToEnd::EndToEnd(const config::ModelOptions& model, const EndToEndOptions& options, const DataShape& data,
                   std::uint64_t seed)
    : options_(options), shuffle_gen_(core::make_generator(seed, 3)) {
  validate(options, config::Checks());
  encoder_ = register_module("encoder", models::Encoder(model, data.in_channels));
}

StepOutput EndToEnd::forward_step(const Batch& batch) {
  const auto& view_q = batch.view_q;
  const auto& view_k = batch.view_k;
  const auto q = encoder_->forward(view_q);  // N×D
  const auto k =
      options_.shuffle_bn ? shuffled_forward(encoder_, view_k, shuffle_gen_) : encoder_->forward(view_k);  // N×D
  const auto n = q.size(0);
  const auto similarity = losses::similarity(q, k);  // N×N: q_i·k_j
  const auto eye = torch::eye(n, torch::TensorOptions().dtype(torch::kBool).device(q.device()));
  const auto positive = similarity.diagonal();                                         // N
  const auto negative = similarity.masked_select(eye.logical_not()).view({n, n - 1});  // N×(N−1), row i without k_i
  auto out = losses::info_nce_from_similarities(positive, negative, options_.temperature);  // logits N×N
  const auto targets = torch::zeros({n}, torch::TensorOptions().dtype(torch::kInt64).device(q.device()));
  return {out.loss, losses::count_correct(out.logits.detach(), targets), n, q.detach()};
}

}  // namespace contra::methods
