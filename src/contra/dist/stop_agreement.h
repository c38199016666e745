// One stop for all ranks: a stop signal (SIGTERM, SIGUSR1 from SLURM, a Ctrl-C) may reach one rank
// of a run, and the ranks must stop at the same step, or the others would wait for it in the next
// collective. Every rank calls agree_on_stop at the same points; a small all-reduce tells each
// whether any rank was asked.
#pragma once

#include <torch/types.h>

#include "contra/dist/world.h"

namespace contra::dist {

/// Whether any rank has received a stop signal (core/stop_signal.h). A rank that has not is marked
/// as asked, with the signal another rank received (the largest signal number when several did),
/// so every rank then takes the same path. Every rank must call it at the same point; for one
/// process it is core::stop_requested(). Throws core::ContraError as World's collectives do.
bool agree_on_stop(const World& world);

/// This rank's vote for a collective that carries other values too (the training step's scalars,
/// train/step.cpp): float64 W on `device`, zero but for this rank's entry, its stop signal (0 when
/// none). Built on the device (a fill, no copy from the host, so nothing waits for the device). Sum
/// the ballots over the ranks (World::all_reduce_sum); their max is the agreed signal, which the
/// loop reads back with the step's scalars and passes to agreed_stop_signal.
torch::Tensor stop_ballot(const World& world, const torch::Device& device = torch::kCPU);

/// What the ranks agreed, from the sum of their ballots (float64 W, every rank's signal at its
/// position): true when any rank was asked, and then, as agree_on_stop, this rank is marked as
/// asked with the largest signal number. Reads `summed` back. Throws core::ContraError when
/// `summed` is not W entries.
bool agreed_stop(const torch::Tensor& summed, const World& world);

/// The agreement from its largest vote, read back already (`signal`: 0 = no rank was asked): true
/// when a rank was asked, and then this rank is marked as asked with that signal.
bool agreed_stop_signal(int signal);

}  // namespace contra::dist
