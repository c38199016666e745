// How long this process has spent inside the collectives of its World (dist/world.h): the
// communication, and the wait for the slowest rank, of a run on several processes. A run records
// it (summary collective_seconds) beside its training time, so the communication share of a step
// is read from the record. On NCCL the collectives return once enqueued on NCCL's stream
// (dist::World::enqueues), so there this clock measures enqueue time only, and the run records it
// as collective_enqueue_seconds instead.
#pragma once

namespace contra::dist {

/// Seconds spent in World's collectives by this process since it started (0 for one process).
double collective_seconds();

}  // namespace contra::dist
