#include "contra/sweep/plan.h"

#include <fmt/format.h>

#include <fstream>
#include <set>

#include "contra/core/error.h"
#include "contra/store/run_record.h"

namespace contra::sweep {

namespace fs = std::filesystem;

const char* to_string(RunState state) {
  switch (state) {
    case RunState::todo: return "todo";
    case RunState::interrupted: return "interrupted";
    case RunState::error: return "error";
    case RunState::done: return "done";
  }
  return "?";
}

namespace {

void read_state(const fs::path& runs_dir, PlannedRun& run) {
  const fs::path final_file = store::final_path(runs_dir, run.id);
  if (fs::exists(final_file)) {
    const auto record = store::read_run(final_file);
    run.status = store::get_string(record.attributes, "status", final_file.string());
    run.state = run.status == "error" ? RunState::error : RunState::done;
  } else if (fs::exists(store::partial_path(runs_dir, run.id))) {
    run.state = RunState::interrupted;
  }
}

}  // namespace

SweepPlan plan_sweep(const std::string& sweep_file, const std::string& preset, const std::vector<std::string>& sets,
                     const fs::path& results_root) {
  SweepPlan plan;
  plan.sweep = config::load_sweep(sweep_file);
  plan.preset = config::find_preset(plan.sweep, preset).name;
  plan.dir = results_root / plan.sweep.name / plan.preset;
  std::vector<config::Override> user;
  for (const auto& s : sets) user.push_back(config::parse_set(s, sweep_file));
  std::set<std::string> seen;
  for (auto& planned : config::expand(plan.sweep, plan.preset)) {
    auto overrides = planned.overrides;
    overrides.insert(overrides.end(), user.begin(), user.end());
    PlannedRun run;
    run.experiment = config::load_experiment(plan.sweep.experiment, overrides);
    run.id = config::config_hash(run.experiment);
    run.axes = planned.axes;
    run.seed = planned.seed;
    if (!seen.insert(run.id).second) continue;
    read_state(plan.runs_dir(), run);
    plan.runs.push_back(std::move(run));
  }
  return plan;
}

void write_configs(const SweepPlan& plan) {
  fs::create_directories(plan.configs_dir());
  for (const auto& run : plan.runs) {
    const fs::path file = plan.configs_dir() / (run.id + ".toml");
    std::ofstream out(file);
    out << "# Resolved config of run " << run.id << " (" << describe(run) << ") of sweep " << plan.sweep.name
        << ", preset " << plan.preset << ".\n# Written by `contra sweep`; the run id is the hash of this config.\n"
        << config::to_toml(run.experiment);
    CONTRA_CHECK(out.good(), "{}: cannot write the run's config", file.string());
  }
}

std::string describe(const PlannedRun& run) {
  std::string s;
  for (const auto& [k, v] : run.axes) s += k + "=" + v + " ";
  return s + fmt::format("seed={}", run.seed);
}

}  // namespace contra::sweep
