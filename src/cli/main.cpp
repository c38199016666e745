// The `contra` executable: a thin CLI11 layer over the library (DESIGN.md, example 6). Each command
// is one library call (sweep/commands.h, report/report.h, sweep/reindex.h); this file only reads
// the command line and prints. User errors print one line and exit with 2; see docs/cli.md.
#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include <sys/prctl.h>

#include <cmath>
#include <csignal>
#include <cstdio>

#include "contra/config/load.h"
#include "contra/core/error.h"
#include "contra/core/memory.h"
#include "contra/core/provenance.h"
#include "contra/methods/registry.h"
#include "contra/report/index.h"
#include "contra/report/inspect.h"
#include "contra/report/report.h"
#include "contra/report/verdicts/protocol.h"
#include "contra/sweep/baselines.h"
#include "contra/sweep/commands.h"
#include "contra/sweep/rank_launcher.h"
#include "contra/sweep/reindex.h"
#include "contra/sweep/slurm_launcher.h"
#include "contra/train/trainer.h"
#include "options.h"

namespace {

using namespace contra;
using cli::SweepArgs;
using cli::TrainArgs;

/// Prints a command's output (stderr lines prefixed "contra: ") and returns its exit code.
int print(const sweep::CommandOutput& o) {
  fmt::print("{}", o.out);
  for (const auto& line : o.err) fmt::print(stderr, "contra: {}\n", line);
  return o.code;
}

int train_command(TrainArgs& a) {
  std::vector<config::Override> overrides;
  for (const auto& s : a.sets) overrides.push_back(config::parse_set(s, a.experiment));
  const auto exp = methods::load_experiment(a.experiment, overrides);
  if (a.dump) return fmt::print("{}", config::to_toml(exp)), 0;
  (void)config::axis_values(exp, a.axes);  // each --axis names a config key, before anything runs
  if (a.nproc > 1) return sweep::train_ranks(exp, a.argv, a.nproc, a.ctx.threads, a.ctx.out_dir);
  // A rank --nproc started ends with its launcher (SIGTERM: it stops with the others at one step).
  if (std::getenv(sweep::kLaunchedVariable) != nullptr) prctl(PR_SET_PDEATHSIG, SIGTERM);
  a.ctx.axes = a.axes;
  a.ctx.quiet = a.quiet || sweep::silent_rank();
  const auto r = train::run_experiment(exp, a.ctx);
  const bool interrupted = r.status == "interrupted";
  if (sweep::environment_rank() != 0) return interrupted ? train::kExitInterrupted : 0;  // rank 0 reports the run
  if (r.status == "recorded")
    return fmt::print("run {} is already recorded: {} -> {}\n", r.run_id, r.reason, r.file.string()), 0;
  if (interrupted) return fmt::print(stderr, "contra: run {} {}\n", r.run_id, r.reason), train::kExitInterrupted;
  fmt::print("run {} {}{}: kNN top-1 {:.2f}%{}, {:.1f} s of training -> {}\n", r.run_id, r.status,
             r.reason.empty() ? "" : " (" + r.reason + ")", r.knn_top1,
             std::isnan(r.knn_top1_random_init) ? std::string()  // a baseline, or eval.knn_random_init off
                                                : fmt::format(" (random init {:.2f}%)", r.knn_top1_random_init),
             r.train_seconds, r.file.string());
  return 0;
}

int sweep_command(SweepArgs& a) {
  CONTRA_CHECK(a.launcher == "slurm" || (a.slurm_flags.empty() && !a.no_submit),
               "{} is a SLURM option, for --launcher slurm; without it the sweep runs here (--launcher local)",
               a.slurm_flags.empty() ? std::string("--no-submit") : a.slurm_flags.front());
  auto plan = sweep::plan_sweep(a.file, a.preset, a.sets, a.results);
  auto baselines = sweep::plan_baselines(plan);  // raw pixels, random init, supervised: shared by id
  // What the table will cite, read now: a bad reference stops the sweep before it trains. Its claims
  // are what each run records as the claims it was trained under (sweep/claims_sha.h).
  plan.sweep.references = a.references_dir(plan);
  report::check_references(plan, plan.sweep.references);
  // A scale rule the preset breaks, or fewer seeds than its power rule asks: said before any run.
  for (const auto& line : report::protocol_warnings(plan)) fmt::print(stderr, "contra: warning: {}\n", line);
  if (a.launcher == "slurm") a.slurm.resources = sweep::merge_slurm(plan.sweep.slurm, a.slurm_cli, a.slurm_set, a.file);
  a.slurm.log_every = a.local.log_every;  // each task's read-back interval, as for the local launcher
  if (a.dry_run) {
    if (a.launcher == "slurm") {  // what the arrays would be refused for, without writing them
      sweep::check_slurm_array(baselines, a.slurm);
      sweep::check_slurm_array(plan, a.slurm);
    }
    return fmt::print("{}", sweep::dry_run_listing(plan, baselines, a.launcher == "slurm")), 0;
  }
  if (a.launcher == "slurm") {
    return print(sweep::submit_sweep(plan, baselines, a.slurm, a.local.rerun, a.no_submit, a.file, a.results));
  }
  if (!core::has_optimised_blas()) fmt::print(stderr, "contra: warning: {}\n", core::blas_advice());
  auto done = sweep::train_sweep(plan, baselines, a.local, a.file, a.results);
  fmt::print("{}", done.output.out);
  if (!a.no_report) {
    sweep::read_states(plan);  // what the runs recorded; the plan itself stands
    (void)print(report::report_command(plan, a.references_dir(plan)));
  }
  done.output.out.clear();
  return print(done.output);
}

}  // namespace

int main(int argc, char** argv) {
  contra::core::keep_freed_memory();
  CLI::App app{"contra: contrastive self-supervised learning ablations (InstDisc, MoCo, SimCLR, BYOL) on LibTorch"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("contra ") + contra::core::git_sha());
  TrainArgs t;
  t.argv.assign(argv + 1, argv + argc);
  cli::add_train_options(app.add_subcommand("train", "Train one experiment and record it to HDF5"), t);
  SweepArgs s, r, st;
  cli::add_sweep_options(
      app.add_subcommand("sweep", "Run a sweep: grid x seeds x preset, one process per run, skipping done runs"), s);
  auto* report = app.add_subcommand("report", "Write a sweep's table (md, csv, tex) and figure from its HDF5 records");
  cli::add_plan_options(report, r);
  report->add_option("--references", r.references, "Paper reference folder (default: the sweep's `references`)");
  auto* status = app.add_subcommand(
      "status", "Per run: planned, running, interrupted, complete, fail or error, with progress and reason");
  cli::add_plan_options(status, st);
  // Reading commands: a --results folder that is not there is a typo, never an empty sweep
  // (only `sweep` creates it).
  for (auto* reader : {report, status}) reader->get_option("--results")->check(CLI::ExistingDirectory);
  std::vector<std::string> index_sweeps, reindex_roots;
  std::string index_preset, index_out, inspect_file;
  bool inspect_config = false, reindex_dry_run = false;
  auto* index = app.add_subcommand("index", "Write results/README.md: every sweep's table and figure, one entry each");
  index->add_option("sweeps", index_sweeps, "Sweep TOMLs, in the order to list them")->required();
  index->add_option("--preset", index_preset, "Preset (default: each sweep's default)");
  index->add_option("--out", index_out, "The index file, e.g. results/README.md (it is replaced)")->required();
  auto* reindex =
      app.add_subcommand("reindex", "Rename every record to the run id its stored config has today (never trains)");
  reindex->add_option("results", reindex_roots, "Results folders, e.g. results (searched for runs/ folders)")
      ->required();
  reindex->add_flag("--dry-run", reindex_dry_run, "List what would change, and change nothing");
  auto* inspect = app.add_subcommand("inspect", "Print what a run's HDF5 record holds: provenance, summary, epochs");
  inspect->add_option("run", inspect_file, "A run file, results/<sweep>/<preset>/runs/<id>.h5")->required();
  inspect->add_flag("--config", inspect_config, "Also print the resolved config");
  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& e) {
    return app.exit(e);  // --help, --version
  } catch (const CLI::ParseError& e) {
    // One line and exit code 2, as for every other user error.
    if (argc > 1 && argv[1][0] != '-' && app.get_subcommands().empty())
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
    if (app.got_subcommand("train")) return train_command(t);
    if (app.got_subcommand("sweep")) return sweep_command(s);
    if (*report) {
      const auto plan = contra::sweep::plan_sweep(r.file, r.preset, r.sets, r.results);
      return print(contra::report::report_command(plan, r.references_dir(plan)));
    }
    if (app.got_subcommand("status")) {
      const auto plan = contra::sweep::plan_sweep(st.file, st.preset, st.sets, st.results);
      return fmt::print("{}", contra::sweep::status_text(plan, contra::sweep::plan_baselines(plan))), 0;
    }
    if (*index) {
      std::vector<contra::sweep::SweepPlan> plans;
      for (const auto& file : index_sweeps) plans.push_back(contra::sweep::plan_sweep(file, index_preset, {}));
      contra::report::write_results_index(plans, index_out);
      return fmt::print("index: {} ({} sweeps)\n", index_out, plans.size()), 0;
    }
    if (*reindex)
      return print(contra::sweep::reindex_command({reindex_roots.begin(), reindex_roots.end()}, reindex_dry_run));
    if (*inspect) return fmt::print("{}", contra::report::inspect_run(inspect_file, inspect_config)), 0;
  } catch (const contra::train::RunBusy& e) {
    fmt::print(stderr, "contra: {}\n", e.what());
    return contra::train::kExitBusy;
  } catch (const contra::core::ContraError& e) {
    if (!contra::sweep::silent_rank()) fmt::print(stderr, "contra: error: {}\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    fmt::print(stderr, "contra: internal error: {}\n", e.what());
    return 1;
  }
  return 0;
}
