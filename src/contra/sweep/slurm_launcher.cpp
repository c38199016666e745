#include "contra/sweep/slurm_launcher.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>

#include "contra/core/error.h"
#include "contra/core/files.h"
#include "contra/sweep/claims_sha.h"
#include "contra/sweep/local_launcher.h"
#include "contra/train/ranks.h"
#include "contra/train/trainer.h"

namespace contra::sweep {

namespace fs = std::filesystem;

namespace {

/// Single-quotes a word for bash.
std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// Runs a shell command and returns its stdout and exit status.
std::pair<std::string, int> capture(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  CONTRA_CHECK(pipe != nullptr, "cannot run: {}", command);
  std::string out;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), static_cast<int>(buffer.size()), pipe.get()) != nullptr) out += buffer.data();
  const int status = pclose(pipe.release());
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

/// The line of the script that starts the run: `contra train` itself for one rank; for several, an
/// `srun` step of nodes × ntasks_per_node ranks, which meet through the step's variables
/// (dist::rendezvous_from_environment). srun is given the CPUs per rank again (since SLURM 22.05 it
/// does not inherit sbatch's --cpus-per-task); it forwards the script's SIGUSR1 to every rank, and
/// --kill-on-bad-exit=0 lets rank 0 finish its checkpoint when another rank exits first (a rank
/// that dies makes the others fail in their next collective, within run.dist_timeout_s).
std::string launch_line(const config::SlurmSpec& r, std::int64_t world_size, const fs::path& exe) {
  if (world_size == 1) return fmt::format("{} \"${{args[@]}}\" &\n", quote(exe.string()));
  return fmt::format(
      "# {} ranks (nodes {} x ntasks_per_node {}), one data-parallel run; rank 0 meets the others on the first\n"
      "# node of the job, on a port derived from the job id.\n"
      "export GLOG_minloglevel=${{GLOG_minloglevel:-3}}  # c10d's own log lines; each rank's error is one line\n"
      "srun --nodes={} --ntasks-per-node={} --cpus-per-task={} --kill-on-bad-exit=0 {} \"${{args[@]}}\" &\n",
      world_size, r.nodes, r.ntasks_per_node, r.nodes, r.ntasks_per_node, r.cpus, quote(exe.string()));
}

/// sbatch's --output for the logs folder, quoted (sbatch reads a quoted #SBATCH argument whole, so
/// a folder may hold spaces) and with any % doubled (a single % starts one of sbatch's filename
/// patterns, %A_%a here). Throws core::ContraError for a folder with a double quote, a backslash
/// (which turns sbatch's patterns off) or a line break, which an #SBATCH line cannot carry.
std::string output_pattern(const fs::path& logs) {
  const std::string dir = fs::absolute(logs).string();
  CONTRA_CHECK(dir.find_first_of("\"\\\n\r") == std::string::npos,
               "logs folder {}: an #SBATCH --output line cannot carry a double quote, a backslash or a line break in "
               "the path (--results, the sweep's name or the preset's)",
               dir);
  std::string escaped;
  for (const char c : dir) escaped += c == '%' ? std::string("%%") : std::string(1, c);
  return "\"" + escaped + "/slurm-%A_%a.log\"";
}

/// A run on `cuda:N` against the GPUs an array task is given: SLURM numbers them from 0
/// (CUDA_VISIBLE_DEVICES), and with several ranks an index would put every rank of a node on one
/// GPU (`cuda` gives each its own: dist::rank_device). Throws core::ContraError naming the run.
void check_gpu_index(const PlannedRun& run, const config::SlurmSpec& r, std::int64_t world_size) {
  const auto& device = run.experiment.run.device;
  if (device.rfind("cuda:", 0) != 0) return;
  CONTRA_CHECK(world_size == 1,
               "{}: run {}: run.device = \"{}\" with {} ranks per task: every rank of a node would take that one GPU; "
               "use run.device = \"cuda\" (each rank takes its own)",
               run.experiment.where("run.device"), run.id, device, world_size);
  char* end = nullptr;
  const long index = std::strtol(device.c_str() + 5, &end, 10);
  if (end == device.c_str() + 5 || *end != '\0') return;  // not an index: the run itself refuses it
  const std::int64_t given = r.gpus_per_task > 0 ? r.gpus_per_task : std::max<std::int64_t>(r.gpus, 1);
  CONTRA_CHECK(index < given,
               "{}: run {}: run.device = \"{}\": SLURM numbers the {} GPU(s) it gives a task from 0 "
               "(CUDA_VISIBLE_DEVICES), so {} is not one of them; use run.device = \"cuda\", or ask for more GPUs "
               "([slurm] gpus or gpus_per_task; --gres-gpus, --gpus-per-task)",
               run.experiment.where("run.device"), run.id, device, given, device);
}

}  // namespace

void check_slurm_array(const SweepPlan& plan, const SlurmOptions& o) {
  const auto& r = o.resources;
  CONTRA_CHECK(r.cpus >= 1, "--cpus-per-task {} must be >= 1", r.cpus);
  const std::int64_t world_size = r.nodes * r.ntasks_per_node;
  const PlannedRun* on_cpu = nullptr;   // a run left to train on the CPU, and one on CUDA: one array
  const PlannedRun* on_cuda = nullptr;  // asks the same resources for every task ("auto" is neither)
  for (const auto& run : plan.runs) {  // a run the ranks cannot split would fail in every task
    if (run.state == RunState::done) continue;
    const auto& device = run.experiment.run.device;
    if (device.rfind("cuda", 0) == 0) on_cuda = &run;
    if (device.rfind("cpu", 0) == 0) on_cpu = &run;
    check_gpu_index(run, r, world_size);
    CONTRA_CHECK(on_cpu == nullptr || on_cuda == nullptr,
                 "{}: runs {} (run.device = \"{}\") and {} (run.device = \"{}\"): one SLURM array asks every task for "
                 "the same resources, so the CPU runs would hold GPUs they do not use; sweep the CPU and the CUDA runs "
                 "separately (a preset each, or --set run.device)",
                 run.experiment.where("run.device"), on_cpu == nullptr ? "" : on_cpu->id, on_cpu == nullptr ? "" : on_cpu->experiment.run.device,
                 on_cuda == nullptr ? "" : on_cuda->id, on_cuda == nullptr ? "" : on_cuda->experiment.run.device);
    try {
      train::check_splits(run.experiment, static_cast<int>(world_size));
      if (run.experiment.data.train_subset > 0)  // the whole set's size is known once it is read
        train::check_last_batch(run.experiment, run.experiment.data.train_subset, static_cast<int>(world_size));
      if (world_size > 1) train::check_backend(run.experiment, run.experiment.run.device.rfind("cuda", 0) == 0);
    } catch (const core::ContraError& e) {
      core::fail("run {} with nodes = {} x ntasks_per_node = {} = {} ranks ([slurm] or the command line): {}", run.id,
                 r.nodes, r.ntasks_per_node, world_size, e.what());
    }
    const auto& run_opts = run.experiment.run;
    const bool nccl = run_opts.device.rfind("cuda", 0) == 0 && run_opts.dist_backend != config::DistBackend::gloo;
    CONTRA_CHECK(!nccl || world_size == 1 || r.gpus == 0 || r.gpus >= r.ntasks_per_node,
                 "run {}: [slurm] gpus = {} per node for ntasks_per_node = {} ranks on CUDA: NCCL needs one GPU per "
                 "rank; set gpus to {} or more, or gpus = 0 (one per rank), or run.dist_backend = \"gloo\"",
                 run.id, r.gpus, r.ntasks_per_node, r.ntasks_per_node);
  }
  CONTRA_CHECK(on_cpu == nullptr || (r.gpus == 0 && r.gpus_per_task == 0),
               "{}: run {} trains on the CPU (run.device = \"{}\") but [slurm] asks for GPUs (gpus = {}, "
               "gpus_per_task = {}; or --gres-gpus, --gpus-per-task): every task would hold GPUs it does not use",
               on_cpu == nullptr ? "" : on_cpu->experiment.where("run.device"), on_cpu == nullptr ? "" : on_cpu->id, on_cpu == nullptr ? "" : on_cpu->experiment.run.device, r.gpus,
               r.gpus_per_task);
  (void)output_pattern(plan.logs_dir());
}

SlurmArray write_slurm_array(const SweepPlan& plan, const SlurmOptions& o) {
  check_slurm_array(plan, o);  // before anything is written
  const auto& r = o.resources;
  const fs::path exe = fs::absolute(o.executable.empty() ? self_executable() : o.executable);
  const std::int64_t world_size = r.nodes * r.ntasks_per_node;
  const std::string output = output_pattern(plan.logs_dir());
  const bool on_cuda = std::any_of(plan.runs.begin(), plan.runs.end(), [](const PlannedRun& run) {
    return run.state != RunState::done && run.experiment.run.device.rfind("cuda", 0) == 0;
  });
  write_configs(plan);
  const fs::path dir = plan.dir / "slurm";
  core::ensure_directory(dir, "SLURM scripts");
  core::ensure_directory(plan.runs_dir(), "runs");
  core::ensure_directory(plan.logs_dir(), "logs");
  SlurmArray array;
  array.tasks = dir / "tasks.txt";
  std::ofstream t(array.tasks);
  const std::string claims = claims_sha(plan);
  for (const auto& run : plan.runs) {
    if (run.state == RunState::done) continue;
    std::string line =
        fmt::format("train {} --out {} --sweep {} --preset {} --threads {} --log-every {} --skip-finished",
                    quote(fs::absolute(plan.configs_dir() / (run.id + ".toml")).string()),
                    quote(fs::absolute(plan.runs_dir()).string()), quote(plan.sweep.name), quote(plan.preset), r.cpus,
                    o.log_every);
    for (const auto& axis : run.axes) line += " --axis " + quote(axis.first);  // its value is the config's
    if (!claims.empty()) line += " --claims-sha " + quote(claims);
    t << line << "\n";
    ++array.tasks_count;
  }
  t.flush();
  CONTRA_CHECK(t.good(), "{}: cannot write the task list", array.tasks.string());
  if (array.tasks_count == 0) return array;
  array.script = dir / (plan.sweep.name + ".sbatch");
  std::ofstream s(array.script);
  s << "#!/bin/bash\n"
    << fmt::format("#SBATCH --job-name=contra-{}-{}\n", plan.sweep.name, plan.preset)
    << fmt::format("#SBATCH --array=0-{}{}\n", array.tasks_count - 1,
                   r.max_parallel > 0 ? fmt::format("%{}", r.max_parallel) : "")
    << fmt::format("#SBATCH --nodes={}\n#SBATCH --ntasks-per-node={}\n", r.nodes, r.ntasks_per_node)
    << fmt::format("#SBATCH --cpus-per-task={}\n", r.cpus) << fmt::format("#SBATCH --mem={}\n", r.memory)
    << fmt::format("#SBATCH --time={}\n", r.time)
    << fmt::format("#SBATCH --output={}\n", output)
    << "#SBATCH --open-mode=append\n#SBATCH --requeue\n";
  if (r.signal_seconds > 0) s << fmt::format("#SBATCH --signal=B:USR1@{}\n", r.signal_seconds);
  if (!r.partition.empty()) s << fmt::format("#SBATCH --partition={}\n", r.partition);
  if (!r.account.empty()) s << fmt::format("#SBATCH --account={}\n", r.account);
  if (r.gpus_per_task > 0) {
    s << fmt::format("#SBATCH --gpus-per-task={}\n", r.gpus_per_task);
  } else {
    const std::int64_t gpus = r.gpus > 0 ? r.gpus : (on_cuda ? r.ntasks_per_node : 0);  // one per rank
    if (gpus > 0) s << fmt::format("#SBATCH --gres=gpu:{}\n", gpus);
  }
  s << "# Written by `contra sweep --launcher slurm`. Task i trains the run on line i+1 of tasks.txt.\n"
    << "# SIGUSR1 (before the time limit) and SIGTERM (preemption) make `contra train` checkpoint and\n"
    << fmt::format("# exit with {}; the task then requeues itself and the requeued task resumes the run.\n",
                   train::kExitInterrupted)
    << "set -uo pipefail\n"
    << fmt::format("line=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" {})\n", quote(fs::absolute(array.tasks).string()))
    << "eval \"args=($line)\"\n"
    << "echo \"contra task ${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID} (restart ${SLURM_RESTART_COUNT:-0}) on $(hostname)\"\n"
    << launch_line(r, world_size, exe) << "child=$!\n"
    << "trap 'kill -USR1 $child 2>/dev/null' USR1\n"
    << "trap 'true' TERM  # SLURM signals every process of the task itself; the script keeps waiting\n"
    << "code=0\n"
    << "while true; do wait $child; code=$?; kill -0 $child 2>/dev/null || break; done\n"
    << fmt::format("if [ $code -eq {} ]; then\n", train::kExitInterrupted)
    << "  echo \"contra: run checkpointed; requeueing task ${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}\"\n"
    << "  scontrol requeue \"${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}\" || true\n"
    << "fi\n"
    << "exit $code\n";
  s.flush();
  CONTRA_CHECK(s.good(), "{}: cannot write the sbatch script", array.script.string());
  return array;
}

std::string submit_slurm_array(const SlurmArray& array, const SlurmOptions& o) {
  const auto [out, code] = capture(o.sbatch + " --parsable " + quote(array.script.string()) + " 2>&1");
  std::string first = out.substr(0, out.find('\n'));
  CONTRA_CHECK(code == 0 && !first.empty(), "sbatch {}: submission failed (exit code {}): {}", array.script.string(),
               code, first.empty() ? std::string("no output; is SLURM installed and running?") : first);
  return first.substr(0, first.find(';'));  // "<job id>[;<cluster>]"
}

}  // namespace contra::sweep
