// One run = one process: data -> two augmented views -> encoders -> method (negatives) -> loss
// -> SGD, with the kNN monitor, the fail rule, cost measurements and an HDF5 record (DESIGN.md,
// "The main job, end to end").
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/core/error.h"

namespace contra::train {

/// How a run is executed and filed; none of it changes the run id.
struct RunContext {
  std::filesystem::path out_dir = "results/train/runs";  ///< the record goes to <out_dir>/<run id>.h5
  std::string sweep;                                     ///< sweep name, when launched by a sweep
  std::string preset;                                    ///< preset name, when launched by a sweep
  /// The hashes of the claims that judge the sweep's table (config::claim_hash, space-separated), set
  /// by `contra sweep`: recorded as `claims_sha` with `claims_rule_version`, when the run starts.
  std::string claims_sha;
  std::vector<std::string> axes;  ///< the sweep's axis keys, in its order; their values are the config's
  int threads = 0;                ///< intra-op threads; 0 = all cores
  /// Progress line every n steps when not on a terminal; also how often the loop reads the steps'
  /// losses back from the device (train/step_window.h), so a non-finite loss stops the run at most
  /// n − 1 steps after it appeared. Values below 1 count as 1. Does not change the results.
  std::int64_t log_every = 50;
  bool quiet = false;          ///< no progress output
  bool fresh = false;          ///< start over: delete the run's checkpoint instead of resuming from it
  bool skip_finished = false;  ///< return at once when a complete or fail record exists (a sweep's child)
  /// Testing aid: SIGKILL this process right after this optimiser step (0 = never), to simulate
  /// a crash at a chosen point.
  std::int64_t kill_after_steps = 0;
  /// Testing aid: send SIGTERM to this process as optimiser step n starts (0 = never), so that
  /// step's stop vote carries it, to simulate SLURM's warning signal at a chosen point. One process
  /// stops after step n; several ranks at their first read-back from step n on (log_every).
  std::int64_t stop_after_steps = 0;
  /// Testing aid: kill_after_steps and stop_after_steps act on this rank of a run on several
  /// processes only (-1 = on every rank).
  int fault_rank = -1;
  /// Testing aid, the mutation check of the data-parallel tests: the gathers of negatives drop
  /// their gradient path (dist::drop_gather_gradients_for_testing), which must change the result.
  bool gather_without_grad = false;
};

/// Thrown when another live process holds the run's lock: the run is being trained elsewhere.
/// The CLI exits with kExitBusy, which a sweep reads as "skipped, running elsewhere".
struct RunBusy : core::ContraError {
  using core::ContraError::ContraError;
};
inline constexpr int kExitBusy = 75;  // EX_TEMPFAIL
/// The CLI's exit code after a stop signal: the run saved a checkpoint and can continue (the SLURM
/// task requeues itself on it).
inline constexpr int kExitInterrupted = 76;

/// What a finished run reports back.
struct RunResult {
  std::string run_id;
  std::string
      status;  ///< complete | fail | error | interrupted (stop signal; resumable) | recorded (by another process)
  std::string reason;
  std::filesystem::path file;
  double knn_top1 = 0;              ///< final-epoch kNN top-1 (%)
  double knn_top1_random_init = 0;  ///< kNN top-1 of the untrained encoder (%), NaN when not measured
  double train_seconds = 0;
};

/// Trains `experiment` and records it. Loads the data before creating anything on disk, so a bad
/// data.root leaves no results behind. Takes the run's lock (store/run_lock.h) and throws RunBusy
/// when another process holds it. When a checkpoint of the run exists (train/checkpoint.h) and
/// context.fresh is false, it continues from there: the same record, no epoch lost or repeated,
/// and on CPU the same losses and kNN accuracy bit for bit as an uninterrupted run. A diverging or
/// collapsing run is recorded with status "fail" and its reason; a non-finite loss is found at the
/// next read-back of the step losses (every context.log_every steps, at an epoch's end, before a
/// stop), so the run stops at most one log interval late, and the reason names the first
/// non-finite step. An exception mid-run is recorded with status "error" and rethrown as
/// ContraError. Throws ContraError on bad input.
RunResult run_experiment(const config::Experiment& experiment, const RunContext& context);

}  // namespace contra::train
