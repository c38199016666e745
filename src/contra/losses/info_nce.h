// InfoNCE (van den Oord et al., arXiv:1807.03748; MoCo v1 Eq. 1, arXiv:1911.05722), a pure
// function: device and dtype come from the inputs.
#pragma once

#include <torch/types.h>

namespace contra::losses {

/// The loss and the logits it was computed from.
struct ContrastiveOutput {
  torch::Tensor loss;    ///< scalar, float32: mean cross-entropy
  torch::Tensor logits;  ///< float32 logits, positives in column 0 (InfoNCE) or the twin's column (NT-Xent)
};

/// InfoNCE from similarities: logits = [s₊ | s⁻] / τ, N×(1+K), label 0, mean cross-entropy.
/// `positive`: N (q·k₊); `negatives`: N×K (q·k⁻). Both are cast to float32 before dividing by τ
/// and the cross-entropy uses log-sum-exp, so it stays finite at low τ and under autocast.
/// Throws ContraError when τ <= 0 or the shapes disagree.
ContrastiveOutput info_nce_from_similarities(const torch::Tensor& positive, const torch::Tensor& negatives, double tau);

/// InfoNCE with a shared set of negatives (MoCo's queue, end-to-end's batch):
/// q: N×D and k: N×D, L2-normalised; negatives: D×K (the queue's layout). logits: N×(1+K).
ContrastiveOutput info_nce(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& negatives, double tau);

/// The InfoNCE loss at chance, when all 1+K logits are equal: ln(1 + K). K >= 0 negatives.
double info_nce_chance_loss(std::int64_t negatives);

/// Top-1 agreement of the logits with the labels: the number of rows whose largest logit is the
/// positive's column (`targets`: N int64), as a 0-d tensor on the logits' device. A row with a NaN
/// or +inf logit (a diverged step) never counts; −inf (a masked-out column) is allowed.
torch::Tensor count_correct(const torch::Tensor& logits, const torch::Tensor& targets);

}  // namespace contra::losses
