// The training step (DESIGN.md, "The main job, end to end"): two augmented views -> encoders ->
// the method's negatives and loss -> backward -> SGD -> the mechanism's update. One function, so
// that what a step does is read in one place (data-parallel training hooks its gradient all-reduce
// and its gathers here).
#pragma once

#include <ATen/core/Generator.h>
#include <torch/optim/sgd.h>
#include <torch/types.h>

#include <cstdint>

#include "contra/augment/two_view.h"
#include "contra/core/precision.h"
#include "contra/dist/world.h"
#include "contra/methods/method.h"
#include "contra/train/loss_scaler.h"

namespace contra::train {

/// What a step leaves behind for the loop, on the run's device: none of it has been read back, so
/// the step never waits for the device (train/step_window.h reads them back in batches).
struct StepScalars {
  torch::Tensor loss;           ///< 0-d, the step's loss, detached
  torch::Tensor correct;        ///< 0-d count of queries whose positive had the top logit
  torch::Tensor embedding_std;  ///< 0-d mean per-dimension std of the normalised query embeddings
  std::int64_t queries = 0;     ///< the queries `correct` is out of (known on the host)
  bool stop = false;            ///< one process: a stop signal reached it; stop after this step
  torch::Tensor stop_votes;     ///< W ranks: 0-d float64, the largest signal number any rank voted in this step (0:
                                ///< none), all-reduced with the scalars (dist/stop_agreement.h) and read back with
                                ///< them, so every rank stops at the same read-back; undefined for one process
};

/// The parts of a run a step reads and changes.
struct StepParts {
  methods::Method& method;
  torch::optim::SGD& optimizer;
  const augment::TwoViewAugment& augment;
  at::Generator& augment_gen;   ///< the augmentation stream
  const torch::Tensor& images;  ///< the train split, uint8 n×C×H×W on the run's device
  const torch::Tensor& labels;  ///< its labels, int64 n on the run's device (supervised reads them)
  const dist::World& world;     ///< the run's ranks (one process for most runs)
  core::Precision precision = core::Precision::fp32;  ///< the forward pass and loss under autocast unless fp32
  LossScaler* scaler = nullptr;                       ///< fp16's loss scaler; nullptr otherwise
  bool channels_last = false;                         ///< views in NHWC memory order (CUDA conv backbones)
};

/// Sets the learning rate of every parameter group.
void set_lr(torch::optim::SGD& optimizer, double lr);

/// With W ranks, `index` is the global batch on every rank: each augments all N images from the
/// shared stream (so the views equal one process's) and trains on its share (dist/batch_shard.h);
/// the gradients are averaged over the ranks before the optimiser step and the BN running
/// statistics after the method's update, and the scalars returned are the global batch's: one
/// all-reduce carries the loss, the count and every rank's stop vote.
/// One training step on the images at `index` (int64 N, on the run's device) with learning rate
/// `lr`: augment (two views, or one when the positive comes from a store; float32, outside
/// autocast) -> the method's forward pass (encoders, negatives, loss) under autocast at
/// `parts.precision` -> backward -> optimiser step -> the method's update after it (momentum
/// encoder, queue, bank rows; float32, outside autocast). With fp16 the backward runs on the
/// scaled loss and the step is skipped when a gradient is inf/NaN (train/loss_scaler.h). Nothing in
/// it copies to the host or waits for the device, except fp16's one read-back of that check, with
/// one process or W: on NCCL its collectives are stream-ordered (dist::StreamOrdered), the stop
/// votes ride in the scalars' all-reduce on the device, and the loop reads them back with the
/// scalars once per log window (train/step_window.h), after World::settle. On gloo (CPU tensors)
/// each collective blocks until the ranks meet, as a CPU step computes anyway.
StepScalars train_step(StepParts& parts, const torch::Tensor& index, double lr);

}  // namespace contra::train
