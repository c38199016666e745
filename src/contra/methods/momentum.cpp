#include "contra/methods/momentum.h"

#include <torch/torch.h>

#include "contra/core/error.h"

namespace contra::methods {

void momentum_update(const torch::nn::Module& query, torch::nn::Module& key, double m) {
  CONTRA_CHECK(m >= 0 && m <= 1, "momentum m = {} must lie in [0, 1]", m);
  torch::NoGradGuard no_grad;
  const auto q = query.parameters();
  auto k = key.parameters();
  CONTRA_ASSERT(q.size() == k.size(), "momentum_update: encoders differ in structure");
  if (m == 0.0) {
    for (std::size_t i = 0; i < q.size(); ++i) k[i].copy_(q[i]);
    return;
  }
  if (!k.empty() && k.front().is_cuda()) {
    // One multi-tensor call per operation for the whole list: fused kernels on CUDA. On CPU,
    // LibTorch 1.13's multi-tensor ops loop over the tensors themselves and were slower than the
    // loop below (bench_momentum, bench/README.md), so the CPU keeps the loop. Element for element
    // both compute θk.mul_(m).add_(θq, 1 − m), the official code's arithmetic.
    torch::_foreach_mul_(k, m);
    torch::_foreach_add_(k, q, 1.0 - m);
    return;
  }
  for (std::size_t i = 0; i < q.size(); ++i) k[i].mul_(m).add_(q[i], 1.0 - m);
}

}  // namespace contra::methods
