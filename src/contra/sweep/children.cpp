#include "contra/sweep/children.h"

#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

#include <csignal>
#include <cstring>
#include <map>

#include "contra/core/error.h"

extern char** environ;

namespace contra::sweep {

namespace {

// The running children, for the signal handler: a fixed array, so the handler only reads memory.
constexpr int kMaxChildren = 256;
volatile std::sig_atomic_t g_child_count = 0;
pid_t g_children[kMaxChildren] = {};
volatile std::sig_atomic_t g_stopping = 0;
volatile std::sig_atomic_t g_every_time = 0;  // forward_stop_signals(true, true)
constexpr int kForwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGUSR1};

/// Passes the signal to every running child (each checkpoints and exits); a second one of the kind
/// stops this process at once, unless every signal is to be passed on.
extern "C" void forward_signal(int sig) {
  for (int i = 0; i < g_child_count; ++i)
    if (g_children[i] > 0) kill(g_children[i], sig);
  g_stopping = 1;
  if (g_every_time == 0) std::signal(sig, SIG_DFL);
}

}  // namespace

pid_t spawn(const std::vector<std::string>& args, const std::filesystem::path& log,
            const std::vector<std::string>& env) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!log.empty()) {
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  }
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  std::map<std::string, std::string> vars;  // name -> "NAME=value"
  for (char** e = environ; *e != nullptr; ++e) {
    const std::string entry = *e;
    vars[entry.substr(0, entry.find('='))] = entry;
  }
  for (const auto& entry : env) vars[entry.substr(0, entry.find('='))] = entry;
  std::vector<char*> envp;
  for (auto& [name, entry] : vars) envp.push_back(entry.data());
  envp.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  CONTRA_CHECK(rc == 0, "cannot start {}: {}", args[0], std::strerror(rc));
  return pid;
}

void track_child(pid_t pid, bool add) {
  if (add) {
    for (int i = 0; i < kMaxChildren; ++i)
      if (g_children[i] <= 0) {
        g_children[i] = pid;
        if (i >= g_child_count) g_child_count = i + 1;
        return;
      }
    return;
  }
  for (int i = 0; i < g_child_count; ++i)
    if (g_children[i] == pid) g_children[i] = 0;
}

void forward_stop_signals(bool install, bool every_time) {
  if (install) g_stopping = 0;
  g_every_time = install && every_time ? 1 : 0;
  for (int sig : kForwarded) std::signal(sig, install ? forward_signal : SIG_DFL);
}

bool stopping() { return g_stopping != 0; }

}  // namespace contra::sweep
