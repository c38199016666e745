// The validation split (data.validation): training images held out so that settings are chosen
// without reading the test split (docs/recipe.md). The draw is fixed: the same images for every
// run, seed, method and machine, so every run of a study is judged on one set, and none of them is
// ever trained on.
#pragma once

#include <cstdint>
#include <string>

#include "contra/data/dataset.h"

namespace contra::data {

/// The seed of the validation draw: a constant, independent of run.seed (every seed of a study
/// holds out the same images).
inline constexpr std::uint64_t kValidationSeed = 0x76616c6964ULL;  // "valid"

/// Indices (int64, ascending) of the `count` images of a training split of `total` images that
/// form the validation split: the first `count` of a fixed random permutation of [0, total)
/// (kValidationSeed), sorted. Throws core::ContraError (prefixed with `where`) naming
/// data.validation unless 0 < count < total.
torch::Tensor validation_indices(std::int64_t total, std::int64_t count, const std::string& where);

/// Moves the validation_indices(train.size(), count) images of `d.train` to `d.validation`; the
/// rest stay in `d.train`, in their order. The normalisation constants are not touched (they are
/// the whole training split's, computed before). Throws as validation_indices does.
void hold_out_validation(Dataset& d, std::int64_t count, const std::string& where);

}  // namespace contra::data
