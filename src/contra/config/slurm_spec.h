// [slurm] of a sweep TOML: the resources of each array task of `contra sweep --launcher slurm`.
#pragma once

#include <cstdint>
#include <string>

namespace contra::config {

/// [slurm]: the resources of each array task of `contra sweep --launcher slurm` (command-line
/// options override them). An array task trains one run; with nodes × ntasks_per_node > 1 it is an
/// `srun` of that many ranks (SLURM's tasks), which form one data-parallel run.
struct SlurmSpec {
  std::string partition;              ///< --partition; empty = the cluster's default
  std::string account;                ///< --account; empty = the user's default
  std::string time = "04:00:00";      ///< --time per task (a run that needs longer checkpoints and requeues itself)
  std::int64_t nodes = 1;             ///< --nodes of each array task
  std::int64_t ntasks_per_node = 1;   ///< --ntasks-per-node: ranks per node; the world size is nodes × this
  std::int64_t cpus = 4;              ///< --cpus-per-task: per rank, also each rank's thread count
  std::int64_t gpus = 0;              ///< --gres=gpu:N per node when > 0
  std::int64_t gpus_per_task = 0;     ///< --gpus-per-task=N per rank when > 0; with gpus 0 as well, a run on CUDA
                                      ///< asks --gres=gpu:ntasks_per_node (one GPU per rank), a CPU run none
  std::string memory = "16G";         ///< --mem (per node)
  std::int64_t max_parallel = 0;      ///< the array's %N concurrency cap; 0 = none
  std::int64_t signal_seconds = 120;  ///< SIGUSR1 this long before the time limit: checkpoint and requeue

  /// Its keys, once: the sweep reader reads [slurm] through this (as Experiment::visit).
  template <class V>
  void visit(V& v) {
    v("partition", partition);
    v("account", account);
    v("time", time);
    v("nodes", nodes);
    v("ntasks_per_node", ntasks_per_node);
    v("cpus", cpus);
    v("gpus", gpus);
    v("gpus_per_task", gpus_per_task);
    v("memory", memory);
    v("max_parallel", max_parallel);
    v("signal_seconds", signal_seconds);
  }
};

/// Checks [slurm] values (from the file or the command line; `where` names their source): counts
/// in range, at most one of gpus and gpus_per_task, a time and a memory size in sbatch's forms, partition and account names without
/// spaces or newlines (they go into the sbatch script). Throws ContraError.
void validate_slurm(const SlurmSpec& slurm, const std::string& where);

}  // namespace contra::config
