// Keeping a module's replicas equal across the ranks: the start-of-run broadcast of parameters and
// buffers, the gradient all-reduce after each backward pass, and the averaging of BN running
// statistics (DDP's job in Python; LibTorch's C++ API has none).
#pragma once

#include <torch/nn/module.h>
#include <torch/types.h>

#include <cstdint>
#include <vector>

#include "contra/dist/world.h"

namespace contra::dist {

/// The bucket size of the gradient all-reduce, in bytes (25 MiB: DDP's default bucket_cap_mb).
inline constexpr std::int64_t kGradientBucketBytes = 25 << 20;

/// Copies rank 0's parameters and buffers into every rank's `module` (the start of a run: the
/// replicas start equal however each was built). Throws core::ContraError as World's collectives do.
void broadcast_module(torch::nn::Module& module, const World& world);

/// After backward: every parameter's gradient becomes its mean over the ranks (sum, then divide by
/// W: gloo has no average), flattened into buckets of at most `bucket_bytes` per dtype and device,
/// so W ranks that each took the mean loss over B/W images hold the gradient of the mean over all B.
/// Parameters without a gradient are skipped (the same ones on every rank). Nothing for one process.
void average_gradients(const std::vector<torch::Tensor>& parameters, const World& world,
                       std::int64_t bucket_bytes = kGradientBucketBytes);

/// After a step: every BN running mean and variance of `module` (buffers named running_mean,
/// running_var) becomes its mean over the ranks, in one bucket, so that the ranks' statistics, each
/// the mean over its own splits, equal one process's mean over all the splits (SplitBatchNorm's
/// update is linear in the split statistics). Nothing for one process.
void average_bn_statistics(torch::nn::Module& module, const World& world);

}  // namespace contra::dist
