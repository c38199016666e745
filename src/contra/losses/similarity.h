// Dot-product similarities of L2-normalised embeddings, in float32 also under autocast: the
// logits of InfoNCE and NT-Xent divide them by τ, and at τ = 0.01 the bf16 rounding of a mm
// (about 0.4% on a unit vector's squared norm) shifts a logit by 0.4 (case C2).
#pragma once

#include <torch/types.h>

namespace contra::losses {

/// a: N×D, b: M×D -> a·bᵀ, N×M float32, computed with autocast off.
torch::Tensor similarity(const torch::Tensor& a, const torch::Tensor& b);

/// a: N×D, b: N×D -> the row-wise dot products, N float32, with autocast off.
torch::Tensor row_similarity(const torch::Tensor& a, const torch::Tensor& b);

/// q: N×D, rows: R×D, index: N×K int64 -> q_n·rows[index[n, j]], N×K float32, with autocast off.
/// Gathers N×K×D rows; sampled_similarity picks between this and scoring every row.
torch::Tensor gathered_similarity(const torch::Tensor& q, const torch::Tensor& rows, const torch::Tensor& index);

/// The same N×K similarities by the cheaper of two ways: gathering the N×K×D rows
/// (gathered_similarity), or, when R·4 <= K·D, scoring every row once (N×R) and gathering the
/// N×K logits, which then takes at least 4× less memory (memory bank negatives, InstDisc §3.2).
torch::Tensor sampled_similarity(const torch::Tensor& q, const torch::Tensor& rows, const torch::Tensor& index);

}  // namespace contra::losses
