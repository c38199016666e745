#include "contra/core/seed.h"

#include <ATen/CPUGeneratorImpl.h>
#include <torch/torch.h>

namespace contra::core {

void seed_everything(std::uint64_t seed) { torch::manual_seed(seed); }

at::Generator make_generator(std::uint64_t seed, std::uint64_t stream) {
  // splitmix64 of (seed, stream), so neighbouring seeds give unrelated streams.
  std::uint64_t z = seed * 0x9e3779b97f4a7c15ULL + (stream + 1) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return at::detail::createCPUGenerator(z);
}

}  // namespace contra::core
