// A run on several processes (DESIGN.md, "Scale"): joining its ranks, and the rules that keep the
// world size an execution detail. optim.batch is the global batch and model.bn_splits the BN
// groups in it, so one process with batch B and s splits computes what W ranks with B/W and s/W
// splits each compute; the run id does not depend on W.
#pragma once

#include <torch/types.h>

#include <memory>
#include <string>

#include "contra/config/experiment.h"
#include "contra/dist/world.h"

namespace contra::train {

/// The process group this process belongs to: the one the environment describes
/// (dist::rendezvous_from_environment: torchrun's variables, or an srun step's), formed with
/// run.dist_backend (auto: gloo on CPU, NCCL on CUDA) and run.dist_timeout_s; the one-process World
/// when the environment names none. On CUDA with several ranks, `device` becomes the rank's own GPU
/// (dist::rank_device). Throws core::ContraError with one line when a variable is malformed, the
/// backend is not in this build, two NCCL ranks would share a GPU, or the rendezvous fails within
/// the timeout.
std::shared_ptr<const dist::World> join_ranks(const config::Experiment& exp, torch::Device& device);

/// The process group run.dist_backend names for a run on CUDA or not (auto: NCCL on CUDA, gloo
/// otherwise). Throws core::ContraError naming the file and key when this build lacks it or when
/// NCCL is asked for off CUDA.
std::string check_backend(const config::Experiment& exp, bool on_cuda);

/// Refuses an experiment that W ranks cannot split as one process computes it: W must divide
/// optim.batch and model.bn_splits (each rank holds bn_splits/W whole BN groups), and
/// model.bn_splits optim.batch. Throws core::ContraError naming the file, the key, its value and
/// W. Nothing for W = 1.
void check_splits(const config::Experiment& exp, int world_size);

/// With data.drop_last = false, the epoch's last batch (n_train mod optim.batch images) must split
/// into whole BN groups as well. Throws core::ContraError naming data.drop_last. Nothing for W = 1.
void check_last_batch(const config::Experiment& exp, std::int64_t n_train, int world_size);

}  // namespace contra::train
