// A rank's share of a global batch, and the gathers that rebuild the global batch from the shares,
// with and without gradients. The share is strided, not contiguous: rank r of W takes the global
// rows r, r + W, r + 2W, … . SplitBatchNorm (models/split_batch_norm.h) puts image n of a batch
// in split n mod s, so with W dividing s, each of a rank's s/W local splits is exactly one split
// of the global batch: one process with batch B and s splits computes what W ranks with B/W and
// s/W splits each compute (DESIGN.md, "Scale").
#pragma once

#include <torch/types.h>

#include "contra/dist/world.h"

namespace contra::dist {

/// Rows rank, rank + W, … of `global` (N×…, N a multiple of W): (N/W)×…, contiguous. The identity
/// for one process.
torch::Tensor shard(const torch::Tensor& global, const World& world);

/// The global positions of this rank's rows in a batch of `local` rows per rank: int64 `local`,
/// [rank, rank + W, …] on `device`.
torch::Tensor own_rows(std::int64_t local, const World& world, const torch::Device& device);

/// Every rank's shard, back in global order: local (N/W)×… -> N×…, the inverse of shard().
/// Without gradients. The identity for one process.
torch::Tensor gather(const torch::Tensor& local, const World& world);

/// gather() with gradients back to each rank's own rows: in the backward pass the gradient of the
/// global N×… result is summed over the ranks (every rank's loss reads every row) and each rank
/// keeps its shard's rows. What end-to-end and SimCLR need for negatives from the global batch: a
/// gather without this path gives a different gradient (solo-learn #253). The identity for one process.
torch::Tensor gather_with_grad(const torch::Tensor& local, const World& world);

/// Testing aid: while on, gather_with_grad keeps the gradient path of this rank's own rows only
/// (the other ranks' rows come from gather(), without gradients), the fault of solo-learn #253, so
/// that a test can see the equivalence it breaks fail.
void drop_gather_gradients_for_testing(bool on);

}  // namespace contra::dist
