// Planning a sweep: every grid point × seed resolved to a full config, its run id (the hash of
// that config) and its state on disk, so re-running a sweep skips what is done and changing one
// value runs only the changed runs (DESIGN.md, "Config").
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/sweep.h"

namespace contra::sweep {

/// A run's state on disk.
enum class RunState {
  todo,         ///< no record yet
  interrupted,  ///< only a .partial record: it stopped before finishing; it runs again
  error,        ///< recorded with status=error; it runs again
  done,         ///< recorded with status complete or fail
};
const char* to_string(RunState state);

struct PlannedRun {
  std::string id;                 ///< config hash
  config::Experiment experiment;  ///< the resolved config
  config::AxisValues axes;        ///< the sweep's axes, typed: their values in `experiment`
  std::string label;              ///< the point's zip label (config/sweep.h), or ""
  std::int64_t seed = 0;
  RunState state = RunState::todo;
  std::string status;            ///< the recorded status when there is a record
  std::filesystem::path record;  ///< the finished record (<id>.h5, or a matching older record), if any
  std::string damaged;           ///< why `record` is unreadable (corrupt, truncated, another run's); "" when it reads
};

struct SweepPlan {
  config::Sweep sweep;
  std::string preset;
  std::filesystem::path dir;  ///< <results>/<sweep name>/<preset>
  std::vector<std::string> sets;  ///< the --set values the plan applied to every run
  std::vector<PlannedRun> runs;

  std::filesystem::path runs_dir() const { return dir / "runs"; }
  std::filesystem::path configs_dir() const { return dir / "configs"; }
  std::filesystem::path logs_dir() const { return dir / "logs"; }
};

/// Expands the sweep for `preset` ("" = its default), applies the user's `--set` overrides last,
/// resolves and validates every run's config (so a bad value stops the sweep before any run), and
/// reads each run's state from `<results_root>/<name>/<preset>/runs`. Runs whose configs coincide
/// are planned once. A record that cannot be read (corrupt, truncated) does not stop the plan: its
/// run is in state error with PlannedRun::damaged set, so it is trained again and never reported.
/// Throws ContraError on any bad input.
///
/// A run's record is `<id>.h5`; failing that, a record whose stored config, read with today's
/// schema, resolves to exactly the planned config. That keeps records valid when a later version
/// adds a config key whose default reproduces the old behaviour (the rule for adding keys): the
/// key changes every run id, but not what the recorded runs did.
/// `results_root` empty: the sweep's own `results` (see config::Sweep). A `--set` on a key that
/// the sweep varies (a grid, zip or block axis) is an error: change the sweep instead. The other
/// presets are checked too (their first run is resolved), so a typo in [preset.gpu] shows on a CPU.
SweepPlan plan_sweep(const std::string& sweep_file, const std::string& preset, const std::vector<std::string>& sets,
                     const std::filesystem::path& results_root = {});

/// `plan` with, after its own runs, the runs its preset would plan without its trims (the
/// [preset.x.grid] replacements and [[preset.x.exclude]] tables; config/exclude.h), states unread:
/// what the sweep has at all, for the checks that a claim or a reference column names a row of it.
/// A row the preset trims is then not testable there, not a typo (report/verdicts/claims.h).
/// Throws ContraError on a bad value of a trimmed run.
SweepPlan untrimmed(const SweepPlan& plan);

/// Reads each planned run's state and record again from disk (after its runs, before the report):
/// the runs, their configs and ids stay as planned.
void read_states(SweepPlan& plan);

/// Before launching locally: every device the runs name is there, can run the runs' precision
/// (core::require_precision), and every dataset's files exist.
/// Throws ContraError with the config location of the offending key.
void preflight(const SweepPlan& plan);

/// One line per damaged record ("<file>: ... ; skipped"), for the sweep and report to print.
std::vector<std::string> damaged_records(const SweepPlan& plan);

/// Writes each run's resolved config to `configs/<id>.toml` (what `contra train` reads).
void write_configs(const SweepPlan& plan);

/// "method.momentum=0.99 seed=1" ("[MLP] model.head='mlp' seed=1" with a zip label): how a run is
/// named in listings and logs.
std::string describe(const PlannedRun& run);

}  // namespace contra::sweep
