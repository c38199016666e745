// Mini-batches of an epoch: a seeded permutation cut into index tensors.
#pragma once

#include <ATen/core/Generator.h>
#include <torch/types.h>

#include <vector>

namespace contra::data {

/// Number of batches per epoch for n images (drop_last drops the smaller last batch).
std::int64_t batches_per_epoch(std::int64_t n, std::int64_t batch, bool drop_last);

/// The index batches (int64, on CPU) of one epoch over n images, shuffled with `gen`.
/// Every batch has `batch` indices except, when !drop_last, the last one.
std::vector<torch::Tensor> epoch_batches(std::int64_t n, std::int64_t batch, bool drop_last, at::Generator& gen);

}  // namespace contra::data
