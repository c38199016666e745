// What a run holds while it trains, for the phases of run_experiment (train/run_phases.h): the
// run's data, method, optimiser and random streams (Session), and where its loop stands (Loop).
// Internal to train/: the public API is trainer.h.
#pragma once

#include <torch/optim/sgd.h>

#include <chrono>
#include <filesystem>
#include <limits>
#include <memory>
#include <string>

#include "contra/augment/two_view.h"
#include "contra/config/experiment.h"
#include "contra/core/device.h"
#include "contra/core/precision.h"
#include "contra/core/progress.h"
#include "contra/data/dataset.h"
#include "contra/dist/world.h"
#include "contra/methods/method.h"
#include "contra/train/checkpoint.h"
#include "contra/train/evaluation.h"
#include "contra/train/failure.h"
#include "contra/train/loss_scaler.h"
#include "contra/train/recorder.h"
#include "contra/train/trainer.h"

namespace contra::train {

using Clock = std::chrono::steady_clock;
inline double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// The run's data and method, and how it computes, before anything is written.
struct Prepared {
  data::Dataset data;
  std::shared_ptr<methods::Method> method;  ///< on the run's device (NHWC weights under channels_last)
  core::Precision precision = core::Precision::fp32;  ///< as chosen (core/precision_choice.h), never auto
  std::string precision_rule;                         ///< why (core::PrecisionChoice::why)
  core::AlgorithmSettings algorithms;  ///< as applied (core::configure_algorithms)
};

/// Everything a run holds while it trains. Built once the run's lock is held; it neither moves
/// nor copies (the evaluator and the checkpoint's TrainState refer to its members).
struct Session {
  /// `prepared` holds the loaded (and checked) dataset and the method, already on `device`.
  /// `world` is the run's group of processes (one for most runs): only its rank 0 writes records,
  /// checkpoints and the progress line.
  Session(const config::Experiment& experiment, const RunContext& context, std::string run_id, torch::Device device,
          std::shared_ptr<const dist::World> world, Prepared prepared);
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  const config::Experiment& exp;
  const RunContext& ctx;
  const std::string run_id;
  const torch::Device device;
  const std::shared_ptr<const dist::World> world;
  data::Dataset data;
  /// On the device. test_* are what the run evaluates on: the test split, or the validation split
  /// under eval.split = "validation" (its name kept: the evaluator's held-out images).
  torch::Tensor train_images, train_labels, test_images, test_labels;
  /// What the encoder trains on, on the device: the train split, then data.unlabeled; the labels
  /// are train_labels, or undefined when some images have none.
  torch::Tensor pretrain_images, pretrain_labels;
  std::shared_ptr<methods::Method> method;
  core::Precision precision;           ///< run.precision as chosen (core/precision_choice.h), never auto
  std::string precision_rule;          ///< why it was chosen, recorded beside it
  core::AlgorithmSettings algorithms;  ///< deterministic, cuDNN benchmark, TF32, channels_last, as applied
  std::shared_ptr<LossScaler> scaler;  ///< fp16 only; nullptr otherwise
  augment::TwoViewAugment augment;     ///< its constants on the device
  Recorder recorder;
  Evaluator evaluator;  ///< over the tensors above
  std::int64_t steps_per_epoch;
  torch::optim::SGD optimizer;
  at::Generator data_gen;     ///< the batch order (stream 0)
  at::Generator augment_gen;  ///< the augmentation (stream 1)
  /// data_gen's state at the current epoch's start (the same stream, so equal to it before epoch 1):
  /// what a checkpoint saves, so a resumed epoch draws the same batch order.
  at::Generator epoch_start_gen;
  TrainState state;                  ///< what a checkpoint saves and restores: the method, optimiser and streams
  std::filesystem::path checkpoint;  ///< <out_dir>/<run id>.ckpt
};

/// Where the loop stands, and what it reports at the end.
struct Loop {
  /// Starts at `position` (a fresh run's zero, or a checkpoint's); the progress line is labelled
  /// with the method, the sweep axes (their values from the config) and the seed.
  Loop(Session& s, const LoopPosition& position);

  /// Whether this process prints: not --quiet, and rank 0 of its run.
  bool speaks = true;

  /// Marks the start of this attempt's training (elapsed_seconds counts from here, on top of the
  /// attempts before).
  void begin_attempt();
  /// The run's wall time so far, over every attempt (s).
  double elapsed_seconds() const { return elapsed_before + seconds_since(attempt_start); }

  LoopPosition pos;  ///< checkpointed
  FailInputs fail;   ///< what the fail rule sees
  RunResult result;  ///< status "complete" until something else happens
  core::ProgressLine progress;
  Clock::time_point attempt_start = Clock::now();
  double elapsed_before = 0;  ///< pos.elapsed_seconds when this attempt began training
};

}  // namespace contra::train
