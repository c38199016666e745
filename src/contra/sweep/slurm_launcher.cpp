#include "contra/sweep/slurm_launcher.h"

#include <fmt/format.h>

#include <fstream>

#include "contra/core/error.h"
#include "contra/sweep/local_launcher.h"

namespace contra::sweep {

namespace fs = std::filesystem;

namespace {

/// Single-quotes a word for bash.
std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

fs::path write_slurm_array(const SweepPlan& plan, const SlurmOptions& o) {
  CONTRA_CHECK(o.cpus_per_task >= 1, "--cpus-per-task {} must be >= 1", o.cpus_per_task);
  const fs::path exe = fs::absolute(o.executable.empty() ? self_executable() : o.executable);
  write_configs(plan);
  const fs::path dir = plan.dir / "slurm";
  fs::create_directories(dir);
  fs::create_directories(plan.runs_dir());
  const fs::path tasks = dir / "tasks.txt";
  std::ofstream t(tasks);
  int count = 0;
  for (const auto& run : plan.runs) {
    if (run.state == RunState::done) continue;
    std::string line = fmt::format("{} train {} --out {} --sweep {} --preset {} --threads {}", quote(exe.string()),
                                   quote(fs::absolute(plan.configs_dir() / (run.id + ".toml")).string()),
                                   quote(fs::absolute(plan.runs_dir()).string()), quote(plan.sweep.name),
                                   quote(plan.preset), o.cpus_per_task);
    for (const auto& [k, v] : run.axes) line += " --axis " + quote(k + "=" + v);
    t << line << "\n";
    ++count;
  }
  CONTRA_CHECK(t.good(), "{}: cannot write the task list", tasks.string());
  if (count == 0) return {};
  const fs::path script = dir / (plan.sweep.name + ".sbatch");
  std::ofstream s(script);
  s << "#!/bin/bash\n"
    << fmt::format("#SBATCH --job-name=contra-{}-{}\n", plan.sweep.name, plan.preset)
    << fmt::format("#SBATCH --array=0-{}{}\n", count - 1, o.max_parallel > 0 ? fmt::format("%{}", o.max_parallel) : "")
    << fmt::format("#SBATCH --cpus-per-task={}\n", o.cpus_per_task) << fmt::format("#SBATCH --mem={}\n", o.mem)
    << fmt::format("#SBATCH --time={}\n", o.time)
    << fmt::format("#SBATCH --output={}/%A_%a.log\n", fs::absolute(plan.logs_dir()).string());
  if (!o.partition.empty()) s << fmt::format("#SBATCH --partition={}\n", o.partition);
  if (o.gpus_per_task > 0) s << fmt::format("#SBATCH --gres=gpu:{}\n", o.gpus_per_task);
  s << "# Written by `contra sweep --launcher slurm`. Each task runs one line of tasks.txt;\n"
    << "# re-running the sweep after the array finishes lists only the runs still missing.\n"
    << "set -euo pipefail\n"
    << fmt::format("line=$(sed -n \"$((SLURM_ARRAY_TASK_ID + 1))p\" {})\n", quote(fs::absolute(tasks).string()))
    << "eval \"$line\"\n";
  CONTRA_CHECK(s.good(), "{}: cannot write the sbatch script", script.string());
  fs::create_directories(plan.logs_dir());
  return script;
}

}  // namespace contra::sweep
