#include "contra/core/stop_signal.h"

#include <time.h>

#include <csignal>

namespace contra::core {

namespace {

volatile std::sig_atomic_t g_signal = 0;
constexpr int kSignals[] = {SIGTERM, SIGINT, SIGHUP, SIGUSR1};
volatile std::sig_atomic_t g_first_second[4] = {-1, -1, -1, -1};  // per signal: CLOCK_MONOTONIC second it came

std::sig_atomic_t monotonic_second() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
  return static_cast<std::sig_atomic_t>(t.tv_sec);
}

extern "C" void on_stop_signal(int sig) {
  int i = 0;
  while (i < 3 && kSignals[i] != sig) ++i;
  if (g_first_second[i] < 0) {
    g_first_second[i] = monotonic_second();
    if (g_signal == 0) g_signal = sig;
    return;
  }
  // The same signal again within kDuplicateSeconds (SLURM signals an srun step's ranks itself, and
  // srun passes its own copy on) is the same request; later, it stops the process at once.
  if (monotonic_second() - g_first_second[i] <= kDuplicateSeconds) return;
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

}  // namespace

void install_stop_handlers() {
  g_signal = 0;
  for (auto& t : g_first_second) t = -1;
  for (int sig : kSignals) std::signal(sig, on_stop_signal);
}

void remove_stop_handlers() {
  for (int sig : kSignals) std::signal(sig, SIG_DFL);
}

bool stop_requested() { return g_signal != 0; }

int stop_signal() { return g_signal; }

void note_stop(int sig) {
  if (g_signal == 0) g_signal = sig;
}

const char* signal_name(int sig) {
  switch (sig) {
    case SIGTERM:
      return "SIGTERM";
    case SIGINT:
      return "SIGINT";
    case SIGHUP:
      return "SIGHUP";
    case SIGUSR1:
      return "SIGUSR1";
    case SIGKILL:
      return "SIGKILL";
    default:
      return "a signal";
  }
}

}  // namespace contra::core
