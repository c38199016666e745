#include "contra/sweep/plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>

#include "contra/core/device.h"
#include "contra/core/error.h"
#include "contra/core/files.h"
#include "contra/core/precision.h"
#include "contra/config/run_id.h"
#include "contra/data/registry.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"
#include "contra/store/stored_config.h"
#include "contra/sweep/baselines.h"

namespace contra::sweep {

namespace fs = std::filesystem;

const char* to_string(RunState state) {
  switch (state) {
    case RunState::todo:
      return "planned";
    case RunState::interrupted:
      return "interrupted";
    case RunState::error:
      return "error";
    case RunState::done:
      return "done";
  }
  return "?";
}

namespace {

/// Records in a runs folder, indexed by the run id their stored config has today (a record under
/// an id of an older scheme, not yet re-indexed: `contra reindex`). Built on first use, since it
/// reads every record.
class RecordIndex {
 public:
  explicit RecordIndex(fs::path dir) : dir_(std::move(dir)) {}

  /// The record whose stored config has run id `id` today, if any.
  const fs::path* find(const std::string& id) {
    if (!built_) build();
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : &it->second;
  }

 private:
  void build() {
    built_ = true;
    if (!fs::is_directory(dir_)) return;
    for (const auto& entry : fs::directory_iterator(dir_)) {
      if (entry.path().extension() != ".h5") continue;
      try {
        const auto record = store::read_run(entry.path());
        by_id_.emplace(config::run_id(store::stored_experiment(record, entry.path().string())), entry.path());
      } catch (const core::ContraError&) {
        // Not a readable record, or a config today's registries cannot read: it matches no planned run.
      }
    }
  }

  fs::path dir_;
  bool built_ = false;
  std::map<std::string, fs::path> by_id_;
};

void read_state(const fs::path& runs_dir, RecordIndex& index, PlannedRun& run) {
  fs::path file = store::final_path(runs_dir, run.id);
  if (!fs::exists(file)) {
    if (fs::exists(store::partial_path(runs_dir, run.id))) {
      run.state = RunState::interrupted;
      return;
    }
    const fs::path* match = index.find(run.id);
    if (match == nullptr) return;
    file = *match;
  }
  run.record = file;
  try {
    const auto record = store::read_run(file);
    store::check_run_id(file, record);  // another run's record under this name is damaged too
    run.status = store::get_string(record.attributes, "status", file.string());
    run.state = run.status == "error" ? RunState::error : RunState::done;
  } catch (const core::ContraError& e) {
    // A damaged record counts as no result: it is named, skipped by reports and trained again.
    const std::string what = e.what();
    run.status = "error";
    run.state = RunState::error;
    run.damaged = what.substr(0, what.find('\n'));
  }
}

}  // namespace

namespace {

/// Every key the sweep varies: grid, zip and block axes.
std::set<std::string> axis_keys(const config::Sweep& sweep) {
  std::set<std::string> keys;
  const auto add = [&](const config::AxisSet& set) {
    for (const auto& a : set.grid) keys.insert(a.key);
    for (const auto& z : set.zips) keys.insert(z.keys.begin(), z.keys.end());
  };
  add(sweep.axes);
  for (const auto& b : sweep.blocks) add(b);
  return keys;
}

// One point of the sweep, with the user's --set overrides after its own, resolved to its run.
PlannedRun resolve_point(const config::Sweep& sweep, const config::SweepPoint& point,
                         const std::vector<config::Override>& user) {
  auto overrides = point.overrides;
  overrides.insert(overrides.end(), user.begin(), user.end());
  PlannedRun run;
  run.experiment = methods::load_experiment(sweep.experiment, overrides);
  run.id = config::run_id(run.experiment);
  run.axes = config::axis_values(run.experiment, point.axes);
  run.label = point.label;
  run.seed = point.seed;
  return run;
}

}  // namespace

SweepPlan plan_sweep(const std::string& sweep_file, const std::string& preset, const std::vector<std::string>& sets,
                     const fs::path& results_root) {
  SweepPlan plan;
  plan.sweep = config::load_sweep(sweep_file);
  (void)planned_baselines(plan.sweep);  // a name that is no registered baseline stops the sweep here
  plan.preset = config::find_preset(plan.sweep, preset).name;
  plan.dir = (results_root.empty() ? fs::path(plan.sweep.results) : results_root) / plan.sweep.name / plan.preset;
  plan.sets = sets;
  std::vector<config::Override> user;
  const auto axes = axis_keys(plan.sweep);
  for (const auto& s : sets) {
    user.push_back(config::parse_set(s, sweep_file));
    CONTRA_CHECK(user.back().key != "run.seed",
                 "--set {}: the sweep's seeds set run.seed for every run: change `seeds` in {} (or its preset's) "
                 "instead",
                 s, sweep_file);
    CONTRA_CHECK(!axes.count(user.back().key),
                 "--set {}: '{}' is an axis of {}: change its values in the sweep instead", s, user.back().key,
                 sweep_file);
  }
  // The other presets: resolving their first run catches unknown keys and bad values there too.
  for (const auto& [name, other] : plan.sweep.presets) {
    if (name == plan.preset) continue;
    const auto runs = config::expand(plan.sweep, name);
    if (!runs.empty()) (void)methods::load_experiment(plan.sweep.experiment, runs.front().overrides);
  }
  std::set<std::string> seen;
  std::error_code ec;
  // The nearest existing folder on the way to runs/ must be a folder: a file in the way (a
  // mistyped --results) would otherwise make every run look new.
  for (fs::path p = plan.runs_dir(); !p.empty() && p != p.parent_path(); p = p.parent_path()) {
    if (!fs::exists(p, ec)) continue;
    CONTRA_CHECK(fs::is_directory(p, ec), "{}: cannot read the results folder: {} is not a folder",
                 plan.runs_dir().string(), p.string());
    break;
  }
  if (fs::exists(plan.runs_dir(), ec) || ec) {
    // A results folder we cannot list would make every run look new: say so instead.
    fs::directory_iterator probe(plan.runs_dir(), ec);
    CONTRA_CHECK(!ec, "{}: cannot read the results folder: {}", plan.runs_dir().string(), ec.message());
  }
  for (const auto& point : config::expand(plan.sweep, plan.preset)) {
    PlannedRun run = resolve_point(plan.sweep, point, user);
    if (!seen.insert(run.id).second) {
      // The same config twice: planned once. Two labels for one config would name one row twice.
      const auto first =
          std::find_if(plan.runs.begin(), plan.runs.end(), [&](const PlannedRun& p) { return p.id == run.id; });
      CONTRA_CHECK(first == plan.runs.end() || first->label == run.label,
                   "{}: the points labelled '{}' and '{}' resolve to the same config (run {}): give them different "
                   "values",
                   sweep_file, first->label, run.label, run.id);
      continue;
    }
    plan.runs.push_back(std::move(run));
  }
  // The report's rows come from x and series: a key the runs do not have would merge every run
  // into one row, as if they were seeds.
  const auto& spec = plan.sweep.report;
  // With blocks of several methods, a method's option is a key of its own runs only.
  const auto is_key = [&](const std::string& key) {
    return std::all_of(plan.runs.begin(), plan.runs.end(),
                       [&](const PlannedRun& r) { return config::value_of(r.experiment, key).has_value(); });
  };
  CONTRA_CHECK(spec.x == "label" || spec.x.rfind("summary.", 0) == 0 || is_key(spec.x),
               "{}: report.x = '{}' is no config key of every run of the sweep (x may also be 'label' or "
               "'summary.<attribute>')",
               spec.at("report.x", sweep_file), spec.x);
  CONTRA_CHECK(spec.series.empty() || is_key(spec.series),
               "{}: report.series = '{}' is no config key of every run of the sweep", spec.at("report.series", sweep_file),
               spec.series);
  // A selection rule chooses on validation, against each run's own random init: a run that could
  // not be judged by it is refused before it trains (docs/recipe.md).
  for (const auto& r : plan.runs)
    CONTRA_CHECK(spec.objective.empty() || (r.experiment.eval.split == "validation" && r.experiment.eval.knn_random_init),
                 "{}: report.objective = '{}' chooses on the validation split against each run's own random init, "
                 "but run {} has eval.split = '{}' and eval.knn_random_init = {}: set eval.split = \"validation\" "
                 "(with data.validation) and eval.knn_random_init = true in [fixed]",
                 spec.at("report.objective", sweep_file), spec.objective, r.id, r.experiment.eval.split,
                 r.experiment.eval.knn_random_init);
  read_states(plan);
  return plan;
}

SweepPlan untrimmed(const SweepPlan& plan) {
  SweepPlan out = plan;
  auto& preset = out.sweep.presets.at(plan.preset);
  if (preset.grid.empty() && preset.exclude.empty()) return out;
  preset.grid.clear();
  preset.grid_origins.clear();
  preset.exclude.clear();
  std::vector<config::Override> user;
  for (const auto& s : plan.sets) user.push_back(config::parse_set(s, plan.sweep.file));
  for (const auto& point : config::expand(out.sweep, plan.preset))
    out.runs.push_back(resolve_point(out.sweep, point, user));
  return out;
}

void read_states(SweepPlan& plan) {
  RecordIndex index(plan.runs_dir());
  for (auto& run : plan.runs) {
    run.state = RunState::todo;
    run.status.clear();
    run.record.clear();
    run.damaged.clear();
    read_state(plan.runs_dir(), index, run);
  }
}

void preflight(const SweepPlan& plan) {
  std::set<std::string> devices;                     // device and precision, checked once each
  // Labelled and unlabeled training images, per dataset, root and split: read once.
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> counts;
  for (const auto& run : plan.runs) {
    const auto& e = run.experiment;
    if (devices.insert(e.run.device + "\n" + core::precision_name(e.run.precision)).second)
      core::require_precision(e.run.precision,
                              core::resolve_device(e.run.device, e.where("run.device")), e.where("run.precision"));
    auto full = e.data;
    full.train_subset = full.test_subset = 0;
    std::string key = e.data.dataset + "\n" + e.data.root + "\n" + std::to_string(e.data.validation);
    for (const auto& o : e.data.options.entries()) key += "\n" + o.spec.key + "=" + config::literal(o.value);
    auto it = counts.find(key);
    // Read whole, once per dataset: a missing, truncated or corrupt file stops the sweep here.
    if (it == counts.end()) {
      const auto d = data::load_dataset(full, e.where("data.root"), e.where("data.validation"));
      it = counts.emplace(key, std::make_pair(d.train.size(), d.unlabeled_size())).first;
    }
    const auto [labelled, unlabeled] = it->second;
    CONTRA_CHECK(e.data.train_subset <= labelled, "{}: data.train_subset = {} is larger than the {} training images in {}{}",
                 e.where("data.train_subset"), e.data.train_subset, labelled, e.data.root,
                 e.data.validation > 0 ? fmt::format(" left after data.validation = {}", e.data.validation) : "");
    const auto subset = e.data.train_subset;
    methods::check_against_data(e, subset > 0 ? subset + std::min(subset, unlabeled) : labelled + unlabeled);
  }
}

void write_configs(const SweepPlan& plan) {
  core::ensure_directory(plan.configs_dir(), "run configs");
  for (const auto& run : plan.runs) {
    const fs::path file = plan.configs_dir() / (run.id + ".toml");
    std::ofstream out(file);
    out << "# Resolved config of run " << run.id << " (" << describe(run) << ") of sweep " << plan.sweep.name
        << ", preset " << plan.preset << ".\n# Written by `contra sweep`; the run id is the hash of this config.\n"
        << config::to_toml(run.experiment);
    CONTRA_CHECK(out.good(), "{}: cannot write the run's config", file.string());
  }
}

std::vector<std::string> damaged_records(const SweepPlan& plan) {
  std::vector<std::string> lines;
  for (const auto& run : plan.runs)
    if (!run.damaged.empty())
      lines.push_back(fmt::format("skipping a damaged record: {} (run {} is trained again by the next sweep)",
                                  run.damaged, run.id));
  return lines;
}

std::string describe(const PlannedRun& run) {
  const std::string axes = config::to_text(run.axes);
  return fmt::format("{}{}{}seed={}", run.label.empty() ? std::string() : "[" + run.label + "] ", axes,
                     axes.empty() ? "" : " ", run.seed);
}

}  // namespace contra::sweep
