// A sweep TOML: base experiment, [grid] (cartesian product), [[zip]] axes that move together,
// seeds, named [preset.*] overrides and a [report] block (DESIGN.md, "Config").
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "contra/config/load.h"

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
};

namespace names {
/// The report layouts (report.kind); report/report.cpp holds one builder per name (a test checks it).
inline const std::vector<std::string> kReportKinds = {"ablation", "grid", "cost", "curves"};
/// The /summary attributes a report's x may name ("summary.K"): those every run records when it
/// starts (train/run_start.cpp writes them; a test trains a run and checks each is there).
inline const std::vector<std::string> kSummaryAxes = {"K",         "negatives",       "negatives_store_bytes",
                                                      "lr_scaled", "steps_per_epoch", "flops_forward_per_image",
                                                      "train_flops_per_step"};
/// The largest report.reference_n accepted: a paper's training images (ImageNet-1k: 1 281 167).
inline constexpr double kMaxReferenceN = 1e9;
}  // namespace names

/// [report]: how `contra report` turns the runs into a table beside a paper's numbers.
struct ReportSpec {
  /// ablation (rows by x, grouped by series) | grid (x rows, series columns) | cost | curves (the
  /// ablation table, and pretext accuracy and kNN per epoch as the figure)
  std::string kind = "ablation";
  std::string title;             ///< the table's title
  std::string reference;         ///< "<file>.<table>" in analysis/references, e.g. "<paper>.momentum_ablation"
  std::string reference_x;       ///< the reference column matched against x, e.g. "momentum"
  std::string reference_y;       ///< the reference column with the paper's numbers, e.g. "top1" (2-D: one row per x)
  std::string reference_series;  ///< 2-D reference: the column listing the series values, e.g. "epochs"
  std::map<std::string, std::string> reference_columns;  ///< series value -> reference column (e.g. mlp -> "mlp_head")
  std::string x;                    ///< the row axis: a config key ("method.momentum"), "summary.<attr>" ("summary.K")
                                    ///< or "label" (the zip labels); default: the sweep's first axis, else run.seed
  std::string x_label;              ///< the column header of x, e.g. "m"
  std::string series;               ///< optional: the axis whose values give separate groups/lines, e.g. "method.name"
  std::string series_label;         ///< its column header
  bool log_x = false;               ///< figure: x on a log axis, ticks at the swept values
  bool categorical_x = false;       ///< figure: one evenly spaced position per x value, also with a series
                                    ///< (without a series x is always categorical), e.g. m = 0 … 0.9999
  std::string metric = "knn_top1";  ///< the /summary attribute measured
  /// optional: a published per-epoch kNN curve, analysis/references/<name>.csv (config/reference_curve.h),
  /// drawn beside each row's kNN per epoch, e.g. "moco_cifar10_demo_knn"
  std::string epoch_reference;
  std::vector<std::string> epoch_reference_presets;  ///< the presets whose setting that curve is of (required with it)
  /// judge the cited table's claims (config/claims.h) under the table; false for a sweep that covers
  /// only part of the paper's table (a claim naming a row the table lacks is otherwise an error)
  bool claims = true;
  /// > 0 when x is carried over from the paper relative to the training-set size (sweeps state the
  /// rule, e.g. K = K_paper·n/n_paper as a power of two): the paper's training images, n_paper. A
  /// row's paper value is then read at x·n_paper/n (n: the row's own train_images), at the paper x
  /// nearest it within a factor √2; 0 reads it at x itself.
  double reference_n = 0;
  /// Where each key of [report] was set ("file:line"); not a key. at() reads it.
  std::map<std::string, std::string> origins;

  /// "file:line" of [report] `key` ("report.x"), or `file` when the key was not written there.
  std::string at(const std::string& key, const std::string& file) const {
    const auto it = origins.find(key);
    return it != origins.end() ? it->second : file;
  }

  /// Its keys, once: the sweep reader reads [report] through this (as Experiment::visit).
  template <class V>
  void visit(V& v) {
    v("kind", kind);
    v("title", title);
    v("reference", reference);
    v("reference_x", reference_x);
    v("reference_y", reference_y);
    v("reference_series", reference_series);
    v("reference_columns", reference_columns);
    v("x", x);
    v("x_label", x_label);
    v("series", series);
    v("series_label", series_label);
    v("log_x", log_x);
    v("categorical_x", categorical_x);
    v("metric", metric);
    v("epoch_reference", epoch_reference);
    v("epoch_reference_presets", epoch_reference_presets);
    v("claims", claims);
    v("reference_n", reference_n);
  }
};

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

/// Checks [slurm] values (from the file or the command line; `where` names their source): counts
/// in range, at most one of gpus and gpus_per_task, a time and a memory size in sbatch's forms, partition and account names without
/// spaces or newlines (they go into the sbatch script). Throws ContraError.
void validate_slurm(const SlurmSpec& slurm, const std::string& where);

/// The preset `name` ("" = the sweep's default). Throws ContraError listing the presets when unknown.
const Preset& find_preset(const Sweep& sweep, const std::string& name);

/// (Grid × zips × block) for each block, × seeds, for one preset, in a stable order (blocks and
/// axes in file order, seeds innermost).
std::vector<SweepPoint> expand(const Sweep& sweep, const std::string& preset);

}  // namespace contra::config
