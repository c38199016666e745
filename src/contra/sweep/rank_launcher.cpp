#include "contra/sweep/rank_launcher.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <map>
#include <set>
#include <thread>

#include "contra/core/error.h"
#include "contra/core/stop_signal.h"
#include "contra/store/run_record.h"
#include "contra/sweep/children.h"
#include "contra/sweep/local_launcher.h"
#include "contra/train/checkpoint.h"
#include "contra/train/trainer.h"

namespace contra::sweep {

namespace fs = std::filesystem;

namespace {

/// "exited with code 2", "exited with signal 9 (SIGKILL)".
std::string how_it_ended(int wstatus) {
  if (WIFSIGNALED(wstatus))
    return fmt::format("exited with signal {} ({})", WTERMSIG(wstatus), core::signal_name(WTERMSIG(wstatus)));
  return fmt::format("exited with code {}", WEXITSTATUS(wstatus));
}

bool ended_well(int wstatus) {
  if (!WIFEXITED(wstatus)) return false;
  const int code = WEXITSTATUS(wstatus);
  return code == 0 || code == train::kExitInterrupted || code == train::kExitBusy;
}

/// The last step the record holds (0 when none).
std::int64_t last_step(const store::RunRecord& record) {
  const auto steps = store::column_as_double(record.steps, "step");
  return steps.empty() ? 0 : static_cast<std::int64_t>(steps.back());
}

/// Marks the run's record with why its ranks ended: the final record rank 0 wrote on its error, or
/// else the partial one (the run resumes from its checkpoint either way). Returns the reason, and
/// sets `file` to the record it marked (empty when there was none).
std::string amend_record(const RankLaunch& launch, int rank, int wstatus, fs::path& file) {
  const auto final_file = store::final_path(launch.out_dir, launch.run_id);
  const auto partial_file = store::partial_path(launch.out_dir, launch.run_id);
  const std::string how = fmt::format("rank {} {}", rank, how_it_ended(wstatus));
  try {
    if (fs::exists(final_file)) {
      auto record = store::read_run(final_file);
      const auto status = store::get_string(record.attributes, "status", final_file.string());
      if (status == "error") {
        const auto failed = record.attributes.count("failed_after_step")
                                ? store::get_int(record.attributes, "failed_after_step", final_file.string())
                                : last_step(record);
        const std::string reason = fmt::format("{} after step {} (rank 0: {})", how, failed,
                                               store::get_string(record.attributes, "reason", final_file.string()));
        record.attributes["reason"] = reason;
        store::write_run(final_file, record);
        file = final_file;
        return reason;
      }
    }
    if (fs::exists(partial_file)) {
      const std::string reason =
          fmt::format("{} after step {} (the last the record holds)", how, last_step(store::read_run(partial_file)));
      store::annotate_partial(launch.out_dir, launch.run_id, "error", reason);
      file = partial_file;
      return reason;
    }
  } catch (const core::ContraError&) {}
  return how;
}

}  // namespace

int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  CONTRA_CHECK(fd >= 0, "cannot open a socket to find a free port for a rendezvous");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;
  socklen_t len = sizeof(addr);
  const bool ok = bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0 &&
                  getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0;
  close(fd);
  CONTRA_CHECK(ok, "no free port on 127.0.0.1 for the ranks' rendezvous");
  return ntohs(addr.sin_port);
}

int launch_ranks(const RankLaunch& launch) {
  CONTRA_CHECK(launch.nproc >= 2, "--nproc {}: a run on several processes needs at least 2", launch.nproc);
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int threads = std::max(1, (launch.threads > 0 ? launch.threads : cores) / launch.nproc);
  const char* port_env = std::getenv("MASTER_PORT");
  const std::string port = port_env != nullptr && *port_env != '\0' ? port_env : std::to_string(free_port());
  const fs::path exe = launch.executable.empty() ? self_executable() : launch.executable;
  std::vector<std::string> args{exe.string()};
  args.insert(args.end(), launch.train_args.begin(), launch.train_args.end());
  args.insert(args.end(), {"--threads", std::to_string(threads)});

  std::map<pid_t, int> ranks;  // pid -> rank
  // Every signal goes on to the ranks, which tell a repeat of one request from a second one
  // themselves; this process waits for them whatever comes.
  forward_stop_signals(true, /*every_time=*/true);
  for (int rank = 0; rank < launch.nproc; ++rank) {
    const pid_t pid = spawn(
        args, {},
        {"RANK=" + std::to_string(rank), "WORLD_SIZE=" + std::to_string(launch.nproc),
         "LOCAL_RANK=" + std::to_string(rank), "LOCAL_WORLD_SIZE=" + std::to_string(launch.nproc),
         "MASTER_ADDR=127.0.0.1", "MASTER_PORT=" + port, std::string(kLaunchedVariable) + "=1",
         // c10d's own log lines (glog) on a failed connection: the ranks' one line says it
         std::getenv("GLOG_minloglevel") != nullptr ? std::string("GLOG_minloglevel=") + std::getenv("GLOG_minloglevel")
                                                    : std::string("GLOG_minloglevel=3")});
    track_child(pid, true);
    ranks[pid] = rank;
  }
  std::map<int, int> ended;  // rank -> wait status
  std::set<int> killed;      // ranks this process killed itself: never a cause
  int first_bad = -1;        // the first rank that died or failed
  auto deadline = std::chrono::steady_clock::time_point::max();
  while (ended.size() < ranks.size()) {
    int wstatus = 0;
    const pid_t pid = waitpid(-1, &wstatus, first_bad >= 0 ? WNOHANG : 0);
    if (pid < 0 && errno == EINTR) continue;  // a stop signal, forwarded to the ranks
    if (pid < 0) break;
    if (pid == 0) {  // after a death: the others get the collective timeout to end on their own
      if (std::chrono::steady_clock::now() > deadline)
        for (const auto& [p, r] : ranks)
          if (!ended.count(r) && killed.insert(r).second) kill(p, SIGKILL);
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      continue;
    }
    const auto it = ranks.find(pid);
    if (it == ranks.end()) continue;
    track_child(pid, false);
    ended[it->second] = wstatus;
    if (first_bad < 0 && !ended_well(wstatus)) {
      first_bad = it->second;
      // Rank 0 writes the record: when another rank died, rank 0 gets the collective timeout to
      // record why; when rank 0 itself is gone, the others have nothing left to do.
      deadline = it->second == 0 ? std::chrono::steady_clock::now()
                                 : std::chrono::steady_clock::now() + launch.grace + std::chrono::seconds(5);
    }
  }
  const bool asked_to_stop = stopping();
  forward_stop_signals(false);
  int died = -1;  // the first rank, in rank order, that a signal ended (not one this process killed)
  for (const auto& [rank, wstatus] : ended)
    if (died < 0 && WIFSIGNALED(wstatus) && !killed.count(rank)) died = rank;
  if (died >= 0 && first_bad >= 0 && WIFSIGNALED(ended[first_bad]) && !killed.count(first_bad)) died = first_bad;
  if (died >= 0 && asked_to_stop && WTERMSIG(ended[died]) != SIGKILL && !WIFEXITED(ended[0]))
    return 128 + WTERMSIG(ended[died]);  // stopped before a rank could checkpoint: as one process would
  if (died >= 0 || (first_bad > 0 && ended_well(ended[0]))) {
    // A rank died (or only another rank failed): it is the cause, and rank 0's own line, if any
    // (a collective that failed), follows from it. A rank that exits with 2 has said why itself.
    const int cause = died >= 0 ? died : first_bad;
    fs::path file;
    const std::string reason = amend_record(launch, cause, ended[cause], file);
    const bool resumable = fs::exists(train::checkpoint_path(launch.out_dir, launch.run_id));
    fmt::print(stderr, "contra: error: run {} stopped: {}; {}\n", launch.run_id, reason,
               file.empty() ? std::string("no record was written")
                            : fmt::format("recorded as status=error in {} ({})", file.string(),
                                          resumable ? "a rerun resumes from its last checkpoint"
                                                    : "no checkpoint yet: a rerun starts it over"));
    return 2;
  }
  // Rank 0 said what happened (an error every rank meets is its one line).
  return WIFEXITED(ended[0]) ? WEXITSTATUS(ended[0]) : 2;
}

}  // namespace contra::sweep
