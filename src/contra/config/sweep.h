// A sweep TOML: base experiment, [grid] (cartesian product), [[zip]] axes that move together,
// seeds, named [preset.*] overrides and a [report] block (DESIGN.md, "Config").
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "contra/config/budget.h"
#include "contra/config/exclude.h"
#include "contra/config/load.h"
#include "contra/config/report_spec.h"
#include "contra/config/scale_rules.h"
#include "contra/config/slurm_spec.h"

namespace contra::config {

/// One grid axis: a key and its values, typed as the sweep file writes them.
struct Axis {
  std::string key;
  std::vector<Value> values;
  std::string origin;
};

/// Axes that move together: point i sets keys[j] to values[i][j] (e.g. end-to-end: batch = K).
/// An optional `label = [...]` names each point for the report (e.g. MoCo v2's "MLP+aug+"): it
/// is not a config key, so it changes no run id.
struct ZipAxis {
  std::vector<std::string> keys;
  std::vector<std::vector<Value>> values;  ///< values[i][j]: point i's value of keys[j]
  std::vector<std::string> labels;  ///< one per point, or empty
  std::string origin;
};

/// A cartesian product: grid axes times zip axes, with overrides of its own.
struct AxisSet {
  std::vector<Axis> grid;
  std::vector<ZipAxis> zips;
  std::vector<Override> fixed;  ///< a [[block]]'s plain (non-array) keys: overrides for its runs only
};

/// A named set of overrides for a kind of machine: `cpu` (the default), `gpu`, `paper`.
/// It may also replace the seeds and the values of existing grid axes ([preset.x.grid]).
struct Preset {
  std::string name;
  std::string description;
  std::vector<Override> overrides;
  std::optional<std::vector<std::int64_t>> seeds;
  std::map<std::string, std::vector<Value>> grid;
  std::map<std::string, std::string> grid_origins;  ///< where [preset.x.grid] writes each axis ("file:line")
  /// [[preset.x.exclude]]: the points this preset does not plan (config/exclude.h); expand() throws
  /// when one drops no point, or when they drop every point.
  std::vector<Exclusion> exclude;
};

struct Sweep {
  std::string name;  ///< results/<name>/<preset>/
  std::string file;  ///< the sweep TOML itself
  std::string description;
  std::string experiment;  ///< base experiment TOML, resolved relative to the sweep file
  std::string results =
      "results";  ///< results root (`results = "../results"`: relative to the sweep file; absent: the working directory's results/)
  std::string references = "analysis/references";  ///< paper references (as results)
  std::vector<std::int64_t> seeds = {0};
  std::string default_preset = "cpu";
  /// The baselines planned beside the runs and shown in the table, by method name (sweep/baselines.h
  /// checks them against the registered baselines); nullopt: every registered baseline; [] for none.
  std::optional<std::vector<std::string>> baselines;
  std::string baselines_origin;  ///< where `baselines` was set ("file:line"), for messages
  std::vector<Override> fixed;  ///< [fixed]: overrides for every run
  AxisSet axes;                 ///< [grid] and [[zip]]: crossed with every block
  std::vector<AxisSet> blocks;  ///< [[block]]: runs are the union over blocks (none = one empty block)
  std::map<std::string, Preset> presets;
  ReportSpec report;
  SlurmSpec slurm;
  std::vector<ScaleRule> scale_rules;  ///< [[scale_rules]]: the ratios its claims need (config/scale_rules.h)
  std::optional<PowerRule> power;      ///< [power]: how its seeds were chosen; nullopt: not stated
  std::optional<BudgetRule> budget;    ///< [budget]: the most time its table may take; nullopt: not stated
};

/// One point of a sweep's expansion (grid point x seed) before its config is resolved: the
/// overrides to apply to the base experiment (fixed, preset, block, axes, seed, in that order) and
/// the keys of the axes that name it (their values are the resolved config's, sweep/plan.h).
struct SweepPoint {
  std::vector<Override> overrides;
  std::vector<std::string> axes;  ///< the keys the sweep varies, in its order (grid, zip and block axes)
  std::string label;              ///< the point's zip label, or ""
  std::int64_t seed = 0;
};

/// Reads and checks a sweep TOML. Throws ContraError with file and line on a syntax error, an
/// unknown key, an empty axis, zip axes of unequal length, or a preset that names no axis.
/// A `[[block]]` holds axes (arrays), plain keys (overrides for its runs only) and its own
/// `[[block.zip]]`; each block is crossed with [grid] and [[zip]], and the sweep runs the union
/// (e.g. MoCo over K, end-to-end over batch).
Sweep load_sweep(const std::string& file);

/// Whether `file` reads as a sweep file: TOML with a top-level `experiment` key (an experiment file
/// has none). Throws ContraError with file and line when it is not TOML or cannot be read.
bool is_sweep_file(const std::string& file);

/// The preset `name` ("" = the sweep's default). Throws ContraError listing the presets when unknown.
const Preset& find_preset(const Sweep& sweep, const std::string& name);

/// (Grid × zips × block) for each block, × seeds, for one preset, in a stable order (blocks and
/// axes in file order, seeds innermost), less the points the preset's [[exclude]] tables match.
/// Throws ContraError naming the table's file:line when one of them matches no point (a key that is
/// no axis, a value no axis has), or when together they drop every point.
std::vector<SweepPoint> expand(const Sweep& sweep, const std::string& preset);

}  // namespace contra::config
