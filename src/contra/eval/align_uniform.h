// Alignment and uniformity of the embeddings (Wang & Isola, "Understanding Contrastive
// Representation Learning through Alignment and Uniformity on the Hypersphere", ICML 2020,
// arXiv:2005.10242, §4.1, Eq. 2 and 3), as DESIGN.md defines them: taken on L2-normalised
// embeddings of two augmented views of held-out images. Lower is better for both.
#pragma once

#include <torch/types.h>

namespace contra::eval {

/// L_align = E‖f(x) − f(x⁺)‖₂^α over positive pairs (Eq. 2; the paper's default α = 2).
/// x, y: N×D embeddings, row i of x and row i of y the two views of image i (N >= 1); computed in
/// float64. Throws core::ContraError when the shapes differ or are not N×D, or when α <= 0.
double alignment(const torch::Tensor& x, const torch::Tensor& y, double alpha = 2);

/// L_uniform = log E exp(−t‖f(x) − f(y)‖₂²) over all pairs of distinct rows i < j (Eq. 3; the
/// paper's default t = 2; the official code's torch.pdist form). x: N×D, N >= 2; computed in float64
/// with a log-sum-exp, `chunk` rows at a time, so N of many thousands needs no N×N matrix at once
/// (128 rows against 10 000: about 10 MB per temporary).
/// Throws core::ContraError when x is not N×D with N >= 2, or when t <= 0 or chunk < 1.
double uniformity(const torch::Tensor& x, double t = 2, std::int64_t chunk = 128);

}  // namespace contra::eval
