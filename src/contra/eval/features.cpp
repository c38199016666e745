#include "contra/eval/features.h"

#include <torch/torch.h>

#include <vector>

#include "contra/core/error.h"
#include "contra/dist/row_share.h"

namespace contra::eval {

torch::Tensor frozen_outputs(models::Encoder encoder, const torch::Tensor& images,
                             const std::function<torch::Tensor(const torch::Tensor&)>& preprocess, std::int64_t batch,
                             bool embed, const dist::World& world) {
  CONTRA_CHECK(batch >= 1, "evaluation batch = {} must be >= 1", batch);
  torch::NoGradGuard no_grad;
  // Eval mode for the pass, and the previous mode back however it ends.
  struct ModeScope {
    models::Encoder& encoder;
    bool was_training;
    ~ModeScope() { encoder->train(was_training); }
  } mode{encoder, encoder->is_training()};
  encoder->eval();
  const auto outputs = [&](const torch::Tensor& x) { return embed ? encoder->forward(x) : encoder->features(x); };
  std::vector<torch::Tensor> parts;
  for (std::int64_t start = 0; start < images.size(0); start += batch) {
    const auto x = preprocess(images.slice(0, start, std::min(images.size(0), start + batch)));
    if (world.single()) {
      parts.push_back(outputs(x));
      continue;
    }
    // This rank's rows of the batch, padded to the share's size (a rank without rows runs one real
    // row, as padding: the all_gather needs the output's shape from every rank).
    const auto mine = dist::row_share(x.size(0), world);
    auto y = outputs(mine.count > 0 ? x.slice(0, mine.start, mine.start + mine.count) : x.slice(0, 0, 1));
    if (y.size(0) < mine.per_rank) y = torch::cat({y, torch::zeros({mine.per_rank - y.size(0), y.size(1)}, y.options())});
    parts.push_back(world.all_gather(y).slice(0, 0, x.size(0)));
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
