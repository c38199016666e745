// NT-Xent, the normalised temperature-scaled cross-entropy of SimCLR (Chen et al., A Simple
// Framework for Contrastive Learning of Visual Representations, ICML 2020, arXiv:2002.05709,
// §2.1 Eq. 1). A pure function: device and dtype come from the inputs.
#pragma once

#include <torch/types.h>

#include "contra/losses/info_nce.h"

namespace contra::losses {

/// NT-Xent over 2N views: z1, z2 are N×D, row i of z1 and row i of z2 are twins; L2-normalised
/// for the cosine similarity of Eq. 1, or not for SimCLR Table 5's dot-product variant.
/// With z = [z1; z2] (2N×D), logits = z·zᵀ/τ (2N×2N) in float32 with the diagonal (self-similarity)
/// masked to −inf; each anchor's positive is its twin and its negatives are the other 2N−2 views.
/// The loss is the cross-entropy mean over all 2N anchors, computed with log-sum-exp, so it stays
/// finite at low τ and under autocast. The returned logits are 2N×2N; the twin of anchor a is
/// (a + N) mod 2N (see nt_xent_targets). Throws ContraError when τ <= 0, N < 2 or shapes disagree.
ContrastiveOutput nt_xent(const torch::Tensor& z1, const torch::Tensor& z2, double tau);

/// NT-Xent for some of the 2N anchors, against all 2N views: the loss of one rank in data-parallel
/// training, whose anchors are its own images' views while the negatives are the global batch's.
/// z1, z2: N×D as in nt_xent; rows: int64 M, distinct positions in [0, N) of the anchor images.
/// The anchors are z1[rows] then z2[rows] (2M); logits = anchors·[z1; z2]ᵀ/τ (2M×2N, float32,
/// each anchor's own column masked to −inf); the loss is the mean over the 2M anchors, so the mean
/// of the ranks' losses over a partition of 0..N−1 into equal parts is nt_xent's. `targets` (2M)
/// holds each anchor's twin column. Throws ContraError as nt_xent does, or when rows is not 1-D.
struct AnchoredOutput {
  torch::Tensor loss;     ///< scalar, float32
  torch::Tensor logits;   ///< 2M×2N
  torch::Tensor targets;  ///< 2M int64, the twin's column
};
AnchoredOutput nt_xent_anchors(const torch::Tensor& z1, const torch::Tensor& z2, const torch::Tensor& rows, double tau);

/// The twin of each of the 2N anchors: [N, ..., 2N−1, 0, ..., N−1], int64 on `device`.
torch::Tensor nt_xent_targets(std::int64_t n, const torch::Device& device);

}  // namespace contra::losses
