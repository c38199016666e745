#include "contra/data/batches.h"

#include <torch/torch.h>

namespace contra::data {

std::int64_t batches_per_epoch(std::int64_t n, std::int64_t batch, bool drop_last) {
  return drop_last ? n / batch : (n + batch - 1) / batch;
}

std::vector<torch::Tensor> epoch_batches(std::int64_t n, std::int64_t batch, bool drop_last, at::Generator& gen) {
  const auto perm = torch::randperm(n, gen, torch::kInt64);
  std::vector<torch::Tensor> out;
  const auto count = batches_per_epoch(n, batch, drop_last);
  for (std::int64_t b = 0; b < count; ++b) {
    const auto start = b * batch;
    out.push_back(perm.slice(0, start, std::min(n, start + batch)));
  }
  return out;
}

}  // namespace contra::data
