// Seeding: one seed per run drives the weights, the data order and the augmentation.
#pragma once

#include <ATen/core/Generator.h>

#include <cstdint>

namespace contra::core {

/// Seeds LibTorch's global generators (CPU and, when present, CUDA) for weight initialisation.
void seed_everything(std::uint64_t seed);

/// A CPU generator for one random stream of a run. Streams are independent: `stream` 0 is the
/// data order, 1 the augmentation, 2 the negatives stores, and so on. Random numbers are always
/// drawn on CPU and moved to the run's device, so a seed gives the same draws on every device.
at::Generator make_generator(std::uint64_t seed, std::uint64_t stream);

}  // namespace contra::core
