// The papers' "fail" as a property of the loss curve (MoCo v1 §4.1, arXiv:1911.05722: with m = 0
// "the training loss oscillates and fails to converge"), stated before the runs it judges
// (docs/definitions.md, "Fail"). Pure: it reads the per-step losses a record stores (/steps/loss)
// and nothing else, so a report judges an old record by the same rule as the trainer a new one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace contra::train {

/// The rule's constants, in one place (docs/definitions.md prints them).
struct LossCurveRule {
  std::int64_t min_window = 5;  ///< the smoothing window w, in steps: max(min_window, ⌈T/windows⌉)
  std::int64_t windows = 20;    ///< T/w: the curve is read as about this many windows
  std::int64_t min_steps = 100; ///< a shorter run has not had the time to converge: never judged
  double min_fall = 0.05;       ///< the smoothed loss must fall by at least this fraction of its first window
  double max_rebound = 0.10;    ///< and end at most this fraction above its lowest level in the second half
};

/// What the rule read from one curve.
struct LossCurveJudgement {
  bool judged = false;  ///< false: fewer than min_steps steps, or a non-finite loss (never a fail)
  bool fails = false;   ///< the loss oscillates or stays flat and does not converge
  std::int64_t window = 0;  ///< w, steps
  double fall = 0;     ///< 1 − s(T)/s(w): how far the smoothed loss fell over the run (fraction)
  double rebound = 0;  ///< s(T)/min_{t ≥ T/2} s(t) − 1: how far it ended above its second-half low
  std::string reason;  ///< one line when `fails`, else ""
};

/// Judges a run's per-step losses (step order, length T). s(t) is the mean of the w losses ending
/// at step t. The run fails when `fall < min_fall` (it did not converge: the loss stayed within 5%
/// of where it started) or `rebound > max_rebound` (it oscillated back up by more than 10% of its
/// second-half low). Non-finite losses are a separate rule (train/failure.h); here a curve holding
/// one is not judged. Never throws.
LossCurveJudgement judge_loss_curve(const std::vector<double>& step_losses, const LossCurveRule& rule = {});

}  // namespace contra::train
