#include "contra/losses/normalized_mse.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/losses/similarity.h"

namespace contra::losses {

torch::Tensor normalized_mse(const torch::Tensor& p, const torch::Tensor& z) {
  CONTRA_CHECK(p.dim() == 2 && p.sizes() == z.sizes(), "normalized MSE: expected p and z N×D, got {} and {}",
               p.sizes(), z.sizes());
  namespace F = torch::nn::functional;
  const auto unit = [](const torch::Tensor& x) {
    return F::normalize(x.to(torch::kFloat32), F::NormalizeFuncOptions().dim(1));
  };
  return (2.0 - 2.0 * row_similarity(unit(p), unit(z))).mean();  // row_similarity: N, autocast off
}

}  // namespace contra::losses
