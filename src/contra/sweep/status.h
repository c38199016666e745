// `contra status SWEEP`: what each planned run is doing, read from the files beside its record
// (no process is asked): planned, running (its lock is held), interrupted (a partial record, with
// or without a checkpoint to resume from), complete, fail or error, with the reason and progress.
#pragma once

#include <string>
#include <vector>

#include "contra/sweep/plan.h"

namespace contra::sweep {

/// One run's line.
struct RunStatus {
  std::string id;
  std::string name;      ///< describe(run)
  std::string state;     ///< planned | running | interrupted | complete | fail | error
  std::string progress;  ///< "epoch 3/6, step 1404/2808", or "" when unknown
  std::string detail;    ///< the reason, the holder of the lock, or how it resumes
};

/// Every planned run's status. Never throws on a damaged file: an unreadable record or partial
/// record is reported in `detail`.
std::vector<RunStatus> run_statuses(const SweepPlan& plan);

/// The table `contra status` prints, with a count per state at the end; its first line names the
/// plan as `heading` ("" for "sweep <name>"; "baselines of <sweep>" for sweep/baselines.h's plan).
std::string format_statuses(const SweepPlan& plan, const std::vector<RunStatus>& statuses,
                            const std::string& heading = "");

}  // namespace contra::sweep
