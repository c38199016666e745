#include "contra/losses/nt_xent.h"

#include <torch/torch.h>

#include <limits>

#include "contra/core/error.h"
#include "contra/losses/similarity.h"

namespace contra::losses {

torch::Tensor nt_xent_targets(std::int64_t n, const torch::Device& device) {
  const auto opts = torch::TensorOptions().dtype(torch::kInt64).device(device);
  return torch::cat({torch::arange(n, 2 * n, opts), torch::arange(0, n, opts)});
}

ContrastiveOutput nt_xent(const torch::Tensor& z1, const torch::Tensor& z2, double tau) {
  CONTRA_CHECK(tau > 0, "NT-Xent: temperature τ = {} must be > 0", tau);
  CONTRA_CHECK(z1.dim() == 2 && z1.sizes() == z2.sizes() && z1.size(0) >= 2,
               "NT-Xent: expected two N×D views with N >= 2, got {} and {}", z1.sizes(), z2.sizes());
  const auto n = z1.size(0);
  const auto z = torch::cat({z1, z2}, 0);  // 2N×D
  auto logits = similarity(z, z) / tau;    // 2N×2N, float32 also under autocast
  const auto self = torch::eye(2 * n, torch::TensorOptions().dtype(torch::kBool).device(z.device()));
  logits = logits.masked_fill(self, -std::numeric_limits<float>::infinity());
  const auto targets = nt_xent_targets(n, z.device());
  const auto positive = logits.gather(1, targets.unsqueeze(1)).squeeze(1);  // 2N
  auto loss = (torch::logsumexp(logits, 1) - positive).mean();
  return {loss, logits};
}

AnchoredOutput nt_xent_anchors(const torch::Tensor& z1, const torch::Tensor& z2, const torch::Tensor& rows,
                               double tau) {
  CONTRA_CHECK(tau > 0, "NT-Xent: temperature τ = {} must be > 0", tau);
  CONTRA_CHECK(z1.dim() == 2 && z1.sizes() == z2.sizes() && z1.size(0) >= 2 && rows.dim() == 1,
               "NT-Xent: expected two N×D views with N >= 2 and 1-D anchor rows, got {}, {} and {}", z1.sizes(),
               z2.sizes(), rows.sizes());
  const auto n = z1.size(0);
  const auto z = torch::cat({z1, z2}, 0);                      // 2N×D
  const auto self = torch::cat({rows, rows + n});              // 2M: each anchor's own column
  const auto twin = torch::cat({rows + n, rows});              // 2M: its positive's column
  auto logits = similarity(z.index_select(0, self), z) / tau;  // 2M×2N, float32 also under autocast
  logits = logits.scatter(1, self.unsqueeze(1), -std::numeric_limits<float>::infinity());
  const auto positive = logits.gather(1, twin.unsqueeze(1)).squeeze(1);  // 2M
  auto loss = (torch::logsumexp(logits, 1) - positive).mean();
  return {loss, logits, twin};
}

}  // namespace contra::losses
