// The SLURM launcher: one job array, one task per run that is not done, each task a `contra train`
// process on one planned run (one HDF5 file per run, so tasks never share a writer on a shared file
// system). Resources come from the sweep's [slurm] table, overridden on the command line. With
// [slurm] nodes × ntasks_per_node > 1, each task is an `srun` of that many ranks training its run
// data-parallel (DESIGN.md, "Scale"); the world size is an execution detail, so the run, its id and
// its record are those of one process.
//
// Preemption and time limits: the array asks SLURM for SIGUSR1 `signal_seconds` before the time
// limit (--signal=B:USR1@s); the task script passes it to `contra train`, which checkpoints at the
// end of its current step and exits with train::kExitInterrupted, and the script requeues the task
// (scontrol requeue). A preemption (scontrol requeue by the scheduler or an admin) sends SIGTERM,
// which `contra train` handles the same way, and SLURM requeues the task itself. Either way the
// requeued task resumes from the checkpoint and continues the same record.
#pragma once

#include <filesystem>
#include <string>

#include "contra/sweep/plan.h"

namespace contra::sweep {

struct SlurmOptions {
  config::SlurmSpec resources;       ///< from the sweep's [slurm], then the command line
  std::filesystem::path executable;  ///< the `contra` binary the tasks run; empty = this one
  std::string sbatch = "sbatch";     ///< the submit command (a test may point it elsewhere)
  std::int64_t log_every = 50;       ///< each task's --log-every: its read-back interval, where its ranks agree to stop
};

/// What write_slurm_array wrote.
struct SlurmArray {
  std::filesystem::path script;  ///< slurm/<sweep>.sbatch; empty when every run is done
  std::filesystem::path tasks;   ///< slurm/tasks.txt: task i runs line i+1
  int tasks_count = 0;
};

/// The checks write_slurm_array makes before it writes anything, alone (for `--dry-run`, and for
/// the baselines' array before the sweep's): every run not done must split between the ranks,
/// suit the process group and the GPUs a task is given (run.device = "cuda:N", CPU and CUDA runs in
/// one array, GPUs asked for CPU runs), and the logs folder must fit an #SBATCH line. Throws
/// ContraError naming the run, key and value.
void check_slurm_array(const SweepPlan& plan, const SlurmOptions& options);

/// Writes the run configs, `slurm/tasks.txt` (the `contra train` arguments of each run that is not
/// done, one line per array task) and `slurm/<sweep>.sbatch`. Throws ContraError when a folder or
/// file cannot be written, or when a run's optim.batch or model.bn_splits cannot be split between
/// the ranks (train::check_splits), before anything is written.
SlurmArray write_slurm_array(const SweepPlan& plan, const SlurmOptions& options);

/// Submits the script with `sbatch --parsable` and returns the job id. Throws ContraError with
/// sbatch's own message when the submission fails (no SLURM, a bad partition, ...).
std::string submit_slurm_array(const SlurmArray& array, const SlurmOptions& options);

}  // namespace contra::sweep
