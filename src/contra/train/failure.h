// The papers' "fail" (MoCo v1 §4.1: "training loss oscillates and fails to converge"), made
// testable (DESIGN.md, "Definitions"). A failed run is still recorded, with its reason, and its
// measured accuracy is still shown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace contra::train {

/// The collapse threshold for D-dimensional normalised embeddings: 0.1/√D.
double collapse_threshold(std::int64_t dim);

/// What the fail rule sees at the end of a run.
struct FailInputs {
  bool loss_non_finite = false;      ///< some step's loss was NaN or ±inf
  std::int64_t non_finite_step = 0;  ///< the first such step
  double last_epoch_loss = 0;        ///< mean loss over the last epoch
  double chance_loss = 0;            ///< the loss at chance (methods::Method::chance_loss; InfoNCE: ln(1+K))
  double embedding_std = 1;          ///< mean per-dimension std of normalised embeddings, last epoch
  std::int64_t dim = 128;            ///< embedding dimension D
};

/// The reason the run failed, or nullopt when it did not. In order: a non-finite loss; a
/// last-epoch mean loss >= 0.9·chance_loss (within 10% of chance); collapse (embedding std
/// under 0.1/√D).
std::optional<std::string> fail_reason(const FailInputs& in);

}  // namespace contra::train
