// The `contra` executable: a thin CLI11 layer over the library (DESIGN.md, example 6).
// User errors print one line and exit with 2; see README.md for the commands.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <iostream>

#include "contra/config/load.h"
#include "contra/core/error.h"
#include "contra/core/memory.h"
#include "contra/core/provenance.h"
#include "contra/report/report.h"
#include "contra/report/inspect.h"
#include "contra/sweep/local_launcher.h"
#include "contra/sweep/plan.h"
#include "contra/sweep/slurm_launcher.h"
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
  train::RunContext ctx;
};

int train_command(TrainArgs& a) {
  std::vector<config::Override> overrides;
  for (const auto& s : a.sets) overrides.push_back(config::parse_set(s, a.experiment));
  const auto exp = config::load_experiment(a.experiment, overrides);
  if (a.dump) {
    fmt::print("{}", config::to_toml(exp));
    return 0;
  }
  for (const auto& axis : a.axes) {
    const auto o = config::parse_set(axis, a.experiment);
    a.ctx.axes.emplace_back(o.key, o.value);
  }
  a.ctx.quiet = a.quiet;
  const auto r = train::run_experiment(exp, a.ctx);
  fmt::print("run {} {}{}: kNN top-1 {:.2f}% (random init {:.2f}%), {:.1f} s of training -> {}\n", r.run_id, r.status,
             r.reason.empty() ? "" : " (" + r.reason + ")", r.knn_top1, r.knn_top1_random_init, r.train_seconds,
             r.file.string());
  return 0;
}

struct SweepArgs {
  std::string file, preset, launcher = "local", results, references;  // empty: the sweep's own
  std::vector<std::string> sets;
  bool dry_run = false, report = true;
  sweep::LocalOptions local;
  sweep::SlurmOptions slurm;
};

int report_for(const sweep::SweepPlan& plan, const std::string& references) {
  const auto files = report::write_report(plan, references.empty() ? plan.sweep.references : references);
  fmt::print("report: {} and {}{} ({} of {} planned runs recorded)\n", files.markdown.string(), files.csv.string(),
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
  const auto plan = sweep::plan_sweep(a.file, a.preset, a.sets, a.results);
  if (a.dry_run) {
    fmt::print("sweep {} preset {}: {} runs -> {}\n", plan.sweep.name, plan.preset, plan.runs.size(), plan.runs_dir().string());
    for (const auto& r : plan.runs) fmt::print("  {}  {:<11} {}\n", r.id, sweep::to_string(r.state), sweep::describe(r));
    return 0;
  }
  if (a.launcher == "slurm") {
    const auto script = sweep::write_slurm_array(plan, a.slurm);
    if (script.empty()) {
      fmt::print("every run of sweep {} preset {} is done\n", plan.sweep.name, plan.preset);
    } else {
      fmt::print("wrote {}\nsubmit it with: sbatch {}\nthen run: contra report {} --preset {}{}\n", script.string(),
                 script.string(), a.file, plan.preset, a.results.empty() ? "" : " --results " + a.results);
    }
    return 0;
  }
  sweep::preflight(plan);  // devices and datasets, before any run starts
  warn_blas();
  const auto s = sweep::run_local(plan, a.local);
  fmt::print("sweep {} preset {}: {} complete, {} fail, {} error, {} already done\n", plan.sweep.name, plan.preset,
             s.complete, s.failed, s.errors, s.skipped);
  if (a.report) report_for(sweep::plan_sweep(a.file, a.preset, a.sets, a.results), a.references);
  return s.errors > 0 ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  contra::core::keep_freed_memory();
  CLI::App app{"contra: contrastive self-supervised learning ablations (InstDisc, MoCo, SimCLR) on LibTorch"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("contra ") + contra::core::git_sha());

  TrainArgs t;
  auto* train = app.add_subcommand("train", "Train one experiment and record it to HDF5");
  train->add_option("experiment", t.experiment, "Experiment TOML (e.g. experiments/moco-fashion-mnist.toml)")->required();
  train->add_option("--set", t.sets, "Override a key: --set method.momentum=0.99 (repeatable)");
  train->add_flag("--dump-config", t.dump, "Print the resolved config and exit");
  train->add_option("--out", t.ctx.out_dir, "Folder for the run's HDF5 record")->capture_default_str();
  train->add_option("--threads", t.ctx.threads, "Intra-op threads (0 = all cores)")
      ->check(CLI::Range(0, 4096))->capture_default_str();
  train->add_option("--log-every", t.ctx.log_every, "Progress line every n steps when not on a terminal")->capture_default_str();
  train->add_flag("--quiet", t.quiet, "No progress output");
  train->add_option("--sweep", t.ctx.sweep, "Sweep name to record (set by `contra sweep`)");
  train->add_option("--preset", t.ctx.preset, "Preset name to record (set by `contra sweep`)");
  train->add_option("--axis", t.axes, "Sweep axis key=value to record (set by `contra sweep`)");

  SweepArgs s;
  auto* sweep = app.add_subcommand("sweep", "Run a sweep: grid x seeds x preset, one process per run, skipping done runs");
  sweep->add_option("sweep", s.file, "Sweep TOML (e.g. sweeps/ablation-momentum.toml)")->required();
  sweep->add_option("--preset", s.preset, "Preset (default: the sweep's default_preset, usually cpu)");
  sweep->add_option("--set", s.sets, "Override a key in every run (repeatable)");
  sweep->add_option("--jobs,-j", s.local.jobs, "Runs at once (local launcher)")->check(CLI::Range(1, 1024))->capture_default_str();
  sweep->add_option("--threads", s.local.threads, "Threads per run (0 = cores / jobs)")
      ->check(CLI::Range(0, 4096))->capture_default_str();
  sweep->add_option("--log-every", s.local.log_every, "Progress line every n steps in each run's log")->capture_default_str();
  sweep->add_flag("--dry-run", s.dry_run, "List the runs, their ids and states, and exit");
  sweep->add_flag("--rerun", s.local.rerun, "Run every run again, also those already recorded (their records are replaced)");
  sweep->add_option("--launcher", s.launcher, "local | slurm")->check(CLI::IsMember({"local", "slurm"}))->capture_default_str();
  sweep->add_option("--results", s.results, "Results root (default: the sweep's `results`, else ./results)");
  sweep->add_option("--references", s.references, "Paper reference folder (default: the sweep's `references`)");
  sweep->add_flag("!--no-report", s.report, "Do not write the table after the runs");
  sweep->add_option("--partition", s.slurm.partition, "SLURM partition");
  sweep->add_option("--time", s.slurm.time, "SLURM time limit per run")->capture_default_str();
  sweep->add_option("--cpus-per-task", s.slurm.cpus_per_task, "SLURM CPUs (and threads) per run")->capture_default_str();
  sweep->add_option("--gpus-per-task", s.slurm.gpus_per_task, "SLURM GPUs per run")->capture_default_str();
  sweep->add_option("--mem", s.slurm.mem, "SLURM memory per run")->capture_default_str();
  sweep->add_option("--max-parallel", s.slurm.max_parallel, "SLURM array %N limit (0 = none)")->capture_default_str();

  SweepArgs r;
  auto* report = app.add_subcommand("report", "Write a sweep's table (md, csv) from its HDF5 records");
  report->add_option("sweep", r.file, "Sweep TOML")->required();
  report->add_option("--preset", r.preset, "Preset (default: the sweep's default)");
  report->add_option("--set", r.sets, "The same --set overrides the sweep ran with");
  report->add_option("--results", r.results, "Results root (default: the sweep's `results`, else ./results)");
  report->add_option("--references", r.references, "Paper reference folder (default: the sweep's `references`)");

  SweepArgs st;
  auto* status = app.add_subcommand("status", "List a sweep's runs and their states");
  status->add_option("sweep", st.file, "Sweep TOML")->required();
  status->add_option("--preset", st.preset, "Preset");
  status->add_option("--set", st.sets, "The same --set overrides the sweep ran with");
  status->add_option("--results", st.results, "Results root (default: the sweep's `results`, else ./results)");

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
      fmt::print(stderr, "contra: error: unknown command '{}'; commands: train, sweep, report, status, inspect (see contra --help)\n",
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
    if (*status) {
      st.dry_run = true;
      return sweep_command(st);
    }
    if (*inspect) {
      fmt::print("{}", contra::report::inspect_run(inspect_file, inspect_config));
      return 0;
    }
  } catch (const contra::core::ContraError& e) {
    fmt::print(stderr, "contra: error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "contra: internal error: {}\n", e.what());
    return 1;
  }
  return 0;
}
