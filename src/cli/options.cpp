#include "options.h"

#include <regex>

namespace contra::cli {

namespace {

/// An integer n >= 1, written in decimal and within int64 (for --log-every): one clear line
/// otherwise, where CLI11's own range check would print a float bound.
const CLI::Validator kAtLeastOne(
    [](std::string& value) -> std::string {
      const bool digits = !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
      const std::string bad = "must be a whole number >= 1 (got '" + value + "')";
      if (!digits || value.size() > 18 || std::stoll(value) < 1) return bad;
      return {};
    },
    "INT >= 1");

}  // namespace

void add_plan_options(CLI::App* cmd, SweepArgs& a) {
  cmd->add_option("sweep", a.file, "Sweep TOML (e.g. sweeps/ablation-momentum.toml)")->required();
  cmd->add_option("--preset", a.preset, "Preset (default: the sweep's default_preset, usually cpu)");
  cmd->add_option("--set", a.sets, "Override a key in every run (repeatable); the same as the sweep ran with");
  cmd->add_option("--results", a.results, "Results root (default: the sweep's `results`, else ./results)");
}

void add_train_options(CLI::App* train, TrainArgs& t) {
  train->add_option("experiment", t.experiment, "Experiment TOML (e.g. experiments/moco-fashion-mnist.toml)")
      ->required();
  train->add_option("--set", t.sets, "Override a key: --set method.momentum=0.99 (repeatable)");
  train->add_flag("--dump-config", t.dump, "Print the resolved config and exit");
  train->add_option("--out", t.ctx.out_dir, "Folder for the run's HDF5 record")->capture_default_str();
  train->add_option("--threads", t.ctx.threads,
                    "Intra-op threads (0 = all cores); a resumed CPU run keeps the number it started with")
      ->check(CLI::Range(0, 4096))
      ->capture_default_str();
  train
      ->add_option("--log-every", t.ctx.log_every,
                   "Progress line every n steps (n >= 1) when not on a terminal; also how often the loss is read back "
                   "from the device, so a non-finite loss stops the run at most n - 1 steps late; with several ranks, "
                   "where a stop signal takes effect (every rank must use the same n)")
      ->check(kAtLeastOne)
      ->capture_default_str();
  train->add_flag("--quiet", t.quiet, "No progress output (warnings still print)");
  train
      ->add_option("--nproc", t.nproc,
                   "Ranks of this run on this machine, as torchrun --nproc_per_node (docs/distributed.md)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  train->add_option("--sweep", t.ctx.sweep, "Sweep name to record (set by `contra sweep`)");
  train->add_option("--preset", t.ctx.preset, "Preset name to record (set by `contra sweep`)");
  train
      ->add_option("--claims-sha", t.ctx.claims_sha,
                   "The hashes of the claims that judge the sweep's table, to record (set by `contra sweep`)")
      ->check(CLI::Validator(
          [](const std::string& v) {
            // config::claim_hash values: 12 lower-case hex digits each, one space between them.
            static const std::regex hashes("[0-9a-f]{12}( [0-9a-f]{12})*");
            return std::regex_match(v, hashes) ? std::string()
                                               : "--claims-sha = '" + v.substr(0, 80) +
                                                     "' must be claim hashes: 12 hex digits each, separated by one space";
          },
          "HASHES"));
  train->add_option("--axis", t.axes,
                    "A key the sweep varies, recorded with the run's value of it (set by `contra sweep`)");
  train->add_flag("--fresh", t.ctx.fresh, "Start over: delete the run's checkpoint instead of resuming from it");
  train->add_flag("--skip-finished", t.ctx.skip_finished,
                  "Do nothing when the run is already recorded complete or fail (set by `contra sweep`)");
  const auto testing = [&](const char* flag, auto& field, const char* help) {
    train->add_option(flag, field, help)->check(CLI::NonNegativeNumber)->group("Testing");
  };
  testing("--kill-after-steps", t.ctx.kill_after_steps, "Testing aid: SIGKILL itself after step n (a crash)");
  testing("--stop-after-steps", t.ctx.stop_after_steps,
          "Testing aid: SIGTERM itself during step n (a preemption; several ranks stop at their first read-back from "
          "step n on)");
  testing("--fault-rank", t.ctx.fault_rank,
          "Testing aid: --kill-after-steps and --stop-after-steps act on this rank only");
  train
      ->add_flag(
          "--gather-without-grad", t.ctx.gather_without_grad,
          "Testing aid: the gathers of negatives drop their gradient path (the fault the data-parallel tests must catch)")
      ->group("Testing");
}

void add_sweep_options(CLI::App* sweep, SweepArgs& s) {
  add_plan_options(sweep, s);
  sweep->add_option("--jobs,-j", s.local.jobs, "Runs at once (local launcher)")
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  sweep->add_option("--threads", s.local.threads, "Threads per run (0 = cores / jobs)")
      ->check(CLI::Range(0, 4096))
      ->capture_default_str();
  sweep
      ->add_option("--log-every", s.local.log_every,
                   "Progress line every n steps in each run's log (and the loss read-back interval, as for train)")
      ->check(kAtLeastOne)
      ->capture_default_str();
  sweep->add_flag("--dry-run", s.dry_run, "List the runs, their ids and states, and exit");
  sweep->add_flag(
      "--rerun", s.local.rerun,
      "Run every run again, also those already recorded (their records are replaced); a baseline is trained "
      "again only when another commit of contra recorded it (baselines are shared)");
  sweep->add_option("--launcher", s.launcher, "local | slurm")
      ->check(CLI::IsMember({"local", "slurm"}))
      ->capture_default_str();
  sweep->add_option("--references", s.references, "Paper reference folder (default: the sweep's `references`)");
  sweep->add_flag("--no-report", s.no_report, "Do not write the table after the runs");
  const char* group = "SLURM (--launcher slurm; default: the sweep's [slurm])";
  const auto slurm = [&](const char* flag, auto& field, const char* key, const char* help) {
    return sweep->add_option(flag, field, help)->group(group)->each([&s, key, flag](const std::string&) {
      s.slurm_set.push_back(key);
      s.slurm_flags.push_back(flag);
    });
  };
  slurm("--partition", s.slurm_cli.partition, "partition", "Partition");
  slurm("--account", s.slurm_cli.account, "account", "Account");
  slurm("--time", s.slurm_cli.time, "time", "Time limit per task, e.g. 04:00:00");
  slurm("--nodes", s.slurm_cli.nodes, "nodes", "Nodes per array task (one run)")->check(CLI::Range(1, 100000));
  slurm("--ntasks-per-node", s.slurm_cli.ntasks_per_node, "ntasks_per_node",
        "Ranks per node: each array task is an srun of nodes x this ranks, one data-parallel run")
      ->check(CLI::Range(1, 4096));
  slurm("--cpus-per-task", s.slurm_cli.cpus, "cpus", "CPUs (and threads) per rank")->check(CLI::Range(1, 4096));
  slurm("--gpus-per-task", s.slurm_cli.gpus_per_task, "gpus_per_task", "GPUs per rank (--gpus-per-task)")
      ->check(CLI::Range(0, 64));
  slurm("--gres-gpus", s.slurm_cli.gpus, "gpus", "GPUs per node (--gres=gpu:N)")->check(CLI::Range(0, 64));
  slurm("--mem", s.slurm_cli.memory, "memory", "Memory per node of each array task, e.g. 16G");
  slurm("--max-parallel", s.slurm_cli.max_parallel, "max_parallel",
        "Tasks running at once (the array's %N; 0 = no cap)")
      ->check(CLI::Range(0, 1000000));
  sweep->add_flag("--no-submit", s.no_submit, "Write the sbatch script without submitting it")->group(group);
}

}  // namespace contra::cli
