#include "contra/sweep/baselines.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "contra/config/load.h"
#include "contra/config/run_id.h"
#include "contra/core/error.h"
#include "contra/core/provenance.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"
#include "contra/sweep/local_launcher.h"

namespace contra::sweep {

namespace fs = std::filesystem;

std::vector<std::string> planned_baselines(const config::Sweep& sweep) {
  std::vector<std::string> all;
  for (const auto* spec : methods::baselines()) all.push_back(spec->name);
  if (!sweep.baselines) return all;
  for (const auto& name : *sweep.baselines)
    CONTRA_CHECK(std::count(all.begin(), all.end(), name) == 1, "{}: baselines names '{}', which is no baseline; valid: {}",
                 sweep.baselines_origin, name, fmt::join(all, ", "));
  std::vector<std::string> ordered;  // in table order, whatever the file's
  for (const auto& name : all)
    if (std::count(sweep.baselines->begin(), sweep.baselines->end(), name) == 1) ordered.push_back(name);
  return ordered;
}

namespace {

/// The point of a labelled zip axis that a study's cost is measured against
/// (report.objective_cost_x, e.g. the recipe study's "inherited"), as overrides of its keys; empty
/// for a sweep without one. Its baselines are computed at that point, so that raw pixels, the
/// random-init encoder and the supervised ceiling see the data (images, epochs, batch, width) its
/// candidates are measured against, not the experiment file's.
std::vector<config::Override> cost_point(const config::Sweep& sweep) {
  std::vector<config::Override> out;
  const std::string& label = sweep.report.objective_cost_x;
  if (label.empty()) return out;
  for (const auto& zip : sweep.axes.zips) {
    const auto at = std::find(zip.labels.begin(), zip.labels.end(), label);
    if (at == zip.labels.end()) continue;
    const auto i = static_cast<std::size_t>(at - zip.labels.begin());
    for (std::size_t j = 0; j < zip.keys.size(); ++j)
      out.push_back({zip.keys[j], zip.values[i][j], fmt::format("{} (the baselines' setting: point '{}')", zip.origin, label)});
  }
  return out;
}

/// The setting every baseline starts from: experiment, [fixed], the cost point of a labelled
/// study (cost_point), the preset, --set; no other axis. Its [method] is a baseline's (the first
/// registered), without the sweep's method keys: a contrastive key's check (MoCo's queue against
/// the images, say) is the sweep's runs' business, at their own values, not the experiment file's.
config::Experiment setting_of(const SweepPlan& plan) {
  const auto& preset = config::find_preset(plan.sweep, plan.preset);
  std::vector<config::Override> all = plan.sweep.fixed, overrides;
  const auto point = cost_point(plan.sweep);
  all.insert(all.end(), point.begin(), point.end());
  all.insert(all.end(), preset.overrides.begin(), preset.overrides.end());
  for (const auto& s : plan.sets) all.push_back(config::parse_set(s, plan.sweep.file));
  for (const auto& o : all)
    if (o.key.rfind("method.", 0) != 0) overrides.push_back(o);
  const auto baselines = methods::baselines();
  CONTRA_ASSERT(!baselines.empty(), "no baseline method is registered");
  overrides.push_back({"method.name", config::Value(baselines.front()->name), plan.sweep.file + " (the baselines' setting)"});
  return methods::load_experiment(plan.sweep.experiment, overrides);
}

/// An experiment of baseline `spec` with its defaults, then `from`'s sections as the spec keeps
/// them, read back through the config reader (so it is checked, and its text and id are canonical).
config::Experiment baseline_of(const config::Experiment& from, const config::MethodSpec& spec, std::int64_t seed,
                               const std::string& source) {
  const std::vector<config::Override> name = {{"method.name", config::Value(spec.name), source}};
  config::Experiment e = methods::parse_experiment("", source, name);
  const config::Experiment defaults = e;
  const auto& b = *spec.baseline;
  e.data = from.data;
  e.eval = from.eval;
  e.run = from.run;
  if (b.keeps_model) e.model = from.model;
  if (b.keeps_training) {
    e.augment = from.augment;
    e.optim = from.optim;
    e.train = from.train;
  } else {
    e.eval.knn_every = defaults.eval.knn_every;  // it evaluates once
    e.eval.knn_random_init = defaults.eval.knn_random_init;
  }
  e.run.seed = seed;
  return methods::parse_experiment(config::to_toml(e), source);
}

}  // namespace

SweepPlan plan_baselines(const SweepPlan& plan) {
  SweepPlan out;
  out.sweep = plan.sweep;
  out.sweep.name = "baselines";
  out.preset = plan.preset;
  out.sets = plan.sets;
  out.dir = plan.dir.parent_path().parent_path() / "baselines";  // <results>/<sweep>/<preset> -> <results>/baselines
  const auto& preset = config::find_preset(plan.sweep, plan.preset);
  const std::vector<std::int64_t> seeds = preset.seeds ? *preset.seeds : plan.sweep.seeds;
  CONTRA_CHECK(!seeds.empty(), "{}: the sweep has no seeds", plan.sweep.file);
  const auto names = planned_baselines(plan.sweep);
  if (names.empty()) return out;
  config::Experiment setting = setting_of(plan);
  // A baseline that trains runs as long as the table's longest row: where the rows set the epochs
  // (an axis, as the batch study's 1, 2, 4, or a [[block]] each), the experiment's own epochs may
  // belong to no row. It then takes that row's epochs with the keys counted in epochs (lr_steps,
  // warmup_epochs), so its schedule is one a row has; the first such row in plan order.
  // A labelled study's baselines stay at its cost point's epochs (cost_point).
  const auto longest = std::max_element(plan.runs.begin(), plan.runs.end(), [](const auto& a, const auto& b) {
    return a.experiment.optim.epochs < b.experiment.optim.epochs;
  });
  if (plan.sweep.report.objective_cost_x.empty() && longest != plan.runs.end() &&
      longest->experiment.optim.epochs != setting.optim.epochs) {
    const auto& optim = longest->experiment.optim;
    setting.optim.epochs = optim.epochs;
    setting.optim.lr_steps = optim.lr_steps;
    setting.optim.warmup_epochs = optim.warmup_epochs;
  }
  std::set<std::string> seen;
  for (const auto& name : names) {
    const config::MethodSpec& spec = *methods::schema().method(name);
    for (const auto seed : seeds) {
      const std::string source = fmt::format("{} (baseline {}, preset {})", plan.sweep.file, name, plan.preset);
      PlannedRun run;
      run.experiment = baseline_of(setting, spec, seed, source);
      run.id = config::run_id(run.experiment);
      run.label = spec.baseline->label;
      run.seed = seed;
      if (seen.insert(run.id).second) out.runs.push_back(std::move(run));
      if (!spec.baseline->seeded) break;  // deterministic: one run
    }
  }
  read_states(out);
  return out;
}

void refresh_stale_baselines(SweepPlan& baselines) {
  SweepPlan stale = baselines;
  stale.runs.clear();
  for (const auto& run : baselines.runs) {
    if (run.state != RunState::done) continue;
    const auto record = store::read_run(run.record);
    if (store::get_string(record.attributes, "git_sha", run.record.string()) != core::git_sha())
      stale.runs.push_back(run);
  }
  if (stale.runs.empty()) return;
  set_aside_records(stale);
  read_states(baselines);
}

}  // namespace contra::sweep
