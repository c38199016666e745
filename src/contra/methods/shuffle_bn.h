// Shuffling BN (MoCo v1 §3.3, arXiv:1911.05722): the key batch is permuted before the encoder and
// restored after, so that with SplitBatchNorm a query and its own key fall in different BN
// sub-batches and cannot "cheat" through batch statistics.
#pragma once

#include <ATen/core/Generator.h>
#include <torch/types.h>

#include "contra/models/encoder.h"

namespace contra::methods {

/// encoder(x[perm])[perm⁻¹]: N×D embeddings in x's order. The permutation is drawn on CPU from
/// `gen`. Gradients flow when the caller has them enabled.
torch::Tensor shuffled_forward(models::Encoder encoder, const torch::Tensor& x, at::Generator& gen);

}  // namespace contra::methods
