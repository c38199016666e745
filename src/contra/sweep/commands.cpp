#include "contra/sweep/commands.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "contra/config/options.h"
#include "contra/config/run_id.h"
#include "contra/core/cpu_features.h"
#include "contra/core/device.h"
#include "contra/core/error.h"
#include "contra/dist/world.h"
#include "contra/sweep/baselines.h"
#include "contra/sweep/rank_launcher.h"
#include "contra/sweep/status.h"
#include "contra/train/ranks.h"

namespace contra::sweep {

namespace {

std::string results_flag(const std::string& results) { return results.empty() ? "" : " --results " + results; }

/// Every [slurm] key with its value.
struct SlurmValues {
  std::map<std::string, config::Value> values;
  template <class T>
  void operator()(const char* key, T& field, int = 0) {
    values[key] = config::Value(field);
  }
};

/// Sets the keys in `set` to their value in `values`.
struct SlurmOverride {
  const std::vector<std::string>& set;
  const std::map<std::string, config::Value>& values;
  template <class T>
  void operator()(const char* key, T& field, int = 0) {
    if (std::count(set.begin(), set.end(), key) > 0) CONTRA_ASSERT(config::assign(field, values.at(key)), key);
  }
};

}  // namespace

std::string dry_run_listing(const SweepPlan& plan, const SweepPlan& baselines, bool slurm) {
  std::string out;
  for (const auto* p : {&baselines, &plan}) {                 // in the order the sweep trains them
    if (p == &baselines && baselines.runs.empty()) continue;  // baselines = []
    out += fmt::format("{} {} preset {}: {} runs -> {}\n", p == &plan ? "sweep" : "baselines of", plan.sweep.name,
                       plan.preset, p->runs.size(), p->runs_dir().string());
    for (const auto& r : p->runs)
      out += fmt::format("  {}  {:<11} {}\n", r.id, to_string(r.state),
                         p == &plan ? describe(r) : fmt::format("[{}] seed={}", r.label, r.seed));
  }
  if (slurm)
    return out +
           "checked: the sweep file, every run's config, the references and claims, and the SLURM arrays' resources; "
           "not checked here: each run's device and precision, its dataset (read whole) and data.train_subset "
           "against it, which each array task checks when it starts on its node\n";
  return out +
         "checked: the sweep file, every run's config, the references and claims; not checked by --dry-run: each "
         "run's device and precision, its dataset (read whole) and data.train_subset against it, and the results "
         "folder, which `contra sweep` checks before the first run trains\n";
}

config::SlurmSpec merge_slurm(const config::SlurmSpec& from_sweep, const config::SlurmSpec& cli,
                              const std::vector<std::string>& set, const std::string& file) {
  config::SlurmSpec r = from_sweep;
  const auto has = [&](const char* key) { return std::count(set.begin(), set.end(), key) > 0; };
  if (has("gpus_per_task") && !has("gpus")) r.gpus = 0;
  if (has("gpus") && !has("gpus_per_task")) r.gpus_per_task = 0;
  // Each key the command line set replaces the file's, by name through visit().
  SlurmValues from_cli;
  const_cast<config::SlurmSpec&>(cli).visit(from_cli);  // the visitor only reads the fields
  SlurmOverride apply{set, from_cli.values};
  r.visit(apply);
  config::validate_slurm(r, set.empty() ? file : "the command line or " + file);
  return r;
}

CommandOutput submit_sweep(SweepPlan& plan, SweepPlan& baselines, const SlurmOptions& options, bool rerun,
                           bool no_submit, const std::string& file, const std::string& results) {
  CommandOutput o;
  if (rerun) refresh_stale_baselines(baselines);
  check_slurm_array(baselines, options);  // both checked before either array is written
  check_slurm_array(plan, options);
  // The baselines not yet recorded: an array of their own, in <results>/baselines/slurm.
  const auto baseline_array = write_slurm_array(baselines, options);
  if (!baseline_array.script.empty()) {
    if (!no_submit)
      o.out += fmt::format("submitted job array {} ({} baseline tasks, script {})\n",
                           submit_slurm_array(baseline_array, options), baseline_array.tasks_count,
                           baseline_array.script.string());
    else
      o.out += fmt::format("wrote {} ({} baseline tasks)\nsubmit it with: sbatch {}\n", baseline_array.script.string(),
                           baseline_array.tasks_count, baseline_array.script.string());
  }
  const auto array = write_slurm_array(plan, options);
  for (const auto& w : damaged_records(plan)) o.err.push_back("warning: " + w);
  if (array.script.empty()) {
    o.out += fmt::format("every run of sweep {} preset {} is done\n", plan.sweep.name, plan.preset);
    return o;
  }
  const std::string status = fmt::format("contra status {} --preset {}{}", file, plan.preset, results_flag(results));
  if (no_submit) {
    o.out += fmt::format("wrote {} ({} tasks)\nsubmit it with: sbatch {}\nfollow it with: {}\n", array.script.string(),
                         array.tasks_count, array.script.string(), status);
    return o;
  }
  const std::string job = submit_slurm_array(array, options);
  o.out += fmt::format(
      "submitted job array {} ({} tasks, script {})\nfollow it with: squeue -j {}   or: {}\n"
      "table when done: contra report {} --preset {}{}\n",
      job, array.tasks_count, array.script.string(), job, status, file, plan.preset, results_flag(results));
  return o;
}

LocalSweep train_sweep(SweepPlan& plan, SweepPlan& baselines, const LocalOptions& options, const std::string& file,
                       const std::string& results) {
  LocalSweep r;
  preflight(plan);  // devices and datasets, before any run starts
  preflight(baselines);
  for (const auto* p : {&baselines, &plan})
    for (const auto& w : damaged_records(*p)) r.output.err.push_back("warning: " + w);
  if (options.rerun) refresh_stale_baselines(baselines);
  auto baseline_options = options;
  baseline_options.rerun = false;
  const std::string counts = "{} complete, {} fail, {} error, {} interrupted, {} running elsewhere, {} already {}";
  if (!baselines.runs.empty()) {  // none with baselines = []
    r.baselines = run_local(baselines, baseline_options);
    const auto& b = r.baselines;
    r.output.out += fmt::format("baselines of {} preset {}: ", plan.sweep.name, plan.preset) +
                    fmt::format(fmt::runtime(counts), b.complete, b.failed, b.errors, b.interrupted, b.busy, b.skipped,
                                "recorded") +
                    "\n";
  }
  r.runs = run_local(plan, options);
  const auto& s = r.runs;
  r.output.out +=
      fmt::format("sweep {} preset {}: ", plan.sweep.name, plan.preset) +
      fmt::format(fmt::runtime(counts), s.complete, s.failed, s.errors, s.interrupted, s.busy, s.skipped, "done") +
      "\n";
  LaunchSummary all = r.runs;  // the exit code and the lines below count the baselines too
  all.failed += r.baselines.failed;
  all.errors += r.baselines.errors;
  all.interrupted += r.baselines.interrupted;
  all.not_started += r.baselines.not_started;
  all.busy += r.baselines.busy;
  r.output.code = exit_code(all);
  const std::string where = file + results_flag(results);
  if (r.output.code == kExitSomeFailed)
    r.output.err.push_back(
        fmt::format("{} run(s) recorded as fail (diverged, collapsed or did not converge; see the table's status column)", all.failed));
  else if (r.output.code != 0)
    r.output.err.push_back(
        fmt::format("{} run(s) did not finish; `contra status {}` lists them, and running the sweep again resumes them",
                    all.errors + all.interrupted + all.not_started, where));
  if (all.busy > 0)
    r.output.err.push_back(fmt::format(
        "{} run(s) were being trained by another process; `contra status {}` follows them", all.busy, where));
  return r;
}

std::string status_text(const SweepPlan& plan, const SweepPlan& baselines) {
  std::string out;
  if (!baselines.runs.empty())
    out += format_statuses(baselines, run_statuses(baselines), "baselines of " + plan.sweep.name);
  return out + format_statuses(plan, run_statuses(plan));
}

int train_ranks(const config::Experiment& exp, const std::vector<std::string>& argv, int nproc, int threads,
                const std::filesystem::path& out_dir) {
  CONTRA_CHECK(std::getenv("WORLD_SIZE") == nullptr,
               "--nproc {}: this process is already one rank of a group (WORLD_SIZE={} is set); start it without "
               "--nproc",
               nproc, std::getenv("WORLD_SIZE"));
  const char* step_tasks = std::getenv("SLURM_NTASKS");
  CONTRA_CHECK(std::getenv("SLURM_STEP_ID") == nullptr || step_tasks == nullptr || std::string(step_tasks) == "1",
               "--nproc {}: this process is one of the SLURM_NTASKS={} tasks of an srun step, which are the run's "
               "ranks already; start it without --nproc",
               nproc, step_tasks != nullptr ? step_tasks : "");
  train::check_splits(exp, nproc);  // the rules that need no data, once, before any rank starts
  (void)core::detect_cpu_features();  // CONTRA_CPU_FEATURES checked here, not in each rank
  (void)train::check_backend(exp, core::resolve_device(exp.run.device, exp.where("run.device")).is_cuda());
  RankLaunch launch;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const auto& arg = argv[i];
    if (arg == "--nproc" || arg == "--threads") {
      ++i;
    } else if (arg.rfind("--nproc=", 0) != 0 && arg.rfind("--threads=", 0) != 0) {
      launch.train_args.push_back(arg);
    }
  }
  launch.nproc = nproc;
  launch.threads = threads;
  launch.grace = std::chrono::seconds(exp.run.dist_timeout_s);
  launch.out_dir = out_dir;
  launch.run_id = config::run_id(exp);
  return launch_ranks(launch);
}

int environment_rank() {
  try {
    return dist::rendezvous_from_environment().rank;
  } catch (const core::ContraError&) {
    return 0;
  }
}

bool silent_rank() {
  const bool launched = std::getenv(kLaunchedVariable) != nullptr || std::getenv("SLURM_STEP_ID") != nullptr;
  return launched && environment_rank() != 0;
}

}  // namespace contra::sweep
