// Checkpoints: everything a run needs to continue exactly where it stopped (DESIGN.md, "Results
// store": checkpoints sit beside the record). One file, `<dir>/<run id>.ckpt`, written to
// `<run id>.ckpt.tmp` and renamed into place, so a kill at any moment leaves either the previous
// checkpoint or the new one, never half of one. A header line carries the archive's size and
// checksum (FNV-1a 64), so a checkpoint damaged on disk is refused, never resumed from.
//
// It holds the method's parameters and buffers (both encoders, the queue with its pointer, or the
// bank), the optimiser state (SGD momentum buffers), fp16's loss scale, every random stream the run
// draws from (LibTorch's global CPU generator, on CUDA the global generator of the run's own GPU,
// the data-order and augmentation streams and the method's own), the loop position (epochs done, steps, images seen, accumulated seconds) and the run record
// as far as it was written at that moment, so resuming continues the same record without losing or
// repeating an epoch.
#pragma once

#include <torch/nn/module.h>
#include <torch/optim/optimizer.h>
#include <torch/serialize/input-archive.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "contra/core/error.h"
#include "contra/methods/method.h"
#include "contra/store/run_record.h"

namespace contra::train {

/// Where the training loop stands: at the end of an epoch (batches_done = 0), or inside one after
/// a stop signal (the epoch's sums so far, to finish its averages exactly).
struct LoopPosition {
  std::int64_t epochs_done = 0;   ///< completed epochs
  std::int64_t step = 0;          ///< optimiser steps taken
  std::int64_t images_seen = 0;   ///< training images consumed
  double train_seconds = 0;       ///< seconds spent in training steps (s)
  double eval_seconds = 0;        ///< seconds spent in the kNN monitor (s)
  double elapsed_seconds = 0;     ///< wall time of the run so far, over every attempt (s)
  std::int64_t batches_done = 0;  ///< batches of epoch epochs_done + 1 already trained
  double loss_sum = 0;            ///< sum of those batches' losses
  double correct = 0;             ///< their queries whose positive had the top logit
  double queries = 0;             ///< their queries
  double std_sum = 0;             ///< sum of their embeddings' mean per-dimension std
  double epoch_seconds = 0;       ///< wall time spent in that epoch so far (s)
};

/// The live state a checkpoint saves and restores. The generators are handles that share state with
/// the loop's own (at::Generator is reference-counted); the data-order stream is saved as it was at
/// the start of the current epoch, so a resumed epoch draws the same batch order.
struct TrainState {
  methods::Method& method;
  torch::optim::Optimizer& optimizer;
  std::vector<std::pair<std::string, at::Generator>> generators;  ///< the loop's streams (data, augment)
  torch::nn::Module* loss_scaler = nullptr;  ///< fp16's loss scaler (its scale and counters), when the run has one
};

/// `<dir>/<run_id>.ckpt`.
std::filesystem::path checkpoint_path(const std::filesystem::path& dir, const std::string& run_id);

/// Writes the checkpoint of a run on `device` atomically (temporary file, then rename). Throws
/// core::ContraError naming the path when it cannot be written (the previous checkpoint is then kept).
void save_checkpoint(const std::filesystem::path& path, TrainState& state, const LoopPosition& position,
                     const store::RunRecord& record, const torch::Device& device);

/// A checkpoint whose bytes are damaged: its archive's size or checksum is not the one its header
/// names (a file without that header is not a checkpoint, and is refused as core::ContraError). The only refusal after
/// which the file is set aside (train/run_start.cpp): every other one leaves it where it is.
class CheckpointDamaged : public core::ContraError {
 public:
  using core::ContraError::ContraError;
};

/// A checkpoint read and verified, not yet applied to a run's state.
struct Restored {
  LoopPosition position;
  store::RunRecord record;  ///< the record as it was when the checkpoint was written
  std::shared_ptr<torch::serialize::InputArchive> archive;  ///< the rest, for apply_checkpoint
};

/// Reads and verifies the checkpoint at `path`, tensors mapped to `device`: nullopt when there is
/// none. Throws CheckpointDamaged when its bytes are damaged, core::ContraError naming the path when
/// they hold but LibTorch cannot read them or its format is not this build's.
std::optional<Restored> read_checkpoint(const std::filesystem::path& path, const torch::Device& device);

/// Restores `restored` into `state` (parameters, buffers, optimiser, fp16's loss scale, random
/// streams) for a run on `device`. Every stream the run draws from must be in the checkpoint, and
/// is checked before anything changes; a stream it holds that this run does not draw from (another
/// GPU's) is ignored. Throws core::ContraError, one line naming `path`, when a stream is missing
/// (resuming would not be bit for bit) or the state does not fit the run (another method or shape).
void apply_checkpoint(const std::filesystem::path& path, const Restored& restored, TrainState& state,
                      const torch::Device& device);

/// read_checkpoint, then apply_checkpoint.
std::optional<Restored> load_checkpoint(const std::filesystem::path& path, TrainState& state,
                                        const torch::Device& device);

/// The names in `needed` that `saved` lacks, in `needed`'s order: the random streams a resume
/// cannot restore.
std::vector<std::string> missing_rng_states(const std::vector<std::string>& saved,
                                            const std::vector<std::string>& needed);

/// Testing aid: while one is alive, save_checkpoint also writes the `add` streams and leaves out
/// those named in `drop` ("global_cpu", "global_cuda", "data", "method_shuffle", ...), so that a
/// test on a CPU can make a checkpoint as another machine shape would write it.
struct RngEntriesForTesting {
  RngEntriesForTesting(std::vector<std::pair<std::string, torch::Tensor>> added, std::vector<std::string> dropped);
  ~RngEntriesForTesting();
  RngEntriesForTesting(const RngEntriesForTesting&) = delete;
  RngEntriesForTesting& operator=(const RngEntriesForTesting&) = delete;
  std::vector<std::pair<std::string, torch::Tensor>> add;
  std::vector<std::string> drop;
};

/// Removes the checkpoint (after the run's record is final); never throws.
void remove_checkpoint(const std::filesystem::path& path) noexcept;

}  // namespace contra::train
