// The `contra` executable: a thin CLI11 layer over the library (DESIGN.md, example 6).
// User errors print one line and exit with 2; see README.md for the commands.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <sys/prctl.h>

#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <iostream>

#include "contra/config/load.h"
#include "contra/config/run_id.h"
#include "contra/core/device.h"
#include "contra/core/error.h"
#include "contra/core/memory.h"
#include "contra/core/provenance.h"
#include "contra/dist/world.h"
#include "contra/methods/registry.h"
#include "contra/report/index.h"
#include "contra/report/inspect.h"
#include "contra/report/report.h"
#include "contra/sweep/baselines.h"
#include "contra/sweep/local_launcher.h"
#include "contra/sweep/plan.h"
#include "contra/sweep/rank_launcher.h"
#include "contra/sweep/reindex.h"
#include "contra/sweep/slurm_launcher.h"
#include "contra/sweep/status.h"
#include "contra/train/ranks.h"
#include "contra/train/trainer.h"

namespace {

using namespace contra;

void warn_blas() {
  if (!core::has_optimised_blas()) fmt::print(stderr, "contra: warning: {}\n", core::blas_advice());
}

struct TrainArgs {
  std::string experiment;
  std::vector<std::string> sets, axes;
  bool dump = false, quiet = false;
  int nproc = 1;                  ///< --nproc: ranks of this run to start on this machine
  std::vector<std::string> argv;  ///< the command line after `contra`, for the ranks --nproc starts
  train::RunContext ctx;
};

/// This process's rank as the environment gives it (RANK, or SLURM_PROCID inside an srun step of
/// several tasks); 0 when it names none or names it badly (the run itself then says so).
int environment_rank() {
  try {
    return dist::rendezvous_from_environment().rank;
  } catch (const core::ContraError&) {
    return 0;
  }
}

/// Whether this process is a rank other than 0 that `--nproc` or srun started: it shares rank 0's
/// terminal or log, so it leaves the progress, the result and an error every rank meets to rank
/// 0's one line.
bool silent_rank() {
  const bool launched = std::getenv(sweep::kLaunchedVariable) != nullptr || std::getenv("SLURM_STEP_ID") != nullptr;
  return launched && environment_rank() != 0;
}

/// --nproc N: the same train command line for each rank, without --nproc and --threads (the
/// launcher gives each rank its share of the cores).
int launch_ranks(const TrainArgs& a, const config::Experiment& exp) {
  CONTRA_CHECK(std::getenv("WORLD_SIZE") == nullptr,
               "--nproc {}: this process is already one rank of a group (WORLD_SIZE={} is set); start it without "
               "--nproc",
               a.nproc, std::getenv("WORLD_SIZE"));
  const char* step_tasks = std::getenv("SLURM_NTASKS");
  CONTRA_CHECK(std::getenv("SLURM_STEP_ID") == nullptr || step_tasks == nullptr || std::string(step_tasks) == "1",
               "--nproc {}: this process is one of the SLURM_NTASKS={} tasks of an srun step, which are the run's "
               "ranks already; start it without --nproc",
               a.nproc, step_tasks != nullptr ? step_tasks : "");
  train::check_splits(exp, a.nproc);  // the rules that need no data, once, before any rank starts
  (void)train::check_backend(exp, core::resolve_device(exp.run.device, exp.where("run.device")).is_cuda());
  sweep::RankLaunch launch;
  for (std::size_t i = 0; i < a.argv.size(); ++i) {
    const auto& arg = a.argv[i];
    if (arg == "--nproc" || arg == "--threads") {
      ++i;
    } else if (arg.rfind("--nproc=", 0) != 0 && arg.rfind("--threads=", 0) != 0) {
      launch.train_args.push_back(arg);
    }
  }
  launch.nproc = a.nproc;
  launch.threads = a.ctx.threads;
  launch.grace = std::chrono::seconds(exp.run.dist_timeout_s);
  launch.out_dir = a.ctx.out_dir;
  launch.run_id = config::run_id(exp);
  return sweep::launch_ranks(launch);
}

int train_command(TrainArgs& a) {
  std::vector<config::Override> overrides;
  for (const auto& s : a.sets) overrides.push_back(config::parse_set(s, a.experiment));
  const auto exp = methods::load_experiment(a.experiment, overrides);
  if (a.dump) {
    fmt::print("{}", config::to_toml(exp));
    return 0;
  }
  (void)config::axis_values(exp, a.axes);  // each --axis names a config key, before anything runs
  if (a.nproc > 1) return launch_ranks(a, exp);
  // A rank --nproc started ends with its launcher (SIGTERM: it stops with the others at one step).
  if (std::getenv(sweep::kLaunchedVariable) != nullptr) prctl(PR_SET_PDEATHSIG, SIGTERM);
  a.ctx.axes = a.axes;
  a.ctx.quiet = a.quiet || silent_rank();
  const auto r = train::run_experiment(exp, a.ctx);
  if (environment_rank() != 0)  // rank 0 reports the run
    return r.status == "interrupted" ? train::kExitInterrupted : 0;
  if (r.status == "recorded") {
    fmt::print("run {} is already recorded: {} -> {}\n", r.run_id, r.reason, r.file.string());
    return 0;
  }
  if (r.status == "interrupted") {
    fmt::print(stderr, "contra: run {} {}\n", r.run_id, r.reason);
    return train::kExitInterrupted;
  }
  fmt::print("run {} {}{}: kNN top-1 {:.2f}%{}, {:.1f} s of training -> {}\n", r.run_id, r.status,
             r.reason.empty() ? "" : " (" + r.reason + ")", r.knn_top1,
             std::isnan(r.knn_top1_random_init) ? std::string()  // a baseline, or eval.knn_random_init off
                                                : fmt::format(" (random init {:.2f}%)", r.knn_top1_random_init),
             r.train_seconds, r.file.string());
  return 0;
}

struct SweepArgs {
  std::string file, preset, launcher = "local", results, references;  // empty: the sweep's own
  std::vector<std::string> sets;
  bool dry_run = false, no_report = false;
  sweep::LocalOptions local;
  sweep::SlurmOptions slurm;
  config::SlurmSpec slurm_cli;           ///< the values given on the command line
  std::vector<std::string> slurm_set;    ///< which [slurm] keys the command line set
  std::vector<std::string> slurm_flags;  ///< the flags that set them
  bool no_submit = false;
};

/// The sweep's [slurm] table with the command line's values on top.
config::SlurmSpec slurm_resources(const config::SlurmSpec& from_sweep, const SweepArgs& a) {
  config::SlurmSpec r = from_sweep;
  const auto set = [&](const char* key) { return std::count(a.slurm_set.begin(), a.slurm_set.end(), key) > 0; };
  // GPUs per rank and per node exclude each other: the one the command line names replaces the file's other.
  if (set("gpus_per_task") && !set("gpus")) r.gpus = 0;
  if (set("gpus") && !set("gpus_per_task")) r.gpus_per_task = 0;
  for (const auto& key : a.slurm_set) {
    if (key == "partition") r.partition = a.slurm_cli.partition;
    if (key == "account") r.account = a.slurm_cli.account;
    if (key == "time") r.time = a.slurm_cli.time;
    if (key == "cpus") r.cpus = a.slurm_cli.cpus;
    if (key == "gpus") r.gpus = a.slurm_cli.gpus;
    if (key == "gpus_per_task") r.gpus_per_task = a.slurm_cli.gpus_per_task;
    if (key == "nodes") r.nodes = a.slurm_cli.nodes;
    if (key == "ntasks_per_node") r.ntasks_per_node = a.slurm_cli.ntasks_per_node;
    if (key == "memory") r.memory = a.slurm_cli.memory;
    if (key == "max_parallel") r.max_parallel = a.slurm_cli.max_parallel;
  }
  config::validate_slurm(r, a.slurm_set.empty() ? a.file : "the command line or " + a.file);
  return r;
}

int report_for(const sweep::SweepPlan& plan, const std::string& references) {
  const auto files = report::write_report(plan, references.empty() ? plan.sweep.references : references);
  for (const auto& w : files.warnings) fmt::print(stderr, "contra: warning: {}\n", w);
  fmt::print("report: {}, {} and {}{} ({} of {} planned runs recorded)\n", files.markdown.string(), files.csv.string(),
             files.latex.string(),
             files.figure_drawn ? fmt::format(", {}.png/.svg", files.figure.string()) : std::string(), files.recorded,
             files.planned);
  if (!files.figure_drawn && files.recorded > 0)
    fmt::print(stderr, "contra: warning: the figure was not drawn (is gnuplot installed?); its script is {}.gp\n",
               files.figure.string());
  if (files.recorded < files.planned)
    fmt::print(stderr, "contra: warning: the table is INCOMPLETE: {} planned run(s) have no finished record\n",
               files.planned - files.recorded);
  return 0;
}

int sweep_command(const SweepArgs& a) {
  CONTRA_CHECK(a.launcher == "slurm" || a.slurm_flags.empty(),
               "{} is a SLURM option, for --launcher slurm; without it the sweep runs here (--launcher local)",
               a.slurm_flags.empty() ? std::string() : a.slurm_flags.front());
  CONTRA_CHECK(a.launcher == "slurm" || !a.no_submit,
               "--no-submit is a SLURM option (write the sbatch script without submitting it), for --launcher slurm; "
               "without it the sweep runs here (--launcher local)");
  auto plan = sweep::plan_sweep(a.file, a.preset, a.sets, a.results);
  auto baselines = sweep::plan_baselines(plan);  // raw pixels, random init, supervised: shared by id
  // What the table will cite, read now: a bad reference stops the sweep before it trains.
  report::check_references(plan, a.references.empty() ? plan.sweep.references : a.references);
  if (a.dry_run) {
    for (const auto* p : {&baselines, &plan}) {  // in the order the sweep trains them
      if (p == &baselines && baselines.runs.empty()) continue;  // baselines = []
      fmt::print("{} {} preset {}: {} runs -> {}\n", p == &plan ? "sweep" : "baselines of", plan.sweep.name,
                 plan.preset, p->runs.size(), p->runs_dir().string());
      for (const auto& r : p->runs)
        fmt::print("  {}  {:<11} {}\n", r.id, sweep::to_string(r.state),
                   p == &plan ? sweep::describe(r) : fmt::format("[{}] seed={}", r.label, r.seed));
    }
    return 0;
  }
  if (a.launcher == "slurm") {
    auto options = a.slurm;
    options.resources = slurm_resources(plan.sweep.slurm, a);
    if (a.local.rerun) sweep::refresh_stale_baselines(baselines);
    // The baselines not yet recorded: an array of their own, in <results>/baselines/slurm.
    const auto baseline_array = sweep::write_slurm_array(baselines, options);
    if (!baseline_array.script.empty()) {
      if (!a.no_submit)
        fmt::print("submitted job array {} ({} baseline tasks, script {})\n",
                   sweep::submit_slurm_array(baseline_array, options), baseline_array.tasks_count,
                   baseline_array.script.string());
      else
        fmt::print("wrote {} ({} baseline tasks)\nsubmit it with: sbatch {}\n", baseline_array.script.string(),
                   baseline_array.tasks_count, baseline_array.script.string());
    }
    const auto array = sweep::write_slurm_array(plan, options);
    for (const auto& w : sweep::damaged_records(plan)) fmt::print(stderr, "contra: warning: {}\n", w);
    if (array.script.empty()) {
      fmt::print("every run of sweep {} preset {} is done\n", plan.sweep.name, plan.preset);
      return 0;
    }
    const std::string status = fmt::format("contra status {} --preset {}{}", a.file, plan.preset,
                                           a.results.empty() ? "" : " --results " + a.results);
    if (a.no_submit) {
      fmt::print("wrote {} ({} tasks)\nsubmit it with: sbatch {}\nfollow it with: {}\n", array.script.string(),
                 array.tasks_count, array.script.string(), status);
      return 0;
    }
    const std::string job = sweep::submit_slurm_array(array, options);
    fmt::print(
        "submitted job array {} ({} tasks, script {})\nfollow it with: squeue -j {}   or: {}\n"
        "table when done: contra report {} --preset {}{}\n",
        job, array.tasks_count, array.script.string(), job, status, a.file, plan.preset,
        a.results.empty() ? "" : " --results " + a.results);
    return 0;
  }
  sweep::preflight(plan);  // devices and datasets, before any run starts
  sweep::preflight(baselines);
  warn_blas();
  for (const auto* p : {&baselines, &plan})
    for (const auto& w : sweep::damaged_records(*p)) fmt::print(stderr, "contra: warning: {}\n", w);
  // The baselines first: recorded once per setting and shared, so --rerun trains again only those
  // recorded by another commit of contra than this one.
  if (a.local.rerun) sweep::refresh_stale_baselines(baselines);
  auto baseline_options = a.local;
  baseline_options.rerun = false;
  sweep::LaunchSummary b;
  if (!baselines.runs.empty()) {  // none with baselines = []
    b = sweep::run_local(baselines, baseline_options);
    fmt::print(
        "baselines of {} preset {}: {} complete, {} fail, {} error, {} interrupted, {} running elsewhere, {} already "
        "recorded\n",
        plan.sweep.name, plan.preset, b.complete, b.failed, b.errors, b.interrupted, b.busy, b.skipped);
  }
  auto s = sweep::run_local(plan, a.local);
  fmt::print(
      "sweep {} preset {}: {} complete, {} fail, {} error, {} interrupted, {} running elsewhere, {} already done\n",
      plan.sweep.name, plan.preset, s.complete, s.failed, s.errors, s.interrupted, s.busy, s.skipped);
  s.failed += b.failed;  // the exit code and the lines below count the baselines too
  s.errors += b.errors;
  s.interrupted += b.interrupted;
  s.not_started += b.not_started;
  s.busy += b.busy;
  if (!a.no_report) {
    sweep::read_states(plan);  // what the runs recorded; the plan itself stands
    report_for(plan, a.references);
  }
  const int code = sweep::exit_code(s);
  if (code == sweep::kExitSomeFailed)
    fmt::print(stderr, "contra: {} run(s) recorded as fail (diverged or collapsed; see the table's status column)\n",
               s.failed);
  else if (code != 0)
    fmt::print(stderr,
               "contra: {} run(s) did not finish; `contra status {}{}` lists them, and running the sweep "
               "again resumes them\n",
               s.errors + s.interrupted + s.not_started, a.file, a.results.empty() ? "" : " --results " + a.results);
  if (s.busy > 0)
    fmt::print(stderr, "contra: {} run(s) were being trained by another process; `contra status {}{}` follows them\n",
               s.busy, a.file, a.results.empty() ? "" : " --results " + a.results);
  return code;
}

int reindex_command(const std::vector<std::string>& roots, bool dry_run) {
  std::vector<std::filesystem::path> paths(roots.begin(), roots.end());
  const auto results = sweep::reindex(paths, dry_run);
  int renamed = 0, unchanged = 0, unmapped = 0;
  for (const auto& r : results) {
    switch (r.outcome) {
      case sweep::Reindexed::Outcome::renamed:
        ++renamed;
        fmt::print("{} {} -> {}\n", dry_run ? "would rename" : "renamed", r.file.string(), r.new_id);
        break;
      case sweep::Reindexed::Outcome::unchanged:
        ++unchanged;
        break;
      case sweep::Reindexed::Outcome::unmapped:
        ++unmapped;
        fmt::print(stderr, "contra: not mapped: {}: {}\n", r.file.string(), r.reason);
        break;
    }
  }
  fmt::print("reindex: {} records, {} {}, {} unchanged, {} not mapped\n", results.size(), renamed,
             dry_run ? "to rename" : "renamed", unchanged, unmapped);
  return unmapped > 0 ? 1 : 0;
}

int status_command(const SweepArgs& a) {
  const auto plan = sweep::plan_sweep(a.file, a.preset, a.sets, a.results);
  const auto baselines = sweep::plan_baselines(plan);  // first, as the sweep trains them
  if (!baselines.runs.empty())
    fmt::print("{}", sweep::format_statuses(baselines, sweep::run_statuses(baselines), "baselines of " + plan.sweep.name));
  fmt::print("{}", sweep::format_statuses(plan, sweep::run_statuses(plan)));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  contra::core::keep_freed_memory();
  CLI::App app{"contra: contrastive self-supervised learning ablations (InstDisc, MoCo, SimCLR) on LibTorch"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("contra ") + contra::core::git_sha());

  TrainArgs t;
  t.argv.assign(argv + 1, argv + argc);
  auto* train = app.add_subcommand("train", "Train one experiment and record it to HDF5");
  train->add_option("experiment", t.experiment, "Experiment TOML (e.g. experiments/moco-fashion-mnist.toml)")
      ->required();
  train->add_option("--set", t.sets, "Override a key: --set method.momentum=0.99 (repeatable)");
  train->add_flag("--dump-config", t.dump, "Print the resolved config and exit");
  train->add_option("--out", t.ctx.out_dir, "Folder for the run's HDF5 record")->capture_default_str();
  train->add_option("--threads", t.ctx.threads, "Intra-op threads (0 = all cores)")
      ->check(CLI::Range(0, 4096))
      ->capture_default_str();
  train
      ->add_option(
          "--log-every", t.ctx.log_every,
          "Progress line every n steps when not on a terminal; also how often the loss is read back from the device, so a non-finite loss stops the run at most n steps late")
      ->capture_default_str();
  train->add_flag("--quiet", t.quiet, "No progress output");
  train
      ->add_option("--nproc", t.nproc,
                   "Ranks of this run to start on this machine, as torchrun --nproc_per_node (the cores are split "
                   "between them; README, \"Several processes\")")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  train->add_option("--sweep", t.ctx.sweep, "Sweep name to record (set by `contra sweep`)");
  train->add_option("--preset", t.ctx.preset, "Preset name to record (set by `contra sweep`)");
  train->add_option("--axis", t.axes,
                    "A key the sweep varies, recorded with the run's value of it (set by `contra sweep`)");
  train->add_flag("--fresh", t.ctx.fresh, "Start over: delete the run's checkpoint instead of resuming from it");
  train->add_flag("--skip-finished", t.ctx.skip_finished,
                  "Do nothing when the run is already recorded complete or fail (set by `contra sweep`)");
  train->add_option("--kill-after-steps", t.ctx.kill_after_steps, "Testing aid: SIGKILL itself after step n (a crash)")
      ->check(CLI::NonNegativeNumber)
      ->group("Testing");
  train
      ->add_option("--stop-after-steps", t.ctx.stop_after_steps,
                   "Testing aid: SIGTERM itself after step n (a preemption)")
      ->check(CLI::NonNegativeNumber)
      ->group("Testing");
  train
      ->add_option("--fault-rank", t.ctx.fault_rank,
                   "Testing aid: --kill-after-steps and --stop-after-steps act on this rank only")
      ->check(CLI::NonNegativeNumber)
      ->group("Testing");
  train
      ->add_flag("--gather-without-grad", t.ctx.gather_without_grad,
                 "Testing aid: the gathers of negatives drop their gradient path (the fault the data-parallel tests "
                 "must catch)")
      ->group("Testing");

  SweepArgs s;
  auto* sweep =
      app.add_subcommand("sweep", "Run a sweep: grid x seeds x preset, one process per run, skipping done runs");
  sweep->add_option("sweep", s.file, "Sweep TOML (e.g. sweeps/ablation-momentum.toml)")->required();
  sweep->add_option("--preset", s.preset, "Preset (default: the sweep's default_preset, usually cpu)");
  sweep->add_option("--set", s.sets, "Override a key in every run (repeatable)");
  sweep->add_option("--jobs,-j", s.local.jobs, "Runs at once (local launcher)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  sweep->add_option("--threads", s.local.threads, "Threads per run (0 = cores / jobs)")
      ->check(CLI::Range(0, 4096))
      ->capture_default_str();
  sweep
      ->add_option("--log-every", s.local.log_every,
                   "Progress line every n steps in each run's log (and the loss read-back interval, as for train)")
      ->capture_default_str();
  sweep->add_flag("--dry-run", s.dry_run, "List the runs, their ids and states, and exit");
  sweep->add_flag("--rerun", s.local.rerun,
                  "Run every run again, also those already recorded (their records are replaced); a baseline "
                  "is trained again only when another commit of contra recorded it (baselines are shared)");
  sweep->add_option("--launcher", s.launcher, "local | slurm")
      ->check(CLI::IsMember({"local", "slurm"}))
      ->capture_default_str();
  sweep->add_option("--results", s.results, "Results root (default: the sweep's `results`, else ./results)");
  sweep->add_option("--references", s.references, "Paper reference folder (default: the sweep's `references`)");
  sweep->add_flag("--no-report", s.no_report, "Do not write the table after the runs");
  const auto slurm_option = [&](const char* flag, auto& field, const char* key, const char* help) {
    return sweep->add_option(flag, field, help)
        ->group("SLURM (--launcher slurm; default: the sweep's [slurm])")
        ->each([&s, key, flag](const std::string&) {
          s.slurm_set.push_back(key);
          s.slurm_flags.push_back(flag);
        });
  };
  slurm_option("--partition", s.slurm_cli.partition, "partition", "Partition");
  slurm_option("--account", s.slurm_cli.account, "account", "Account");
  slurm_option("--time", s.slurm_cli.time, "time", "Time limit per task, e.g. 04:00:00");
  slurm_option("--nodes", s.slurm_cli.nodes, "nodes", "Nodes per array task (one run)")->check(CLI::Range(1, 100000));
  slurm_option("--ntasks-per-node", s.slurm_cli.ntasks_per_node, "ntasks_per_node",
               "Ranks per node: each array task is an srun of nodes x this ranks, one data-parallel run")
      ->check(CLI::Range(1, 4096));
  slurm_option("--cpus-per-task", s.slurm_cli.cpus, "cpus", "CPUs (and threads) per rank")->check(CLI::Range(1, 4096));
  slurm_option("--gpus-per-task", s.slurm_cli.gpus_per_task, "gpus_per_task", "GPUs per rank (--gpus-per-task)")
      ->check(CLI::Range(0, 64));
  slurm_option("--gres-gpus", s.slurm_cli.gpus, "gpus", "GPUs per node (--gres=gpu:N)")->check(CLI::Range(0, 64));
  slurm_option("--mem", s.slurm_cli.memory, "memory", "Memory per node of each array task, e.g. 16G");
  slurm_option("--max-parallel", s.slurm_cli.max_parallel, "max_parallel",
               "Tasks running at once (the array's %N; 0 = no cap)")
      ->check(CLI::Range(0, 1000000));
  sweep->add_flag("--no-submit", s.no_submit, "Write the sbatch script without submitting it")
      ->group("SLURM (--launcher slurm; default: the sweep's [slurm])");

  SweepArgs r;
  auto* report = app.add_subcommand("report", "Write a sweep's table (md, csv, tex) and figure from its HDF5 records");
  report->add_option("sweep", r.file, "Sweep TOML")->required();
  report->add_option("--preset", r.preset, "Preset (default: the sweep's default)");
  report->add_option("--set", r.sets, "The same --set overrides the sweep ran with");
  report->add_option("--results", r.results, "Results root (default: the sweep's `results`, else ./results)");
  report->add_option("--references", r.references, "Paper reference folder (default: the sweep's `references`)");

  SweepArgs st;
  auto* status = app.add_subcommand(
      "status", "Per run: planned, running, interrupted, complete, fail or error, with progress and reason");
  status->add_option("sweep", st.file, "Sweep TOML")->required();
  status->add_option("--preset", st.preset, "Preset");
  status->add_option("--set", st.sets, "The same --set overrides the sweep ran with");
  status->add_option("--results", st.results, "Results root (default: the sweep's `results`, else ./results)");

  std::vector<std::string> index_sweeps;
  std::string index_preset, index_out;
  auto* index = app.add_subcommand("index", "Write results/README.md: every sweep's table and figure, one entry each");
  index->add_option("sweeps", index_sweeps, "Sweep TOMLs, in the order to list them")->required();
  index->add_option("--preset", index_preset, "Preset (default: each sweep's default)");
  index->add_option("--out", index_out, "The index file, e.g. results/README.md (it is replaced)")->required();

  std::vector<std::string> reindex_roots;
  bool reindex_dry_run = false;
  auto* reindex = app.add_subcommand(
      "reindex", "Rename every record to the run id its stored config has today (never trains; README, \"Run identity\")");
  reindex->add_option("results", reindex_roots, "Results folders, e.g. results (searched for runs/ folders)")
      ->required();
  reindex->add_flag("--dry-run", reindex_dry_run, "List what would change, and change nothing");

  std::string inspect_file;
  bool inspect_config = false;
  auto* inspect = app.add_subcommand("inspect", "Print what a run's HDF5 record holds: provenance, summary, epochs");
  inspect->add_option("run", inspect_file, "A run file, results/<sweep>/<preset>/runs/<id>.h5")->required();
  inspect->add_flag("--config", inspect_config, "Also print the resolved config");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line and exit code 2, as for every other user error.
    const bool unknown_command = argc > 1 && argv[1][0] != '-' && app.get_subcommands().empty();
    if (unknown_command)
      fmt::print(
          stderr,
          "contra: error: unknown command '{}'; commands: train, sweep, report, status, index, reindex, inspect (see contra --help)\n",
          argv[1]);
    else
      fmt::print(stderr, "contra: error: {} (see contra {} --help)\n", e.what(),
                 app.get_subcommands().empty() ? "" : app.get_subcommands().front()->get_name());
    return 2;
  }
  try {
    if (*train) return train_command(t);
    if (*sweep) return sweep_command(s);
    if (*report) return report_for(contra::sweep::plan_sweep(r.file, r.preset, r.sets, r.results), r.references);
    if (*status) return status_command(st);
    if (*index) {
      std::vector<contra::sweep::SweepPlan> plans;
      for (const auto& file : index_sweeps) plans.push_back(contra::sweep::plan_sweep(file, index_preset, {}));
      contra::report::write_results_index(plans, index_out);
      fmt::print("index: {} ({} sweeps)\n", index_out, plans.size());
      return 0;
    }
    if (*reindex) return reindex_command(reindex_roots, reindex_dry_run);
    if (*inspect) {
      fmt::print("{}", contra::report::inspect_run(inspect_file, inspect_config));
      return 0;
    }
  } catch (const contra::train::RunBusy& e) {
    fmt::print(stderr, "contra: {}\n", e.what());
    return contra::train::kExitBusy;
  } catch (const contra::core::ContraError& e) {
    if (!silent_rank()) fmt::print(stderr, "contra: error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "contra: internal error: {}\n", e.what());
    return 1;
  }
  return 0;
}
