// The papers' "fail" (MoCo v1 §4.1: "training loss oscillates and fails to converge"), made
// testable (docs/definitions.md, "Fail and did-not-learn"), and the "did not learn" flag beside it.
// A failed run is still recorded, with its reason, and its measured accuracy is still shown.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

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
  std::vector<double> step_losses;   ///< every step's loss, in order (the record's /steps/loss)
};

/// The reason the run failed, or nullopt when it did not. In order: a non-finite loss; collapse
/// (embedding std under 0.1/√D); a loss curve that oscillates or stays flat and does not converge
/// (train/loss_curve.h, on `step_losses`).
std::optional<std::string> fail_reason(const FailInputs& in);

/// Whether the last-epoch mean loss stays within 10% of chance (>= 0.9·chance_loss, or NaN): the
/// "did not learn" flag's loss half (its other half, kNN not above random init, is read by the
/// report). A flag that claim conditions read, never a fail and never a verdict by itself.
bool loss_near_chance(const FailInputs& in);

}  // namespace contra::train
