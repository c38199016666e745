#include "contra/core/stop_signal.h"

#include <csignal>

namespace contra::core {

namespace {

volatile std::sig_atomic_t g_signal = 0;
constexpr int kSignals[] = {SIGTERM, SIGINT, SIGHUP, SIGUSR1};

extern "C" void on_stop_signal(int sig) {
  g_signal = sig;
  std::signal(sig, SIG_DFL);  // a second one of the same kind stops the process at once
}

}  // namespace

void install_stop_handlers() {
  g_signal = 0;
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
