// Seeding: one seed per run drives the weights, the data order and the augmentation.
#pragma once

#include <ATen/core/Generator.h>
#include <c10/core/Device.h>

#include <cstdint>

namespace contra::core {

/// Seeds LibTorch's global generators (CPU and, when present, CUDA) for weight initialisation.
void seed_everything(std::uint64_t seed);

/// A CPU generator for one random stream of a run. Streams are independent: `stream` 0 is the
/// data order, 1 the augmentation, 2 the negatives stores, and so on. Random numbers are drawn on
/// CPU and moved to the run's device, so a seed gives the same draws on every device; the memory
/// bank's negatives are the exception (below).
at::Generator make_generator(std::uint64_t seed, std::uint64_t stream);

/// The same stream on `device`, for draws made where they are used (the memory bank's N×K
/// negatives, drawn on the bank's device every step). On CPU it is make_generator(seed, stream)
/// itself, so CPU draws do not change; on another device it is a generator of that device's kind
/// (a clone of its default generator, reseeded) with the same derived seed: seeded and
/// checkpointable, but its draws differ from the CPU's (another engine).
at::Generator make_generator(std::uint64_t seed, std::uint64_t stream, const c10::Device& device);

}  // namespace contra::core
