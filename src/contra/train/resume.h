// Resuming a run from its checkpoint (train/checkpoint.h), for start_or_resume (train/run_phases.h):
// read and verify it, check it belongs to this run and this attempt computes as the run started,
// restore it, and, with W ranks, agree on the outcome so that every rank resumes or every rank
// stops with one line. Internal to train/.
#pragma once

#include <optional>

#include "contra/train/checkpoint.h"
#include "contra/train/session.h"

namespace contra::train {

/// Throws core::ContraError, one line naming the checkpoint, when `restored` cannot continue this
/// run bit for bit: another run's checkpoint (its record's run id), another way of computing
/// (check_same_execution), or a loop position that does not fit the run (its epochs and steps
/// against optim.epochs, the steps per epoch and the steps its record holds).
void check_resumable(const Session& s, const Restored& restored);

/// The run's checkpoint restored into the session's state, or nullopt when there is none. Every
/// check comes before any state changes (check_resumable, then apply_checkpoint). Only a
/// checkpoint whose bytes are damaged is set aside as `<id>.ckpt.damaged` (by rank 0, and said only
/// where the rename succeeded); every other refusal leaves it where it is. With W ranks each rank
/// reads it and one all-gather tells every rank whether all could: if one could not, every rank
/// throws, rank 0 with its own line where it failed, else naming the rank that did.
std::optional<Restored> restore_agreed(Session& s);

/// On the CPU, the intra-op threads a resumed run started with (its record's `threads`): their
/// number changes how oneDNN and the reductions split their sums, so a run keeps it, as it keeps
/// its split chunk budget. Returns a note for the progress line when it differs from this
/// attempt's, or nullopt.
std::optional<std::string> keep_recorded_threads(const Session& s, const store::RunRecord& record);

}  // namespace contra::train
