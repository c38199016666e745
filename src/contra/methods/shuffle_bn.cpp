#include "contra/methods/shuffle_bn.h"

#include <torch/torch.h>

#include "contra/core/device.h"
#include "contra/dist/batch_shard.h"

namespace contra::methods {

torch::Tensor shuffled_forward(models::Encoder encoder, const torch::Tensor& x, at::Generator& gen,
                               const dist::World& world) {
  if (world.single()) {
    const auto perm = core::upload(torch::randperm(x.size(0), gen, torch::kInt64), x.device());
    const auto inverse = torch::argsort(perm);
    return encoder->forward(x.index_select(0, perm)).index_select(0, inverse);  // N×D, in x's order
  }
  const auto all = dist::gather(x, world);  // N×C×H×W, global order
  std::vector<torch::Tensor> drawn{torch::randperm(all.size(0), gen, torch::kInt64)};
  world.broadcast(drawn);  // rank 0's permutation (every rank drew the same one from the same stream)
  const auto perm = core::upload(drawn[0], x.device());
  const auto inverse = torch::argsort(perm);
  const auto mine = encoder->forward(dist::shard(all.index_select(0, perm), world));  // n×D, shuffled positions
  const auto keys = torch::GradMode::is_enabled() ? dist::gather_with_grad(mine, world) : dist::gather(mine, world);
  return keys.index_select(0, inverse);  // N×D, global order
}

}  // namespace contra::methods
