// Checkpoints: everything a run needs to continue exactly where it stopped (DESIGN.md, "Results
// store": checkpoints sit beside the record). One file, `<dir>/<run id>.ckpt`, written to
// `<run id>.ckpt.tmp` and renamed into place, so a kill at any moment leaves either the previous
// checkpoint or the new one, never half of one. A header line carries the archive's size and
// checksum (FNV-1a 64), so a checkpoint damaged on disk is refused, never resumed from.
//
// It holds the method's parameters and buffers (both encoders, the queue with its pointer, or the
// bank), the optimiser state (SGD momentum buffers), fp16's loss scale, every random stream (LibTorch's global CPU
// generator, the CUDA one when present, the data-order and augmentation streams and the method's
// own), the loop position (epochs done, steps, images seen, accumulated seconds) and the run record
// as far as it was written at that moment, so resuming continues the same record without losing or
// repeating an epoch.
#pragma once

#include <torch/nn/module.h>
#include <torch/optim/optimizer.h>

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

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

/// Writes the checkpoint atomically (temporary file, then rename). Throws core::ContraError naming
/// the path when it cannot be written (the previous checkpoint is then kept).
void save_checkpoint(const std::filesystem::path& path, TrainState& state, const LoopPosition& position,
                     const store::RunRecord& record);

/// What a loaded checkpoint gives back besides the restored state.
struct Restored {
  LoopPosition position;
  store::RunRecord record;  ///< the record as it was when the checkpoint was written
};

/// Loads the checkpoint at `path` into `state` (parameters, buffers, optimiser, generators), moving
/// tensors to `device`. Returns nullopt when there is no checkpoint. Throws core::ContraError naming
/// the path when the file is damaged (header, size or checksum), unreadable, or does not match the
/// run (another method or shape).
std::optional<Restored> load_checkpoint(const std::filesystem::path& path, TrainState& state,
                                        const torch::Device& device);

/// Removes the checkpoint (after the run's record is final); never throws.
void remove_checkpoint(const std::filesystem::path& path) noexcept;

}  // namespace contra::train
