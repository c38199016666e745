#include "contra/train/ranks.h"

#include "contra/core/error.h"

namespace contra::train {

std::string check_backend(const config::Experiment& exp, bool on_cuda) {
  const bool automatic = exp.run.dist_backend == config::DistBackend::automatic;
  const std::string named = config::enum_name(exp.run.dist_backend);
  const std::string backend = automatic ? (on_cuda ? "nccl" : "gloo") : named;
  CONTRA_CHECK((backend == "gloo" && dist::has_gloo()) || (backend == "nccl" && dist::has_nccl()),
               "{}: run.dist_backend = \"{}\"{}: this build of contra has {}", exp.where("run.dist_backend"),
               named, automatic ? " (" + backend + " on this device)" : "",
               dist::has_gloo() && dist::has_nccl() ? "gloo and nccl"
               : dist::has_gloo() ? "gloo only (NCCL needs a CUDA LibTorch and nccl.h when contra is built)"
                                  : "no process group (gloo needs libgloo-dev when contra is built)");
  CONTRA_CHECK(backend != "nccl" || on_cuda,
               "{}: run.dist_backend = \"nccl\" needs run.device on CUDA (it is '{}'); gloo runs on the CPU",
               exp.where("run.dist_backend"), exp.run.device);
  return backend;
}

std::shared_ptr<const dist::World> join_ranks(const config::Experiment& exp, torch::Device& device) {
  auto r = dist::rendezvous_from_environment();
  if (r.world_size == 1) return dist::single_process();
  r.backend = check_backend(exp, device.is_cuda());
  r.timeout = std::chrono::seconds(exp.run.dist_timeout_s);
  device = dist::rank_device(r, device, exp.run.device.rfind("cuda:", 0) == 0);
  if (r.backend == "nccl") r.device = device;
  return dist::World::join(r);
}

void check_splits(const config::Experiment& exp, int world_size) {
  if (world_size == 1) return;
  const std::int64_t w = world_size;
  CONTRA_CHECK(exp.optim.batch % w == 0,
               "{}: optim.batch = {} is the global batch and {} ranks do not divide it: each rank takes batch / world "
               "size images; set optim.batch to a multiple of {}, or use a number of ranks that divides {}",
               exp.where("optim.batch"), exp.optim.batch, w, w, exp.optim.batch);
  CONTRA_CHECK(exp.model.bn_splits % w == 0,
               "{}: model.bn_splits = {} counts the BN groups of the global batch and {} ranks do not divide it: each "
               "rank holds bn_splits / world size whole groups (one process with s splits equals W ranks with s/W); "
               "set model.bn_splits to a multiple of {}",
               exp.where("model.bn_splits"), exp.model.bn_splits, w, w);
  CONTRA_CHECK(exp.optim.batch % exp.model.bn_splits == 0,
               "{}: model.bn_splits = {} does not divide optim.batch = {}: one process would then normalise over "
               "fewer, larger groups than {} ranks can hold; choose a batch that is a multiple of model.bn_splits",
               exp.where("model.bn_splits"), exp.model.bn_splits, exp.optim.batch, w);
}

void check_last_batch(const config::Experiment& exp, std::int64_t n_train, int world_size) {
  if (world_size == 1) return;
  const std::int64_t w = world_size;
  const std::int64_t last = n_train % exp.optim.batch;
  CONTRA_CHECK(exp.data.drop_last || last == 0 || last % exp.model.bn_splits == 0,
               "{}: data.drop_last = false keeps a last batch of {} images ({} images, optim.batch = {}), which {} "
               "ranks with model.bn_splits = {} cannot split as one process does; set data.drop_last = true or change "
               "data.train_subset",
               exp.where("data.drop_last"), last, n_train, exp.optim.batch, w, exp.model.bn_splits);
}

}  // namespace contra::train
