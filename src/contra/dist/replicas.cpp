#include "contra/dist/replicas.h"

#include <torch/torch.h>

#include <limits>
#include <map>
#include <string>
#include <utility>

namespace contra::dist {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

/// Sums `tensors` over the ranks and divides by W, through flat buckets of at most `bucket_bytes`
/// (one tensor larger than that is a bucket of its own), grouped by dtype and device.
void average_in_buckets(const std::vector<torch::Tensor>& tensors, const World& world, std::int64_t bucket_bytes) {
  std::map<std::pair<int, std::string>, std::vector<torch::Tensor>> groups;
  for (const auto& t : tensors) groups[{static_cast<int>(t.scalar_type()), t.device().str()}].push_back(t);
  const double w = static_cast<double>(world.size());
  for (auto& [key, group] : groups) {
    std::size_t first = 0;
    while (first < group.size()) {
      std::size_t last = first;
      std::int64_t bytes = 0;
      while (last < group.size() &&
             (last == first || bytes + group[last].numel() * group[last].element_size() <= bucket_bytes)) {
        bytes += group[last].numel() * group[last].element_size();
        ++last;
      }
      std::vector<torch::Tensor> flat_parts;
      for (auto i = first; i < last; ++i) flat_parts.push_back(group[i].reshape({-1}));
      std::vector<torch::Tensor> bucket{torch::cat(flat_parts)};
      world.all_reduce_sum(bucket);
      bucket[0].div_(w);
      std::int64_t offset = 0;
      for (auto i = first; i < last; ++i) {
        const auto n = group[i].numel();
        group[i].copy_(bucket[0].slice(0, offset, offset + n).view_as(group[i]));
        offset += n;
      }
      first = last;
    }
  }
}

}  // namespace

void broadcast_module(torch::nn::Module& module, const World& world) {
  if (world.single()) return;
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> state;
  for (const auto& p : module.parameters()) state.push_back(p.data());
  for (const auto& b : module.buffers()) state.push_back(b);
  std::vector<torch::Tensor> contiguous;
  for (const auto& t : state) contiguous.push_back(t.contiguous());
  world.broadcast(contiguous);
  for (std::size_t i = 0; i < state.size(); ++i)
    if (!contiguous[i].is_same(state[i])) state[i].copy_(contiguous[i]);
}

void average_gradients(const std::vector<torch::Tensor>& parameters, const World& world, std::int64_t bucket_bytes) {
  if (world.single()) return;
  std::vector<torch::Tensor> grads;
  for (const auto& p : parameters)
    if (p.grad().defined()) grads.push_back(p.mutable_grad());
  average_in_buckets(grads, world, bucket_bytes);
}

void average_bn_statistics(torch::nn::Module& module, const World& world) {
  if (world.single()) return;
  torch::NoGradGuard no_grad;
  std::vector<torch::Tensor> stats;
  for (const auto& item : module.named_buffers())
    if (ends_with(item.key(), "running_mean") || ends_with(item.key(), "running_var")) stats.push_back(item.value());
  average_in_buckets(stats, world, std::numeric_limits<std::int64_t>::max());
}

}  // namespace contra::dist
