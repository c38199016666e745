// Shuffling BN (MoCo v1 §3.3, arXiv:1911.05722): the key batch is permuted before the encoder and
// restored after, so that with SplitBatchNorm a query and its own key fall in different BN
// sub-batches and cannot "cheat" through batch statistics. Across ranks it is the official code's
// batch shuffle (moco/builder.py, _batch_shuffle_ddp): permute the global batch, encode this rank's
// share, gather the keys and undo the permutation. The official code gathers the key images and
// broadcasts rank 0's permutation; here every rank already holds the global batch's views and draws
// the same permutation from a shared stream, so neither is needed.
#pragma once

#include <ATen/core/Generator.h>
#include <torch/types.h>

#include "contra/dist/world.h"
#include "contra/models/encoder.h"

namespace contra::methods {

/// The keys of the global batch through a shuffled BN: x is this rank's share (n×C×H×W, the
/// strided rows of dist/batch_shard.h; the whole batch for one process), `all` the global batch
/// X (N = n·W images, which every rank holds in training, methods::Batch::all_k; undefined: it is
/// gathered from the shares), and the result the N×D embeddings of X in global order:
/// encoder(X[perm])[perm⁻¹]. The permutation is drawn on the CPU from `gen`, the same stream on
/// every rank, so every rank draws the same one without a broadcast; each rank encodes its share
/// of X[perm], and one gather returns the keys. Gradients flow back to each rank's own images when
/// the caller has them enabled (dist::gather_with_grad). Throws core::ContraError when a
/// collective fails.
torch::Tensor shuffled_forward(models::Encoder encoder, const torch::Tensor& x, const torch::Tensor& all,
                               at::Generator& gen, const dist::World& world);

}  // namespace contra::methods
