#include "contra/eval/align_uniform.h"

#include <torch/torch.h>

#include <cmath>
#include <limits>
#include <vector>

#include "contra/core/error.h"

namespace contra::eval {

double alignment(const torch::Tensor& x, const torch::Tensor& y, double alpha) {
  CONTRA_CHECK(alpha > 0, "alignment: α = {} must be > 0", alpha);
  CONTRA_CHECK(x.dim() == 2 && x.sizes() == y.sizes() && x.size(0) >= 1,
               "alignment: expected two N×D embeddings with N >= 1, got {} and {}", x.sizes(), y.sizes());
  torch::NoGradGuard no_grad;
  const auto d = (x.to(torch::kFloat64) - y.to(torch::kFloat64)).norm(2, 1);  // N
  return d.pow(alpha).mean().item<double>();
}

double uniformity(const torch::Tensor& x, double t, std::int64_t chunk) {
  CONTRA_CHECK(t > 0, "uniformity: t = {} must be > 0", t);
  CONTRA_CHECK(chunk >= 1, "uniformity: chunk = {} must be >= 1", chunk);
  CONTRA_CHECK(x.dim() == 2 && x.size(0) >= 2, "uniformity: expected N×D embeddings with N >= 2, got {}", x.sizes());
  torch::NoGradGuard no_grad;
  const auto z = x.to(torch::kFloat64);
  const auto n = z.size(0);
  const auto sq_norm = z.pow(2).sum(1);  // N
  std::vector<torch::Tensor> partial;    // per chunk: log Σ exp(−t·d²) over its pairs i < j
  for (std::int64_t start = 0; start + 1 < n; start += chunk) {
    const auto end = std::min(n, start + chunk);
    const auto rows = z.slice(0, start, end);    // c×D
    const auto cols = z.slice(0, start + 1, n);  // (N−start−1)×D
    auto d2 = sq_norm.slice(0, start, end).unsqueeze(1) + sq_norm.slice(0, start + 1, n).unsqueeze(0) -
              2 * rows.mm(cols.t());  // c×(N−start−1)
    // Row r (image start + r) pairs with column c (image start + 1 + c) when c >= r: j > i.
    const auto keep = torch::ones_like(d2, torch::kBool).triu(0);
    auto scores = (-t * d2.clamp_min(0)).masked_fill(keep.logical_not(), -std::numeric_limits<double>::infinity());
    partial.push_back(torch::logsumexp(scores.flatten(), 0));
  }
  const double pairs = static_cast<double>(n) * static_cast<double>(n - 1) / 2;
  return torch::logsumexp(torch::stack(partial), 0).item<double>() - std::log(pairs);
}

}  // namespace contra::eval
