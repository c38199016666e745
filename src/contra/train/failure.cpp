#include "contra/train/failure.h"

#include <fmt/format.h>

#include <cmath>

#include "contra/train/loss_curve.h"

namespace contra::train {

double collapse_threshold(std::int64_t dim) { return 0.1 / std::sqrt(static_cast<double>(dim)); }

std::optional<std::string> fail_reason(const FailInputs& in) {
  if (in.loss_non_finite) return fmt::format("loss became non-finite at step {}", in.non_finite_step);
  const double threshold = collapse_threshold(in.dim);
  if (!(in.embedding_std >= threshold))
    return fmt::format("collapse: embedding std {:.5f} is under 0.1/sqrt({}) = {:.5f}", in.embedding_std, in.dim,
                       threshold);
  if (auto curve = judge_loss_curve(in.step_losses); curve.fails) return curve.reason;
  return std::nullopt;
}

bool loss_near_chance(const FailInputs& in) { return !(in.last_epoch_loss < 0.9 * in.chance_loss); }

}  // namespace contra::train
