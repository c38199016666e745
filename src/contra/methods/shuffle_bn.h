// Shuffling BN (MoCo v1 §3.3, arXiv:1911.05722): the key batch is permuted before the encoder and
// restored after, so that with SplitBatchNorm a query and its own key fall in different BN
// sub-batches and cannot "cheat" through batch statistics. Across ranks it is the official code's
// batch shuffle (moco/builder.py, _batch_shuffle_ddp): gather the key images, permute the global
// batch, encode this rank's share, gather the keys and undo the permutation.
#pragma once

#include <ATen/core/Generator.h>
#include <torch/types.h>

#include "contra/dist/world.h"
#include "contra/models/encoder.h"

namespace contra::methods {

/// The keys of the global batch through a shuffled BN: x is this rank's share (n×C×H×W, the
/// strided rows of dist/batch_shard.h; the whole batch for one process) and the result the N×D
/// embeddings of all N = n·W images, in global order: encoder(X[perm])[perm⁻¹] with X the gathered
/// batch. The permutation is drawn on CPU from `gen` (the same stream on every rank) and broadcast
/// from rank 0; each rank encodes its share of X[perm]. Gradients flow back to each rank's own
/// images when the caller has them enabled (dist::gather_with_grad). Throws core::ContraError when
/// a collective fails.
torch::Tensor shuffled_forward(models::Encoder encoder, const torch::Tensor& x, at::Generator& gen,
                               const dist::World& world);

}  // namespace contra::methods
