#include "contra/train/step.h"

#include <torch/torch.h>

#include "contra/core/stop_signal.h"
#include "contra/dist/batch_shard.h"
#include "contra/dist/replicas.h"
#include "contra/dist/stop_agreement.h"
#include "contra/dist/world.h"
#include "contra/models/channels_last.h"

namespace contra::train {

void set_lr(torch::optim::SGD& optimizer, double lr) {
  for (auto& group : optimizer.param_groups()) static_cast<torch::optim::SGDOptions&>(group.options()).lr(lr);
}

namespace {

/// A view in the memory order the step's backbones take (NHWC for channels_last); undefined stays so.
torch::Tensor memory_order(const torch::Tensor& view, const StepParts& parts) {
  return parts.channels_last ? models::nhwc(view) : view;
}

}  // namespace

StepScalars train_step(StepParts& parts, const torch::Tensor& index, double lr) {
  auto& method = parts.method;
  const auto& world = parts.world;
  // With W ranks on NCCL, the step's collectives queue behind its kernels: the loop settles them
  // where it reads the step's scalars back (dist::StreamOrdered; nothing changes on gloo).
  const dist::StreamOrdered stream_ordered(world);
  const auto images = parts.images.index_select(0, index);            // N×C×H×W uint8
  const auto view_q = parts.augment.view(images, parts.augment_gen);  // N×C×H×W float
  const auto view_k = method.views() == 2 ? parts.augment.view(images, parts.augment_gen) : torch::Tensor();
  set_lr(parts.optimizer, lr);
  // N int64; undefined where the training set has images without labels (only supervised reads them).
  const auto labels = parts.labels.defined() ? parts.labels.index_select(0, index) : torch::Tensor();
  methods::StepOutput out;
  {
    const core::AutocastScope autocast(images.device(), parts.precision);
    // This rank's share of the global batch: all of it for one process.
    const auto share = [&](const torch::Tensor& t) { return t.defined() ? dist::shard(t, world) : t; };
    methods::Batch batch{memory_order(share(view_q), parts), memory_order(share(view_k), parts), share(index),
                         share(labels)};
    // Every rank holds the global batch's views too: shuffling BN permutes them without a gather.
    if (!world.single() && method.reads_global_views()) {
      batch.all_q = memory_order(view_q, parts);
      batch.all_k = memory_order(view_k, parts);
    }
    out = method.forward_step(batch);
  }
  parts.optimizer.zero_grad();
  if (parts.scaler != nullptr) {
    parts.scaler->scale(out.loss).backward();
    dist::average_gradients(parts.optimizer.param_groups().front().params(), world);
    world.settle();  // the scaler reads its inf/NaN check back: it waits for the all-reduce, within the timeout
    parts.scaler->step(parts.optimizer);
  } else {
    out.loss.backward();
    dist::average_gradients(parts.optimizer.param_groups().front().params(), world);
    parts.optimizer.step();
  }
  method.after_optimizer_step();  // momentum encoder, enqueue, bank rows
  if (world.single())
    return {out.loss.detach(), out.correct, out.embeddings.std(0).mean(), out.queries, core::stop_requested(), {}};
  dist::average_bn_statistics(method, world);
  // The global batch's scalars (the mean of the ranks' equal-sized means, the sum of their counts)
  // and the ranks' stop votes, in one all-reduce, all on the device: nothing here reads back.
  const auto scalars = torch::stack({out.loss.detach().to(torch::kFloat64), out.correct.to(torch::kFloat64)});
  std::vector<torch::Tensor> sums{torch::cat({scalars, dist::stop_ballot(world, scalars.device())})};
  world.all_reduce_sum(sums);
  const auto global = sums[0].slice(0, 0, 2);
  const auto embeddings = dist::gather(out.embeddings, world);
  return {(global[0] / world.size()).to(out.loss.scalar_type()),
          global[1].to(out.correct.scalar_type()),
          embeddings.std(0).mean(),
          out.queries * world.size(),
          false,
          sums[0].slice(0, 2).max()};
}

}  // namespace contra::train
