#include "contra/methods/shuffle_bn.h"

#include <torch/torch.h>

#include "contra/core/device.h"
#include "contra/dist/batch_shard.h"

namespace contra::methods {

torch::Tensor shuffled_forward(models::Encoder encoder, const torch::Tensor& x, const torch::Tensor& all,
                               at::Generator& gen, const dist::World& world) {
  if (world.single()) {
    const auto perm = core::upload(torch::randperm(x.size(0), gen, torch::kInt64), x.device());
    const auto inverse = torch::argsort(perm);
    return encoder->forward(x.index_select(0, perm)).index_select(0, inverse);  // N×D, in x's order
  }
  const auto global = all.defined() ? all : dist::gather(x, world);  // N×C×H×W, global order
  // Every rank draws the same permutation: the stream starts from the run's seed on every rank and
  // each step draws from it once (the data-parallel test holds W ranks to one process's run).
  const auto perm = core::upload(torch::randperm(global.size(0), gen, torch::kInt64), x.device());
  const auto inverse = torch::argsort(perm);
  const auto mine = encoder->forward(dist::shard(global.index_select(0, perm), world));  // n×D, shuffled positions
  const auto keys = torch::GradMode::is_enabled() ? dist::gather_with_grad(mine, world) : dist::gather(mine, world);
  return keys.index_select(0, inverse);  // N×D, global order
}

}  // namespace contra::methods
