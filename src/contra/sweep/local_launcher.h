// The local launcher: a pool of `jobs` `contra train` processes, the cores split between them.
// One run per process, so a crash or an out-of-memory kills one run, not the sweep, and HDF5 never
// has two writers on one file.
#pragma once

#include <filesystem>
#include <string>

#include "contra/sweep/plan.h"

namespace contra::sweep {

struct LocalOptions {
  int jobs = 1;                      ///< processes at once
  int threads = 0;                   ///< threads per process; 0 = cores / jobs (at least 1)
  std::int64_t log_every = 50;       ///< progress line every n steps in each run's log
  std::filesystem::path executable;  ///< the `contra` binary; empty = this process's own executable
  bool quiet = false;                ///< no per-run lines on stdout
  bool rerun = false;                ///< run every run again, done or not, replacing its record
};

/// What the pool did.
struct LaunchSummary {
  int launched = 0;
  int complete = 0;
  int failed = 0;       ///< status=fail: a result, not an error
  int errors = 0;       ///< status=error, a crash, a kill, or no record
  int skipped = 0;      ///< already done
  int busy = 0;         ///< another process was training it (its lock was held)
  int interrupted = 0;  ///< stopped by a signal after a checkpoint; resumable
  int not_started = 0;  ///< left when the sweep itself was stopped by a signal
};

/// The exit code of `contra sweep` for a summary: 0 when every run is complete or already done,
/// kExitSomeFailed when some runs were recorded as fail (diverged, collapsed or did not converge: results, and the
/// table shows them), 1 when some ended in error, were killed or were interrupted. A run another
/// process was training is not counted against this sweep: `contra status` follows it.
inline constexpr int kExitSomeFailed = 3;
int exit_code(const LaunchSummary& summary);

/// Runs every run of `plan` whose state is not done (with `rerun`: every run, after
/// set_aside_records, each started afresh), `jobs` at a time, each with stdout and stderr in
/// `logs/<id>.log`. Writes `configs/<id>.toml` first. Prints one line per start and finish. A run
/// that another process is training is skipped (its lock, store/run_lock.h); an interrupted run
/// resumes from its checkpoint; a killed one is marked so in its partial record.
LaunchSummary run_local(const SweepPlan& plan, const LocalOptions& options);

/// For --rerun: renames every planned run's record to `<record>.previous` before anything runs,
/// so that a run that fails or is interrupted leaves no stale record to be reported, and an
/// interrupted regeneration can continue (without --rerun) with the runs still missing.
void set_aside_records(const SweepPlan& plan);

/// This process's own executable (/proc/self/exe).
std::filesystem::path self_executable();

}  // namespace contra::sweep
