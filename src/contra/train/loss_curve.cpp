#include "contra/train/loss_curve.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace contra::train {

LossCurveJudgement judge_loss_curve(const std::vector<double>& step_losses, const LossCurveRule& rule) {
  LossCurveJudgement j;
  const auto steps = static_cast<std::int64_t>(step_losses.size());
  const bool finite = std::all_of(step_losses.begin(), step_losses.end(), [](double v) { return std::isfinite(v); });
  j.window = std::max(rule.min_window, (steps + rule.windows - 1) / rule.windows);
  if (!finite || steps < rule.min_steps) return j;
  j.judged = true;
  // smoothed[t] = mean of step_losses[t − w + 1 .. t], for t ≥ w − 1 (0-based)
  std::vector<double> smoothed(static_cast<std::size_t>(steps), NAN);
  double sum = 0;
  for (std::int64_t t = 0; t < steps; ++t) {
    sum += step_losses[static_cast<std::size_t>(t)];
    if (t >= j.window) sum -= step_losses[static_cast<std::size_t>(t - j.window)];
    if (t >= j.window - 1) smoothed[static_cast<std::size_t>(t)] = sum / static_cast<double>(j.window);
  }
  const double first = smoothed[static_cast<std::size_t>(j.window - 1)], last = smoothed.back();
  const double low = *std::min_element(smoothed.begin() + steps / 2, smoothed.end());
  j.fall = 1 - last / first;
  j.rebound = last / low - 1;
  if (j.fall < rule.min_fall)
    j.reason = fmt::format(
        "the loss did not converge: its {}-step mean fell {:.1f}% over {} steps ({:.4f} -> {:.4f}), under {:.0f}%",
        j.window, 100 * j.fall, steps, first, last, 100 * rule.min_fall);
  else if (j.rebound > rule.max_rebound)
    j.reason = fmt::format(
        "the loss oscillated back up: its {}-step mean ended {:.1f}% above its second-half low ({:.4f} -> {:.4f}), "
        "over {:.0f}%",
        j.window, 100 * j.rebound, low, last, 100 * rule.max_rebound);
  j.fails = !j.reason.empty();
  return j;
}

}  // namespace contra::train
