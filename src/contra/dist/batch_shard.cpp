#include "contra/dist/batch_shard.h"

#include <torch/torch.h>

#include "contra/core/error.h"

namespace contra::dist {

namespace {

/// The rank-major (W·n)×… result of all_gather -> global order: row r·n + m holds global row m·W + r.
torch::Tensor to_global_order(const torch::Tensor& rank_major, std::int64_t w) {
  auto sizes = rank_major.sizes().vec();
  const auto n = sizes[0] / w;
  std::vector<std::int64_t> split{w, n};
  split.insert(split.end(), sizes.begin() + 1, sizes.end());
  return rank_major.reshape(split).transpose(0, 1).reshape(sizes);
}

/// The autograd node of gather_with_grad. The World is held by address in saved_data (an IValue
/// holds no pointer): the caller's World outlives the step's backward pass.
struct GatherWithGrad : torch::autograd::Function<GatherWithGrad> {
  static torch::Tensor forward(torch::autograd::AutogradContext* ctx, const torch::Tensor& local, std::int64_t world) {
    ctx->saved_data["world"] = world;
    const auto& w = *reinterpret_cast<const World*>(world);
    return to_global_order(w.all_gather(local.contiguous()), w.size());
  }
  static torch::autograd::tensor_list backward(torch::autograd::AutogradContext* ctx,
                                               torch::autograd::tensor_list grads) {
    const auto& w = *reinterpret_cast<const World*>(ctx->saved_data["world"].toInt());
    std::vector<torch::Tensor> summed{grads[0].contiguous().clone()};  // N×…: ∂(this rank's loss)/∂row
    w.all_reduce_sum(summed);                                          // ∂(Σ over ranks' losses)/∂row
    return {shard(summed[0], w), torch::Tensor()};
  }
};

}  // namespace

torch::Tensor shard(const torch::Tensor& global, const World& world) {
  if (world.single()) return global;
  const std::int64_t w = world.size();
  CONTRA_ASSERT(global.size(0) % w == 0, "shard: the global batch is not a multiple of the world size");
  // A contiguous copy: a strided view as a gather index gave other gradients under LibTorch 2.14.
  return global.slice(0, world.rank(), global.size(0), w).contiguous();
}

torch::Tensor own_rows(std::int64_t local, const World& world, const torch::Device& device) {
  return torch::arange(local, torch::TensorOptions().dtype(torch::kInt64).device(device)) * world.size() + world.rank();
}

torch::Tensor gather(const torch::Tensor& local, const World& world) {
  if (world.single()) return local;
  torch::NoGradGuard no_grad;
  return to_global_order(world.all_gather(local.detach()), world.size());
}

namespace {
bool g_drop_gather_gradients = false;
}  // namespace

void drop_gather_gradients_for_testing(bool on) { g_drop_gather_gradients = on; }

torch::Tensor gather_with_grad(const torch::Tensor& local, const World& world) {
  if (world.single()) return local;
  if (g_drop_gather_gradients)  // the fault: the other ranks' rows without gradients, this rank's own with them
    return gather(local, world).index_copy(0, own_rows(local.size(0), world, local.device()), local);
  return GatherWithGrad::apply(local, reinterpret_cast<std::int64_t>(&world));
}

}  // namespace contra::dist
