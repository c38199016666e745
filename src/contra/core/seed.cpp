#include "contra/core/seed.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Context.h>
#include <torch/torch.h>

#include <mutex>

namespace contra::core {

void seed_everything(std::uint64_t seed) { torch::manual_seed(seed); }

namespace {

/// splitmix64 of (seed, stream), so neighbouring seeds give unrelated streams.
std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ULL + (stream + 1) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return z;
}

}  // namespace

at::Generator make_generator(std::uint64_t seed, std::uint64_t stream) {
  return at::detail::createCPUGenerator(stream_seed(seed, stream));
}

at::Generator make_generator(std::uint64_t seed, std::uint64_t stream, const c10::Device& device) {
  if (device.is_cpu()) return make_generator(seed, stream);
  // Cloned from the device's default generator: a new generator of the right kind without the
  // device's own headers (CUDA-only code stays out of this file), then given its own seed.
  at::Generator default_gen = at::globalContext().defaultGenerator(device);  // a handle on it
  at::Generator gen;
  {
    std::lock_guard<std::mutex> lock(default_gen.mutex());
    gen = default_gen.clone();
  }
  {
    std::lock_guard<std::mutex> lock(gen.mutex());
    gen.set_current_seed(stream_seed(seed, stream));
  }
  return gen;
}

}  // namespace contra::core
