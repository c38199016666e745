#include "contra/methods/end_to_end.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/dist/batch_shard.h"
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

torch::Tensor negative_columns(const torch::Tensor& own, std::int64_t total) {
  const auto columns =
      torch::arange(total - 1, torch::TensorOptions().dtype(torch::kInt64).device(own.device())).unsqueeze(0);
  // Column j < own[i] stays j; from own[i] on, every column moves one right, past the positive.
  return columns + columns.ge(own.unsqueeze(1)).to(torch::kInt64);  // n×(N−1)
}

StepOutput EndToEnd::forward_step(const Batch& batch) {
  const auto& view_q = batch.view_q;
  const auto& view_k = batch.view_k;
  const auto& w = world();
  const auto q = encoder_->forward(view_q);  // n×D, this rank's queries
  // N×D: the keys of the global batch, with gradients back to the rank that encoded each.
  const auto k = options_.shuffle_bn ? shuffled_forward(encoder_, view_k, batch.all_k, shuffle_gen_, w)
                                     : dist::gather_with_grad(encoder_->forward(view_k), w);
  const auto n = q.size(0), total = k.size(0);
  const auto similarity = losses::similarity(q, k);   // n×N: q_i·k_j
  const auto own = dist::own_rows(n, w, q.device());  // n: the global position of each query's key
  const auto positive = similarity.gather(1, own.unsqueeze(1)).squeeze(1);  // n
  // n×(N−1), row i without k_i: a gather, whose size the host knows (masked_select's output size
  // would be read back from the device every step).
  const auto negative = similarity.gather(1, negative_columns(own, total));
  auto out = losses::info_nce_from_similarities(positive, negative, options_.temperature);  // logits n×N
  const auto targets = torch::zeros({n}, torch::TensorOptions().dtype(torch::kInt64).device(q.device()));
  return {out.loss, losses::count_correct(out.logits.detach(), targets), n, q.detach()};
}

}  // namespace contra::methods
