#include "contra/methods/shuffle_bn.h"

#include <torch/torch.h>

#include "contra/core/device.h"

namespace contra::methods {

torch::Tensor shuffled_forward(models::Encoder encoder, const torch::Tensor& x, at::Generator& gen) {
  const auto perm = core::upload(torch::randperm(x.size(0), gen, torch::kInt64), x.device());
  const auto inverse = torch::argsort(perm);
  return encoder->forward(x.index_select(0, perm)).index_select(0, inverse);  // N×D, in x's order
}

}  // namespace contra::methods
