#include "contra/train/failure.h"

#include <fmt/format.h>

#include <cmath>

namespace contra::train {

double collapse_threshold(std::int64_t dim) { return 0.1 / std::sqrt(static_cast<double>(dim)); }

std::optional<std::string> fail_reason(const FailInputs& in) {
  if (in.loss_non_finite) return fmt::format("loss became non-finite at step {}", in.non_finite_step);
  if (!(in.last_epoch_loss < 0.9 * in.chance_loss))
    return fmt::format(
        "last-epoch mean loss {:.4f} is {} the loss at chance, {:.4f} (a run must end below 90% of it, "
        "{:.4f})",
        in.last_epoch_loss, in.last_epoch_loss > in.chance_loss ? "above" : "within 10% of", in.chance_loss,
        0.9 * in.chance_loss);
  const double threshold = collapse_threshold(in.dim);
  if (!(in.embedding_std >= threshold))
    return fmt::format("collapse: embedding std {:.5f} is under 0.1/sqrt({}) = {:.5f}", in.embedding_std, in.dim,
                       threshold);
  return std::nullopt;
}

}  // namespace contra::train
