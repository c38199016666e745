// What `contra sweep`, `status` and `train --nproc` do, as library functions the CLI calls and the
// tests reach without a subprocess (DESIGN.md, example 6: a library plus a thin executable): the
// dry-run listing, the order of the baselines and the runs, the SLURM submission, the exit code
// and the lines that explain it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/config/sweep.h"
#include "contra/sweep/local_launcher.h"
#include "contra/sweep/plan.h"
#include "contra/sweep/slurm_launcher.h"

namespace contra::sweep {

/// What a command prints and the exit code it gives.
struct CommandOutput {
  std::string out;               ///< for stdout
  std::vector<std::string> err;  ///< one line each, for stderr (without "contra: ")
  int code = 0;
};

/// `contra sweep --dry-run`: the baselines and the runs, each with its id, state and values, in the
/// order the sweep trains them, and a last line on what the listing checked and what it did not
/// (devices, precision, datasets and subsets: preflight's checks, left to `contra sweep`, or with
/// `slurm` to each array task; the caller has checked the SLURM arrays with check_slurm_array).
std::string dry_run_listing(const SweepPlan& plan, const SweepPlan& baselines, bool slurm = false);

/// The sweep's [slurm] table with the command line's values on top: `cli` holds them, `set` names
/// the keys it set. GPUs per rank and per node exclude each other: the one the command line names
/// replaces the file's other. Throws ContraError as config::validate_slurm does, naming `file`.
config::SlurmSpec merge_slurm(const config::SlurmSpec& from_sweep, const config::SlurmSpec& cli,
                              const std::vector<std::string>& set, const std::string& file);

/// `--launcher slurm`: writes the baselines' array (those not yet recorded; with `rerun` also those
/// another commit recorded) and the runs' array, and submits each unless `no_submit`. `results`
/// is the --results the user gave ("" for the sweep's), repeated in the lines it prints.
CommandOutput submit_sweep(SweepPlan& plan, SweepPlan& baselines, const SlurmOptions& options, bool rerun,
                           bool no_submit, const std::string& file, const std::string& results);

/// The local launcher: checks devices and datasets (preflight), then trains the baselines first
/// (recorded once per setting and shared, so --rerun trains again only those another commit of
/// contra recorded), then the runs. The exit code counts both (exit_code); `out` says what each
/// did, `err` why the code is not 0.
struct LocalSweep {
  LaunchSummary baselines, runs;
  CommandOutput output;
};
LocalSweep train_sweep(SweepPlan& plan, SweepPlan& baselines, const LocalOptions& options, const std::string& file,
                       const std::string& results);

/// `contra status`: the baselines' statuses, then the runs'.
std::string status_text(const SweepPlan& plan, const SweepPlan& baselines);

/// `contra train --nproc N` of `exp`: the ranks of one run on this machine (launch_ranks), each
/// with the command line `argv` (after `contra`) without --nproc and --threads; `threads` in all,
/// `out_dir` the record's folder. Checks first what needs no data (the BN splits and the batch
/// against the ranks, the process group). Throws ContraError when this process is a rank already.
int train_ranks(const config::Experiment& exp, const std::vector<std::string>& argv, int nproc, int threads,
                const std::filesystem::path& out_dir);

/// This process's rank as the environment gives it (RANK, or SLURM_PROCID inside an srun step of
/// several tasks); 0 when it names none or names it badly (the run itself then says so).
int environment_rank();

/// Whether this process is a rank other than 0 that `--nproc` or srun started: it shares rank 0's
/// terminal or log, so it leaves the progress, the result and an error every rank meets to rank
/// 0's one line.
bool silent_rank();

}  // namespace contra::sweep
