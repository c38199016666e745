// A polite stop: SIGTERM, SIGINT, SIGHUP and SIGUSR1 (what SLURM sends before a time limit or a
// preemption, with --signal) set a flag instead of killing the process, so the training loop can
// write a checkpoint at the end of the current step and exit. A second signal kills at once,
// unless it is the same signal within kDuplicateSeconds of the first: under SLURM a preempted srun
// step's ranks get SIGTERM from SLURM and again from srun, which is one request.
#pragma once

namespace contra::core {

/// A repeat of the first stop signal this many seconds after it, or sooner, is the same request.
inline constexpr int kDuplicateSeconds = 2;

/// Installs the handlers (idempotent). Call before the training loop.
void install_stop_handlers();

/// Restores the default actions.
void remove_stop_handlers();

/// Whether a stop signal has arrived since install_stop_handlers().
bool stop_requested();

/// Records a stop that another process of the run received (dist/stop_agreement.h): from now on
/// stop_requested() is true and stop_signal() is `sig`. Does nothing when a stop is already recorded.
void note_stop(int sig);

/// The signal that asked to stop (0 when none), e.g. for "stopped by SIGTERM".
int stop_signal();

/// "SIGTERM", "SIGUSR1", ... for messages.
const char* signal_name(int sig);

}  // namespace contra::core
