#include "contra/sweep/local_launcher.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <fstream>
#include <map>
#include <thread>

#include "contra/core/error.h"
#include "contra/core/files.h"
#include "contra/core/progress.h"
#include "contra/core/stop_signal.h"
#include "contra/store/run_lock.h"
#include "contra/store/run_record.h"
#include "contra/sweep/claims_sha.h"
#include "contra/sweep/children.h"
#include "contra/train/checkpoint.h"
#include "contra/train/checkpoint.h"
#include "contra/train/trainer.h"

namespace contra::sweep {

namespace fs = std::filesystem;

fs::path self_executable() { return fs::read_symlink("/proc/self/exe"); }

namespace {

struct Running {
  const PlannedRun* run;
  int index;
  std::chrono::steady_clock::time_point start;
};

std::vector<std::string> train_command(const SweepPlan& plan, const PlannedRun& run, const fs::path& exe, int threads,
                                       std::int64_t log_every, bool fresh, const std::string& claims) {
  std::vector<std::string> argv = {exe.string(),
                                   "train",
                                   (plan.configs_dir() / (run.id + ".toml")).string(),
                                   "--out",
                                   plan.runs_dir().string(),
                                   "--sweep",
                                   plan.sweep.name,
                                   "--preset",
                                   plan.preset,
                                   "--threads",
                                   std::to_string(threads),
                                   "--log-every",
                                   std::to_string(log_every),
                                   "--skip-finished"};
  if (fresh) argv.push_back("--fresh");
  if (!claims.empty()) argv.insert(argv.end(), {"--claims-sha", claims});
  for (const auto& axis : run.axes) {  // the key: its value is the run's config value
    argv.push_back("--axis");
    argv.push_back(axis.first);
  }
  return argv;
}

/// The run's own last "contra: error:" line in its log, without the prefix ("" when none).
std::string last_error_line(const std::string& log) {
  std::ifstream in(log);
  std::string line, last;
  while (std::getline(in, line))
    if (line.rfind("contra: error: ", 0) == 0) last = line.substr(15);
  return last.empty() ? std::string("the run wrote no error line") : last;
}

/// One line about a finished run, from how its process ended and its record. `status` becomes
/// complete, fail, error, busy (another process trains it) or interrupted (stopped by a signal
/// after saving a checkpoint).
std::string outcome(const SweepPlan& plan, const PlannedRun& run, int wstatus, std::string& status) {
  const fs::path dir = plan.runs_dir();
  const fs::path file = store::final_path(dir, run.id);
  const std::string log = (plan.logs_dir() / (run.id + ".log")).string();
  if (WIFSIGNALED(wstatus)) {
    // Killed (SIGKILL, out of memory, a crash): the record stays partial, never claimed complete;
    // the run resumes from its last checkpoint when the sweep runs again.
    status = "error";
    const bool resumable = fs::exists(train::checkpoint_path(dir, run.id));
    const std::string reason =
        fmt::format("killed by {} (signal {}); {}", core::signal_name(WTERMSIG(wstatus)), WTERMSIG(wstatus),
                    resumable ? "the next sweep resumes it from its last checkpoint" : "the next sweep starts it over");
    if (!store::is_locked(dir, run.id)) store::annotate_partial(dir, run.id, "error", reason);
    return fmt::format("error: {} (see {})", reason, log);
  }
  const int exit_code = WEXITSTATUS(wstatus);
  if (exit_code == train::kExitBusy) {
    status = "busy";
    return "skipped: another process is training it";
  }
  if (exit_code == train::kExitInterrupted) {
    status = "interrupted";
    return fmt::format("interrupted: stopped by a signal after saving a checkpoint; the next sweep resumes it (see {})",
                       log);
  }
  if (!fs::exists(file)) {
    status = "error";
    return fmt::format("error: exit code {}, no record: {} (see {})", exit_code, last_error_line(log), log);
  }
  try {
    const auto record = store::read_run(file);
    if (exit_code != 0) {  // the record, if any, says why; a record never makes a failed process a success
      status = "error";
      return fmt::format("error: exit code {}: {} (see {})", exit_code,
                         store::get_string(record.attributes, "reason", file.string()), log);
    }
    status = store::get_string(record.attributes, "status", file.string());
    const auto knn =
        record.summary.count("knn_top1") ? store::get_double(record.summary, "knn_top1", file.string()) : NAN;
    const std::string reason = store::get_string(record.attributes, "reason", file.string());
    return fmt::format("{} kNN top-1 {:.2f}%{}", status, knn, reason.empty() ? "" : " (" + reason + ")");
  } catch (const core::ContraError& e) {
    status = "error";
    return fmt::format("error: exit code {}, unreadable record: {} (see {})", exit_code, e.what(), log);
  }
}

}  // namespace

int exit_code(const LaunchSummary& s) {
  if (s.errors > 0 || s.interrupted > 0 || s.not_started > 0) return 1;
  return s.failed > 0 ? kExitSomeFailed : 0;
}

void set_aside_records(const SweepPlan& plan) {
  for (const auto& run : plan.runs) {
    if (run.record.empty() || !fs::exists(run.record)) continue;
    fs::path aside = run.record;
    aside += ".previous";
    std::error_code ec;
    fs::rename(run.record, aside, ec);
    CONTRA_CHECK(!ec, "{}: cannot set the old record aside for --rerun: {}", run.record.string(), ec.message());
  }
}

LaunchSummary run_local(const SweepPlan& plan, const LocalOptions& options) {
  CONTRA_CHECK(options.jobs >= 1, "--jobs {} must be >= 1", options.jobs);
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int threads = options.threads > 0 ? options.threads : std::max(1, cores / options.jobs);
  const fs::path exe = options.executable.empty() ? self_executable() : options.executable;
  write_configs(plan);
  core::ensure_directory(plan.logs_dir(), "logs");
  core::ensure_directory(plan.runs_dir(), "runs");

  LaunchSummary summary;
  if (options.rerun) set_aside_records(plan);
  std::vector<const PlannedRun*> todo;
  for (const auto& run : plan.runs) {
    if (run.state == RunState::done && !options.rerun) {
      ++summary.skipped;
    } else {
      todo.push_back(&run);
    }
  }
  const int total = static_cast<int>(todo.size());
  // A run whose checkpoint is there continues from it (an interrupted sweep run again).
  const auto resuming = std::count_if(todo.begin(), todo.end(), [&](const PlannedRun* r) {
    return fs::exists(train::checkpoint_path(plan.runs_dir(), r->id));
  });
  if (!options.quiet)
    fmt::print("sweep {} preset {}: {} runs, {} done, {} to run{}{}, {} at a time with {} thread(s) each\n",
               plan.sweep.name, plan.preset, plan.runs.size(), summary.skipped, total,
               resuming > 0 ? fmt::format(" ({} resume from a checkpoint)", resuming) : std::string(),
               options.rerun ? " (--rerun: recorded runs too)" : "", options.jobs, threads);
  const std::string claims = claims_sha(plan);  // what each run records as the claims it was trained under
  std::map<pid_t, Running> running;
  std::size_t next = 0;
  forward_stop_signals(true);
  while (next < todo.size() || !running.empty()) {
    if (stopping() && running.empty()) break;
    while (!stopping() && next < todo.size() && static_cast<int>(running.size()) < options.jobs) {
      const PlannedRun& run = *todo[next];
      const fs::path log = plan.logs_dir() / (run.id + ".log");
      const pid_t pid = spawn(train_command(plan, run, exe, threads, options.log_every, options.rerun, claims), log);
      track_child(pid, true);
      running[pid] = {&run, static_cast<int>(++next), std::chrono::steady_clock::now()};
      ++summary.launched;
      if (!options.quiet)
        fmt::print("[{}/{}] start {} (run {}, log {})\n", next, total, describe(run), run.id, log.string());
      std::fflush(stdout);
    }
    int wstatus = 0;
    const pid_t pid = waitpid(-1, &wstatus, 0);
    if (pid < 0 && errno == EINTR) continue;  // a stop signal: the loop stops starting runs
    if (pid < 0) break;
    auto it = running.find(pid);
    if (it == running.end()) continue;
    const Running r = it->second;
    running.erase(it);
    track_child(pid, false);
    std::string status;
    const std::string line = outcome(plan, *r.run, wstatus, status);
    if (status == "complete") {
      ++summary.complete;
    } else if (status == "fail") {
      ++summary.failed;
    } else if (status == "busy") {
      ++summary.busy;
    } else if (status == "interrupted") {
      ++summary.interrupted;
    } else {
      ++summary.errors;
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - r.start).count();
    if (!options.quiet)
      fmt::print("[{}/{}] {} {} in {}\n", r.index, total, describe(*r.run), line,
                 core::ProgressLine::format_duration(secs));
    std::fflush(stdout);
  }
  forward_stop_signals(false);
  summary.not_started = static_cast<int>(todo.size() - next);
  if (stopping() && !options.quiet)
    fmt::print("sweep stopped by a signal: {} run(s) not started; running the sweep again continues\n",
               summary.not_started);
  return summary;
}

}  // namespace contra::sweep
