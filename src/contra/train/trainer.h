// One run = one process: data -> two augmented views -> encoders -> method (negatives) -> loss
// -> SGD, with the kNN monitor, the fail rule, cost measurements and an HDF5 record (DESIGN.md,
// "The main job, end to end").
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/experiment.h"

namespace contra::train {

/// How a run is executed and filed; none of it changes the run id.
struct RunContext {
  std::filesystem::path out_dir = "results/train/runs";  ///< the record goes to <out_dir>/<run id>.h5
  std::string sweep;   ///< sweep name, when launched by a sweep
  std::string preset;  ///< preset name, when launched by a sweep
  std::vector<std::pair<std::string, std::string>> axes;  ///< sweep axis -> TOML literal
  int threads = 0;              ///< intra-op threads; 0 = all cores
  std::int64_t log_every = 50;  ///< progress line every n steps when not on a terminal
  bool quiet = false;           ///< no progress output
};

/// What a finished run reports back.
struct RunResult {
  std::string run_id;
  std::string status;  ///< complete | fail | error
  std::string reason;
  std::filesystem::path file;
  double knn_top1 = 0;              ///< final-epoch kNN top-1 (%)
  double knn_top1_random_init = 0;  ///< kNN top-1 of the untrained encoder (%), NaN when not measured
  double train_seconds = 0;
};

/// Trains `experiment` and records it. Loads the data before creating anything on disk, so a bad
/// data.root leaves no results behind. A diverging or collapsing run is recorded with status
/// "fail" and its reason; an exception mid-run is recorded with status "error" and rethrown as
/// ContraError. Throws ContraError on bad input.
RunResult run_experiment(const config::Experiment& experiment, const RunContext& context);

}  // namespace contra::train
