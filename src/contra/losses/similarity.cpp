#include "contra/losses/similarity.h"

#include <c10/core/impl/LocalDispatchKeySet.h>
#include <torch/torch.h>

namespace contra::losses {

namespace {

/// Turns autocast off for the current scope (its dispatch keys are excluded), so a mm runs in the
/// dtype of its inputs.
struct NoAutocast {
  c10::impl::ExcludeDispatchKeyGuard guard{c10::autocast_dispatch_keyset};
};

}  // namespace

torch::Tensor similarity(const torch::Tensor& a, const torch::Tensor& b) {
  NoAutocast off;
  return a.to(torch::kFloat32).mm(b.to(torch::kFloat32).t());  // N×M
}

torch::Tensor row_similarity(const torch::Tensor& a, const torch::Tensor& b) {
  NoAutocast off;
  return (a.to(torch::kFloat32) * b.to(torch::kFloat32)).sum(1);  // N
}

torch::Tensor gathered_similarity(const torch::Tensor& q, const torch::Tensor& rows, const torch::Tensor& index) {
  NoAutocast off;
  const auto n = index.size(0), k = index.size(1), d = rows.size(1);
  const auto picked = rows.index_select(0, index.reshape({-1})).view({n, k, d}).to(torch::kFloat32);  // N×K×D
  return torch::bmm(picked, q.to(torch::kFloat32).unsqueeze(2)).squeeze(2);                           // N×K
}

torch::Tensor sampled_similarity(const torch::Tensor& q, const torch::Tensor& rows, const torch::Tensor& index) {
  if (rows.size(0) * 4 <= index.size(1) * rows.size(1)) return similarity(q, rows).gather(1, index);  // N×K
  return gathered_similarity(q, rows, index);                                                         // N×K
}

}  // namespace contra::losses
