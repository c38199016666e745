#include "contra/methods/byol.h"

#include <torch/torch.h>

#include <cmath>

#include "contra/core/error.h"
#include "contra/losses/info_nce.h"
#include "contra/losses/normalized_mse.h"
#include "contra/losses/similarity.h"
#include "contra/methods/momentum.h"

namespace contra::methods {

void Byol::validate(const ByolOptions& o, const config::Checks& c) {
  c.unit("method.momentum", o.momentum, "τ_base");
  c.require(o.predictor_hidden >= 1 && o.predictor_hidden <= config::kMaxWidth, "method.predictor_hidden",
            o.predictor_hidden, fmt::format("it must lie in [1, {}]", config::kMaxWidth));
}

std::string Byol::describe(const DistinctValues& v) {
  return fmt::format("byol (no negatives; target EMA τ_base = {}, cosine to 1; predictor hidden {})",
                     v("method.momentum"), v("method.predictor_hidden"));
}

Byol::Byol(const config::ModelOptions& model, const ByolOptions& options, const DataShape& data, std::uint64_t)
    : options_(options) {
  validate(options, config::Checks());
  online_ = register_module("online", models::Encoder(model, data.in_channels, model.bn_splits));
  predictor_ = register_module("predictor", models::ProjectionHead(config::Head::mlp, model.dim, options.predictor_hidden,
                                                                   model.dim, model.bn_splits));
  target_ = register_module("target", models::Encoder(model, data.in_channels, model.bn_splits));
  models::copy_weights(*online_, *target_);  // the target starts as the online encoder
  for (auto& p : target_->parameters()) p.set_requires_grad(false);
  step_buffer_ = register_buffer("step", torch::zeros({1}, torch::kInt64));
}

std::vector<torch::Tensor> Byol::trainable_parameters() {
  auto params = online_->parameters();
  for (const auto& p : predictor_->parameters()) params.push_back(p);
  return params;
}

double Byol::chance_loss(std::int64_t) const { return 2 * losses::kNormalizedMseChance; }

double Byol::target_momentum(std::int64_t step) const {
  const auto total = total_steps();
  if (total <= 0) return options_.momentum;
  const double progress = static_cast<double>(std::min(step, total)) / static_cast<double>(total);
  return 1.0 - (1.0 - options_.momentum) * (std::cos(M_PI * progress) + 1.0) / 2.0;
}

StepOutput Byol::forward_step(const Batch& batch) {
  const auto n = batch.view_q.size(0);
  const auto views = torch::cat({batch.view_q, batch.view_k}, 0);  // 2N×C×H×W: BN sees both views
  const auto z = online_->project(views);                           // 2N×D, the projections
  const auto p = predictor_->forward(z);                            // 2N×D, the predictions
  torch::Tensor target;
  {
    torch::NoGradGuard no_grad;
    target_->train();
    target = target_->project(views);  // 2N×D
  }
  const auto p1 = p.slice(0, 0, n), p2 = p.slice(0, n, 2 * n);
  const auto t1 = target.slice(0, 0, n), t2 = target.slice(0, n, 2 * n);
  // Each view's prediction regresses the other view's target (§3.1, symmetrised).
  const auto loss = losses::normalized_mse(p1, t2) + losses::normalized_mse(p2, t1);
  namespace F = torch::nn::functional;
  const auto unit = [](const torch::Tensor& x) { return F::normalize(x.detach(), F::NormalizeFuncOptions().dim(1)); };
  // Pretext accuracy: the target of a query's own image is the nearest of the batch's (N×N cosines).
  const auto targets = torch::arange(n, torch::TensorOptions().dtype(torch::kInt64).device(p.device()));
  const auto correct = losses::count_correct(losses::similarity(unit(p1), unit(t2)), targets) +
                       losses::count_correct(losses::similarity(unit(p2), unit(t1)), targets);
  return {loss, correct, 2 * n, unit(z)};
}

void Byol::after_optimizer_step() {
  momentum_update(*online_, *target_, target_momentum(step_));
  ++step_;
  step_buffer_.fill_(step_);
}

void Byol::after_state_loaded() { step_ = step_buffer_.item<std::int64_t>(); }

}  // namespace contra::methods
