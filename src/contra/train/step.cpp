#include "contra/train/step.h"

#include <torch/torch.h>

namespace contra::train {

void set_lr(torch::optim::SGD& optimizer, double lr) {
  for (auto& group : optimizer.param_groups()) static_cast<torch::optim::SGDOptions&>(group.options()).lr(lr);
}

namespace {

/// A view in the memory order the step's backbones take (NHWC for channels_last); undefined stays so.
torch::Tensor memory_order(const torch::Tensor& view, const StepParts& parts) {
  if (!parts.channels_last || !view.defined()) return view;
  return view.contiguous(at::MemoryFormat::ChannelsLast);
}

}  // namespace

StepScalars train_step(StepParts& parts, const torch::Tensor& index, double lr) {
  auto& method = parts.method;
  const auto images = parts.images.index_select(0, index);            // N×C×H×W uint8
  const auto view_q = parts.augment.view(images, parts.augment_gen);  // N×C×H×W float
  const auto view_k = method.views() == 2 ? parts.augment.view(images, parts.augment_gen) : torch::Tensor();
  set_lr(parts.optimizer, lr);
  const auto labels = parts.labels.index_select(0, index);  // N int64
  methods::StepOutput out;
  {
    const core::AutocastScope autocast(images.device(), parts.precision);
    out = method.forward_step({memory_order(view_q, parts), memory_order(view_k, parts), index, labels});
  }
  parts.optimizer.zero_grad();
  if (parts.scaler != nullptr) {
    parts.scaler->scale(out.loss).backward();
    parts.scaler->step(parts.optimizer);
  } else {
    out.loss.backward();
    parts.optimizer.step();
  }
  method.after_optimizer_step();  // momentum encoder, enqueue, bank rows
  return {out.loss.detach(), out.correct, out.embeddings.std(0).mean(), out.queries};
}

}  // namespace contra::train
