#include "contra/methods/simclr.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/dist/batch_shard.h"
#include "contra/losses/nt_xent.h"

namespace contra::methods {

SimClr::SimClr(const config::ModelOptions& model, const SimClrOptions& options, const DataShape& data, std::uint64_t)
    : options_(options) {
  validate(options, config::Checks());
  encoder_ = register_module("encoder", models::Encoder(model, data.in_channels));
}

StepOutput SimClr::forward_step(const Batch& batch) {
  const auto& view_q = batch.view_q;
  const auto& view_k = batch.view_k;
  const auto n = view_q.size(0);
  // Both views in one forward pass, so BN sees all 2N images (SimCLR's global BN on one device).
  // 2N×D: unit vectors (cosine similarity), or the raw head outputs when method.l2_norm is false.
  const auto views = torch::cat({view_q, view_k}, 0);
  const auto z = options_.l2_norm ? encoder_->forward(views) : encoder_->project(views);
  const auto z1 = z.slice(0, 0, n), z2 = z.slice(0, n, 2 * n);
  torch::Tensor loss, correct;
  if (world().single()) {
    auto out = losses::nt_xent(z1, z2, options_.temperature);  // logits 2N×2N
    loss = out.loss;
    correct = losses::count_correct(out.logits.detach(), losses::nt_xent_targets(n, z.device()));
  } else {
    // Several ranks: this rank's 2n anchors against the 2N views of the global batch, gathered with
    // gradients back to the rank that encoded each (without that path the loss differs: solo-learn #253).
    const auto& w = world();
    auto out = losses::nt_xent_anchors(dist::gather_with_grad(z1, w), dist::gather_with_grad(z2, w),
                                       dist::own_rows(n, w, z.device()), options_.temperature);  // logits 2n×2N
    loss = out.loss;
    correct = losses::count_correct(out.logits.detach(), out.targets);
  }
  // Collapse detection sees unit vectors either way; z already is one under the norm.
  const auto unit = options_.l2_norm ? z.detach()
                                     : torch::nn::functional::normalize(
                                           z.detach(), torch::nn::functional::NormalizeFuncOptions().dim(1));
  return {loss, correct, 2 * n, unit};
}

}  // namespace contra::methods
