// One stop for all ranks: a stop signal (SIGTERM, SIGUSR1 from SLURM, a Ctrl-C) may reach one rank
// of a run, and the ranks must stop at the same step, or the others would wait for it in the next
// collective. Every rank calls agree_on_stop at the same points; a small all-reduce tells each
// whether any rank was asked.
#pragma once

#include "contra/dist/world.h"

namespace contra::dist {

/// Whether any rank has received a stop signal (core/stop_signal.h). A rank that has not is marked
/// as asked, with the signal another rank received (the largest signal number when several did),
/// so every rank then takes the same path. Every rank must call it at the same point; for one
/// process it is core::stop_requested(). Throws core::ContraError as World's collectives do.
bool agree_on_stop(const World& world);

}  // namespace contra::dist
