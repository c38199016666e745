// Child processes of a launcher (the local pool's runs, the ranks of one run): starting them, and
// passing a stop signal that reaches the launcher on to each, so every child can checkpoint.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace contra::sweep {

/// Starts args[0] with `args`; stdout and stderr go to `log` (created or truncated), or stay this
/// process's when `log` is empty. The environment is this process's plus `env` ("NAME=value",
/// replacing a variable of the same name). Throws core::ContraError naming the program when it
/// cannot be started.
pid_t spawn(const std::vector<std::string>& args, const std::filesystem::path& log,
            const std::vector<std::string>& env = {});

/// Adds (or removes) a child to the ones stop signals are forwarded to (at most 256 at once).
void track_child(pid_t pid, bool add);

/// While installed, SIGINT, SIGTERM, SIGHUP and SIGUSR1 reaching this process are sent on to every
/// tracked child, and stopping() turns true; a second signal of a kind stops this process at once,
/// unless `every_time`: then every signal is sent on and this process stays to wait for its
/// children (the ranks of one run, which tell a repeat of the same request from a second one
/// themselves, core/stop_signal.h). install = false restores the default actions.
void forward_stop_signals(bool install, bool every_time = false);

/// Whether a forwarded stop signal has arrived since forward_stop_signals(true).
bool stopping();

}  // namespace contra::sweep
