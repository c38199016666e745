// Waiting on a SLURM job by its state (squeue), not for a fixed time: the SLURM e2e test's tasks
// train for seconds on a quiet machine and for minutes beside a loaded `ctest -j2`, so a wait ends
// when what it waits for is there, or when the job has left the queue without it.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

namespace contra::testing {

/// The job id in `contra sweep --launcher slurm`'s "submitted job array <id> ..." line; empty if none.
inline std::string submitted_job(const std::string& out) {
  const std::string mark = "submitted job array ";
  const auto at = out.find(mark);
  if (at == std::string::npos) return {};
  const std::string after = out.substr(at + mark.size());
  return after.substr(0, after.find(' '));
}

/// squeue's lines for `job`'s tasks still queued (pending, running or completing), each
/// "<job>_<task> <state> <reason>"; empty once every task has left the queue.
inline std::string job_queue(const std::string& job) {
  std::string out;
  FILE* pipe = popen(("squeue -h -a -j " + job + " -o '%i %T %r' 2>/dev/null").c_str(), "r");
  if (pipe == nullptr) return out;
  char line[512];
  while (std::fgets(line, sizeof line, pipe) != nullptr) out += line;
  pclose(pipe);
  return out;
}

/// How a wait on a job ended: `done`, or why not (with squeue's last lines and pending reasons).
struct JobWait {
  bool done = false;
  std::string why;
};

/// Polls until `done()` holds. A requeued task that SLURM holds back for its begin time (about two
/// minutes) is released at once; a task is touched only while it waits for that, since an update
/// during the requeue itself can lose it. Ends without `done()` when the job has left the queue (after
/// `grace_s` for the files its last task writes) or after `limit_s`: a safety net far above a task's
/// time under load, not the expected wait.
template <class F>
JobWait wait_on_job(const std::string& job, F done, int limit_s = 1800, int grace_s = 15) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  std::optional<Clock::time_point> left;
  std::string last = "(never seen in squeue)";
  for (;;) {
    if (done()) return {true, {}};
    const std::string queue = job_queue(job);
    const auto now = Clock::now();
    if (!queue.empty()) {
      last = queue;
      left.reset();
      std::istringstream lines(queue);
      std::string id, state, reason;
      while (lines >> id >> state >> reason)
        if (state == "PENDING" && reason == "BeginTime")
          (void)std::system(("scontrol update JobId=" + id + " StartTime=now >/dev/null 2>&1").c_str());
    } else if (!left) {
      left = now;
    } else if (now - *left > std::chrono::seconds(grace_s)) {
      return {done(),
              "job " + job + " left SLURM's queue without it; squeue's last lines (id, state, reason):\n" + last};
    }
    if (now - start > std::chrono::seconds(limit_s))
      return {done(), "job " + job + " still queued after " + std::to_string(limit_s) +
                          " s; squeue (id, state, pending reason):\n" + last};
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
  }
}

}  // namespace contra::testing
