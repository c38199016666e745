#include "contra/eval/features.h"

#include <torch/torch.h>

#include <vector>

#include "contra/core/error.h"

namespace contra::eval {

torch::Tensor frozen_outputs(models::Encoder encoder, const torch::Tensor& images,
                             const std::function<torch::Tensor(const torch::Tensor&)>& preprocess, std::int64_t batch,
                             bool embed) {
  CONTRA_CHECK(batch >= 1, "evaluation batch = {} must be >= 1", batch);
  torch::NoGradGuard no_grad;
  // Eval mode for the pass, and the previous mode back however it ends.
  struct ModeScope {
    models::Encoder& encoder;
    bool was_training;
    ~ModeScope() { encoder->train(was_training); }
  } mode{encoder, encoder->is_training()};
  encoder->eval();
  std::vector<torch::Tensor> parts;
  for (std::int64_t start = 0; start < images.size(0); start += batch) {
    const auto x = preprocess(images.slice(0, start, std::min(images.size(0), start + batch)));
    parts.push_back(embed ? encoder->forward(x) : encoder->features(x));
  }
  return torch::cat(parts, 0);
}

std::vector<torch::Tensor> snapshot(const torch::nn::Module& module) {
  std::vector<torch::Tensor> out;
  for (const auto& p : module.parameters()) out.push_back(p.detach().clone());
  for (const auto& b : module.buffers()) out.push_back(b.detach().clone());
  return out;
}

bool unchanged_since(const torch::nn::Module& module, const std::vector<torch::Tensor>& before) {
  const auto now = snapshot(module);
  if (now.size() != before.size()) return false;
  for (std::size_t i = 0; i < now.size(); ++i) {
    // Equal values, or NaN where there was NaN (a diverged run's weights are NaN and stay NaN).
    const auto& a = now[i];
    const auto& b = before[i];
    if (a.sizes() != b.sizes()) return false;
    if (!a.eq(b).logical_or(a.isnan().logical_and(b.isnan())).all().item<bool>()) return false;
  }
  return true;
}

}  // namespace contra::eval
