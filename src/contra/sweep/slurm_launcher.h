// The SLURM launcher: one array job, one task per run, each task a `contra train` process
// (one HDF5 file per run, so tasks never share a writer on a shared file system).
#pragma once

#include <filesystem>
#include <string>

#include "contra/sweep/plan.h"

namespace contra::sweep {

struct SlurmOptions {
  std::string partition;        ///< --partition; empty = the cluster's default
  std::string time = "04:00:00";///< --time per task
  int cpus_per_task = 4;        ///< --cpus-per-task, also the task's thread count
  int gpus_per_task = 0;        ///< --gres=gpu:N when > 0
  std::string mem = "16G";      ///< --mem
  int max_parallel = 0;         ///< the %N limit of the array; 0 = none
  std::filesystem::path executable;  ///< the `contra` binary the tasks run; empty = this one
};

/// Writes `slurm/tasks.txt` (one `contra train` command per run that is not done) and
/// `slurm/<sweep>.sbatch` (an array job over those lines), plus the run configs. Returns the
/// sbatch script's path, or an empty path when every run is done.
std::filesystem::path write_slurm_array(const SweepPlan& plan, const SlurmOptions& options);

}  // namespace contra::sweep
