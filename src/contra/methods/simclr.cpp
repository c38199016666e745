#include "contra/methods/simclr.h"

#include <torch/torch.h>

#include "contra/core/error.h"
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
  auto out = losses::nt_xent(z1, z2, options_.temperature);  // logits 2N×2N
  const auto targets = losses::nt_xent_targets(n, z.device());
  // Collapse detection sees unit vectors either way; z already is one under the norm.
  const auto unit = options_.l2_norm ? z.detach()
                                     : torch::nn::functional::normalize(
                                           z.detach(), torch::nn::functional::NormalizeFuncOptions().dim(1));
  return {out.loss, losses::count_correct(out.logits.detach(), targets), 2 * n, unit};
}

}  // namespace contra::methods
