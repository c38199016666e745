// `contra train EXP --nproc N`: the ranks of one run, started on this machine as torchrun
// --nproc_per_node starts them. Each rank is this executable with the same train command line and
// torchrun's variables (RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, MASTER_PORT); the cores are
// split between them. When one rank dies, the others are given the collective timeout to end on
// their own (their next collective fails) and are then killed, and the run's record says which
// rank ended how, at which step.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace contra::sweep {

/// Set in each rank's environment by launch_ranks: the ranks share one terminal, so the ones other
/// than 0 leave an error that every rank meets (a bad dataset) to rank 0's one line.
inline constexpr const char* kLaunchedVariable = "CONTRA_LAUNCHED_RANK";

/// What the rank launcher needs.
struct RankLaunch {
  std::vector<std::string>
      train_args;                   ///< the `contra train` arguments after the executable, without --nproc or --threads
  int nproc = 2;                    ///< ranks, >= 2
  int threads = 0;                  ///< intra-op threads in all; 0 = the cores (each rank gets threads / nproc, >= 1)
  std::chrono::seconds grace{120};  ///< run.dist_timeout_s: how long the others may take to end after one died
  std::filesystem::path out_dir;    ///< where the run's record is (--out)
  std::string run_id;               ///< the run's id, to amend its record
  std::filesystem::path executable;  ///< the `contra` binary; empty = this process's own executable
};

/// Starts the ranks, forwards a stop signal to each, waits for all and returns the exit code the
/// run should give: 0 when every rank finished, kExitInterrupted (76) when they stopped after a
/// checkpoint, kExitBusy (75) when the run was being trained elsewhere, and 2 when a rank died or
/// failed. Then the run's record (final or partial) is marked status=error with the reason,
/// "rank 1 exited with signal 9 (SIGKILL) after step 37", and one line says so on stderr.
/// MASTER_PORT from the environment is used when set; otherwise a free port on 127.0.0.1.
/// Throws core::ContraError when nproc < 2 or a rank cannot be started.
int launch_ranks(const RankLaunch& launch);

/// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick), for a rendezvous of
/// ranks on this machine. Throws core::ContraError when no socket can be bound.
int free_port();

}  // namespace contra::sweep
