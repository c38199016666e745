#include "contra/train/step.h"

#include <torch/torch.h>

namespace contra::train {

void set_lr(torch::optim::SGD& optimizer, double lr) {
  for (auto& group : optimizer.param_groups()) static_cast<torch::optim::SGDOptions&>(group.options()).lr(lr);
}

StepScalars train_step(StepParts& parts, const torch::Tensor& index, double lr) {
  auto& method = parts.method;
  const auto images = parts.images.index_select(0, index);            // N×C×H×W uint8
  const auto view_q = parts.augment.view(images, parts.augment_gen);  // N×C×H×W float
  const auto view_k = method.views() == 2 ? parts.augment.view(images, parts.augment_gen) : torch::Tensor();
  set_lr(parts.optimizer, lr);
  const auto labels = parts.labels.index_select(0, index);          // N int64
  auto out = method.forward_step({view_q, view_k, index, labels});  // the mechanism: encoders, negatives, loss
  parts.optimizer.zero_grad();
  out.loss.backward();
  parts.optimizer.step();
  method.after_optimizer_step();  // momentum encoder, enqueue, bank rows
  return {out.loss.detach(), out.correct, out.embeddings.std(0).mean(), out.queries};
}

}  // namespace contra::train
