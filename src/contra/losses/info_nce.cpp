#include "contra/losses/info_nce.h"

#include <torch/torch.h>

#include <cmath>

#include "contra/core/error.h"
#include "contra/losses/similarity.h"

namespace contra::losses {

ContrastiveOutput info_nce_from_similarities(const torch::Tensor& positive, const torch::Tensor& negatives,
                                             double tau) {
  CONTRA_CHECK(tau > 0, "InfoNCE: temperature τ = {} must be > 0", tau);
  CONTRA_CHECK(positive.dim() == 1 && negatives.dim() == 2 && negatives.size(0) == positive.size(0),
               "InfoNCE: expected positive N and negatives N×K, got {} and {}", positive.sizes(), negatives.sizes());
  // logits: N×(1+K) in float32, also under autocast.
  auto logits = torch::cat({positive.to(torch::kFloat32).unsqueeze(1), negatives.to(torch::kFloat32)}, 1) / tau;
  // Cross-entropy with label 0: -log softmax(logits)[0], computed with log-sum-exp.
  auto loss = (torch::logsumexp(logits, 1) - logits.select(1, 0)).mean();
  return {loss, logits};
}

ContrastiveOutput info_nce(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& negatives, double tau) {
  CONTRA_CHECK(q.dim() == 2 && q.sizes() == k.sizes() && negatives.dim() == 2 && negatives.size(0) == q.size(1),
               "InfoNCE: expected q N×D, k N×D and negatives D×K, got {}, {} and {}", q.sizes(), k.sizes(),
               negatives.sizes());
  const auto positive = row_similarity(q, k);     // N
  const auto neg = similarity(q, negatives.t());  // N×K
  return info_nce_from_similarities(positive, neg, tau);
}

double info_nce_chance_loss(std::int64_t negatives) { return std::log1p(static_cast<double>(negatives)); }

torch::Tensor count_correct(const torch::Tensor& logits, const torch::Tensor& targets) {
  // A row with a NaN or +inf logit (a diverged step) is never correct: argmax of NaN would say
  // column 0. −inf is a masked-out column (NT-Xent's self-similarity) and counts as any logit.
  const auto diverged = torch::isnan(logits).logical_or(torch::isposinf(logits)).any(1);
  return ((logits.argmax(1) == targets) & diverged.logical_not()).sum();
}

}  // namespace contra::losses
