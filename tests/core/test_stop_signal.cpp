// The polite stop (core/stop_signal.h): a stop signal sets the flag; the same signal again within
// kDuplicateSeconds is the same request (SLURM and srun both signal a preempted step's ranks); a
// repeat after that stops the process at once. Each case runs in a forked child.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <thread>

#include "contra/core/stop_signal.h"

namespace {

/// Forks; the child runs `body` and exits with its return value. The child's wait status.
template <class F>
int in_child(F body) {
  const pid_t pid = fork();
  if (pid == 0) _exit(body());
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}

}  // namespace

TEST_CASE("stop signal: a repeat within the duplicate window is one request, a later one stops at once", "[core]") {
  const int twice = in_child([] {
    contra::core::install_stop_handlers();
    std::raise(SIGTERM);
    std::raise(SIGTERM);  // srun's copy of SLURM's SIGTERM
    std::raise(SIGUSR1);  // another kind: noted, the first stays the reason
    return contra::core::stop_requested() && contra::core::stop_signal() == SIGTERM ? 0 : 1;
  });
  INFO("signal " << (WIFSIGNALED(twice) ? WTERMSIG(twice) : 0));
  REQUIRE(WIFEXITED(twice));
  CHECK(WEXITSTATUS(twice) == 0);

  const int later = in_child([] {
    contra::core::install_stop_handlers();
    std::raise(SIGINT);
    std::this_thread::sleep_for(std::chrono::milliseconds(1000 * (contra::core::kDuplicateSeconds + 1) + 200));
    std::raise(SIGINT);  // the user means it
    return 0;
  });
  REQUIRE(WIFSIGNALED(later));
  CHECK(WTERMSIG(later) == SIGINT);
}
