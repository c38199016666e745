#include "contra/train/step_window.h"

#include <torch/torch.h>

#include <algorithm>
#include <cmath>

namespace contra::train {

void StepWindow::add(std::int64_t step, std::int64_t epoch, double lr, std::int64_t images, StepScalars scalars,
                     std::chrono::steady_clock::time_point started) {
  if (steps_.empty()) started_ = started;
  steps_.push_back({step, epoch, lr, images, scalars.queries});
  loss_.push_back(std::move(scalars.loss));
  correct_.push_back(std::move(scalars.correct));
  std_.push_back(std::move(scalars.embedding_std));
  if (scalars.stop_votes.defined()) stop_.push_back(std::move(scalars.stop_votes));
}

WindowSummary StepWindow::read_back(Recorder& recorder, LoopPosition& pos) {
  WindowSummary out;
  if (steps_.empty()) return out;
  const auto w = static_cast<std::int64_t>(steps_.size());
  // 3×W float64 (exact for float32 losses and integer counts; a 4th row of stop votes with several
  // ranks), then one copy to the host.
  const auto f64 = [](const std::vector<torch::Tensor>& v) { return torch::stack(v).to(torch::kFloat64); };
  std::vector<torch::Tensor> rows{f64(loss_), f64(correct_), f64(std_)};
  const bool votes = stop_.size() == steps_.size();
  if (votes) rows.push_back(f64(stop_));
  const auto host = torch::stack(rows).to(torch::kCPU).contiguous();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  const double* loss = host.data_ptr<double>();
  const double* correct = loss + w;
  const double* stdv = correct + w;
  if (votes)
    for (std::int64_t i = 0; i < w; ++i) out.stop_signal = std::max(out.stop_signal, static_cast<int>(stdv[w + i]));
  std::int64_t images = 0;
  for (const auto& s : steps_) images += s.images;
  out.images_per_s = static_cast<double>(images) / seconds;
  for (std::int64_t i = 0; i < w; ++i) {
    const auto& s = steps_[static_cast<std::size_t>(i)];
    if (!std::isfinite(loss[i]) && out.first_non_finite_step == 0) out.first_non_finite_step = s.step;
    pos.loss_sum += loss[i];
    pos.correct += correct[i];
    pos.queries += static_cast<double>(s.queries);
    pos.std_sum += stdv[i];
    recorder.step("step", s.step);
    recorder.step("epoch", s.epoch);
    recorder.step("loss", loss[i]);
    recorder.step("lr", s.lr);
    recorder.step("images_per_s", out.images_per_s);
  }
  pos.train_seconds += seconds;
  out.steps = w;
  out.last_loss = loss[w - 1];
  out.last_step = steps_.back().step;
  out.last_epoch = steps_.back().epoch;
  steps_.clear();
  loss_.clear();
  correct_.clear();
  std_.clear();
  stop_.clear();
  return out;
}

}  // namespace contra::train
