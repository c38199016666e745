#include "contra/losses/nce.h"

#include <torch/torch.h>

#include <cmath>

#include "contra/core/error.h"

namespace contra::losses {

torch::Tensor nce_loss(const torch::Tensor& positive, const torch::Tensor& negatives, double tau, double z,
                       std::int64_t n) {
  CONTRA_CHECK(z > 0 && std::isfinite(z), "NCE: the normalising constant Z = {} must be finite and > 0", z);
  return nce_loss(positive, negatives, tau, torch::tensor(z, torch::TensorOptions(torch::kFloat64)), n);
}

torch::Tensor nce_loss(const torch::Tensor& positive, const torch::Tensor& negatives, double tau,
                       const torch::Tensor& z, std::int64_t n) {
  CONTRA_CHECK(tau > 0, "NCE: τ = {} must be > 0", tau);
  CONTRA_CHECK(n >= 1, "NCE: the memory bank has {} rows; it needs at least 1", n);
  CONTRA_CHECK(
      positive.dim() == 1 && negatives.dim() == 2 && negatives.size(0) == positive.size(0) && negatives.size(1) >= 1,
      "NCE: expected positive N and negatives N×m with m >= 1, got {} and {}", positive.sizes(), negatives.sizes());
  const auto m = static_cast<double>(negatives.size(1));
  // h = P/(P + m/n) = sigmoid(a) with a = s/τ − log Z − log(m/n); the shift is a 0-d float64
  // tensor on Z's device, rounded to float32 where it meets the float32 logits.
  const auto shift = (z.to(positive.device(), torch::kFloat64).log() + std::log(m / static_cast<double>(n)));
  const auto a_pos = positive.to(torch::kFloat32) / tau - shift;                         // N
  const auto a_neg = negatives.to(torch::kFloat32) / tau - shift;                        // N×m
  const auto per_image = torch::log_sigmoid(a_pos) + torch::log_sigmoid(-a_neg).sum(1);  // N
  return -per_image.mean();
}

double nce_chance_loss(std::int64_t m) {
  CONTRA_CHECK(m >= 1, "NCE: {} noise samples; it needs at least 1", m);
  const auto md = static_cast<double>(m);
  return std::log1p(md) + md * std::log1p(1.0 / md);
}

torch::Tensor nce_normaliser(const torch::Tensor& negatives, double tau, std::int64_t n) {
  CONTRA_CHECK(tau > 0, "NCE: τ = {} must be > 0", tau);
  CONTRA_CHECK(n >= 1, "NCE: the memory bank has {} rows; it needs at least 1", n);
  CONTRA_CHECK(negatives.numel() >= 1, "NCE: no noise samples to estimate Z from");
  torch::NoGradGuard no_grad;
  return (negatives.detach().to(torch::kFloat64) / tau).exp().mean() * static_cast<double>(n);  // 0-d
}

}  // namespace contra::losses
