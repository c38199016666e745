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
  // One multi-tensor call per operation instead of two per parameter (fused CUDA kernels; on CPU
  // one dispatch per list). Element for element the same arithmetic as θk.mul_(m).add_(θq, 1 − m).
  torch::_foreach_mul_(k, m);
  torch::_foreach_add_(k, q, 1.0 - m);
}

}  // namespace contra::methods
