// The interface every mechanism implements (DESIGN.md, "methods/"). A method owns its encoders
// and its negatives store; the training loop (train/) owns the optimiser, data and records.
#pragma once

#include <torch/nn/module.h>
#include <torch/types.h>

#include <ATen/core/Generator.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/checks.h"
#include "contra/dist/world.h"
#include "contra/losses/info_nce.h"
#include "contra/models/encoder.h"

namespace contra::methods {

/// What a method needs to know about the data it will see.
struct DataShape {
  std::int64_t in_channels = 1;   ///< image channels
  std::int64_t train_size = 0;    ///< training images (memory bank rows)
  std::int64_t num_classes = 10;  ///< label classes (the supervised classifier)
  std::int64_t height = 0, width = 0;  ///< image size in pixels (the raw-pixel baseline's features)
};

/// One training step's input: two augmented views of the same N images, and what the dataset
/// knows of them.
struct Batch {
  torch::Tensor view_q;  ///< N×C×H×W float on the method's device
  torch::Tensor view_k;  ///< N×C×H×W, the second view; undefined when views() == 1
  torch::Tensor index;   ///< N int64 dataset indices of the images (memory bank rows)
  torch::Tensor labels;  ///< N int64 class labels; only `supervised` reads them
  /// With W ranks the fields above are this rank's share (N = the global batch / W, dist/batch_shard.h)
  /// and these the global batch's views, which every rank holds (train/step.cpp): shuffling BN
  /// permutes them without gathering the images. For one process they are view_q and view_k;
  /// undefined (a caller that does not have them) means: gather the shares.
  torch::Tensor all_q{}, all_k{};  // {}: callers that leave them out get no missing-initializer warning
};

/// For a table's header: the distinct values a key takes over a group of runs, as text
/// ("4096 / 16384"); report/tables/setting.h provides it.
using DistinctValues = std::function<std::string(const std::string& key)>;

/// What one training step returns to the loop.
struct StepOutput {
  torch::Tensor loss;        ///< scalar with gradients
  torch::Tensor correct;     ///< 0-d count of queries whose positive has the top logit (pretext accuracy)
  std::int64_t queries = 0;  ///< number of queries `correct` is out of
  torch::Tensor embeddings;  ///< N×D normalised query embeddings, detached (collapse detection)
};

/// The options of a method that reads no [method] key (the baselines).
struct NoOptions {
  template <class V>
  void visit(V&) {}
};

/// τ > 0: the check every contrastive method makes of method.temperature.
inline void check_temperature(double temperature, const config::Checks& checks) {
  checks.positive("method.temperature", temperature, "τ");
}

/// A mechanism. Besides the virtual functions below, each method class declares what the registry
/// (methods/registry.h) needs before it is built:
///  - `using Options = ...;` the [method] keys it reads: a struct with the paper's defaults, a `///`
///    line each, and visit() (config/method_schema.h);
///  - `static void validate(const Options&, const config::Checks&)`: their range checks;
///  - `static std::string describe(const DistinctValues&)`: one line for a table's header (its
///    negatives per query and what K means for it);
///  - optionally `static constexpr bool kTrainsOnLabels = true`: its step reads the labels, so it
///    cannot train on images without them;
///  - optionally `static void check_against_data(const Options&, std::int64_t train_images,
///    const config::Checks&)`: the checks that need the data's size;
///  - a constructor (const config::ModelOptions&, const Options&, const DataShape&, std::uint64_t seed).
class Method : public torch::nn::Module {
 public:
  /// The default: nothing to check against the data.
  template <class Options>
  static void check_against_data(const Options&, std::int64_t, const config::Checks&) {}
  /// The default: the step reads no labels (a method that does declares it true).
  static constexpr bool kTrainsOnLabels = false;

  /// Whether the method trains. A baseline that only evaluates (raw pixels, the random-init
  /// encoder: DESIGN.md "Baselines") says false: the run evaluates its query encoder once, with
  /// the kNN monitor and the linear probe, and records that as its result; no step is taken.
  virtual bool trains() const { return true; }
  /// Whether forward_step reads Batch::all_q / all_k, the global batch's views (shuffling BN across
  /// ranks); the step puts them in the backbones' memory order only then.
  virtual bool reads_global_views() const { return false; }

  /// One step on `batch` (views on the method's device).
  virtual StepOutput forward_step(const Batch& batch) = 0;
  /// Called after each optimiser step: momentum updates, enqueues, bank writes.
  virtual void after_optimizer_step() = 0;
  /// The encoder whose features are evaluated (the query encoder).
  virtual models::Encoder query_encoder() = 0;
  /// The parameters the optimiser updates.
  virtual std::vector<torch::Tensor> trainable_parameters() = 0;
  /// Negatives per query at batch size `batch`.
  virtual std::int64_t negatives(std::int64_t batch) const = 0;
  /// The dictionary size K of MoCo's Fig. 3 at batch size `batch`: the queue (MoCo), the sampled
  /// negatives (memory bank), the batch (end-to-end, SimCLR).
  virtual std::int64_t dictionary_size(std::int64_t batch) const = 0;
  /// Query–key dot products per step at batch size `batch` (positives and negatives), for FLOPs.
  virtual std::int64_t logit_pairs(std::int64_t batch) const = 0;
  /// The fail rule's inputs (train/failure.h). The loss at chance at batch size `batch`: InfoNCE's
  /// ln(1 + negatives); a method with another loss says its own.
  virtual double chance_loss(std::int64_t batch) const { return losses::info_nce_chance_loss(negatives(batch)); }
  /// The width D of StepOutput::embeddings, for the collapse threshold 0.1/√D: the query
  /// encoder's output dimension; a method that hands other embeddings says their width.
  virtual std::int64_t embedding_dim() { return query_encoder()->dim(); }
  /// Augmented views per image and step: 2, or 1 when the positive comes from a store.
  virtual int views() const { return 2; }
  /// Bytes held by the negatives store (queue D×K, bank n×D); 0 when negatives come from the batch.
  virtual std::int64_t negatives_store_bytes() const = 0;
  /// Encoder forward passes per image and step with gradients, and without (for FLOPs per step).
  virtual std::int64_t forwards_with_grad() const = 0;
  virtual std::int64_t forwards_without_grad() const = 0;
  /// Counted training FLOPs of one step at batch size `batch` on H×W images (docs/results-store.md, "Cost"): an
  /// encoder pass with gradients costs 3× its forward FLOPs F (backward ≈ 2×), one without costs
  /// 1×, and the logits cost 2·D per query–key pair, forward and backward (3×):
  /// batch·F·(3·n_grad + n_nograd) + 3·2·D·pairs. FLOPs count 2 per multiply-accumulate.
  std::int64_t train_flops_per_step(std::int64_t batch, std::int64_t height, std::int64_t width) {
    const auto encoder = query_encoder();
    return batch * encoder->forward_flops(height, width) * (3 * forwards_with_grad() + forwards_without_grad()) +
           3 * 2 * encoder->dim() * logit_pairs(batch);
  }
  /// What happens to the last, smaller batch of an epoch when it is kept (for the run record).
  virtual std::string last_batch_note() const { return "trained on like any other batch"; }
  /// The method's own random streams (BN shuffles, bank sampling), by name, so a checkpoint can
  /// save and restore their states. The handles share state with the method's generators.
  virtual std::vector<std::pair<std::string, at::Generator>> generators() { return {}; }
  /// Called after a checkpoint has loaded the parameters and buffers (the queue pointer is a
  /// buffer; a method that caches buffer values refreshes them here).
  virtual void after_state_loaded() {}

  /// The run's ranks (dist/world.h), set by the training loop before the first step; one process
  /// until then. With W > 1 a Batch holds this rank's share of the global batch (dist/batch_shard.h)
  /// and the method gathers what its negatives need from the other ranks.
  void set_world(std::shared_ptr<const dist::World> world) { world_ = std::move(world); }
  const dist::World& world() const { return *world_; }

  /// The run's length in optimiser steps, set by the training loop before the first step (a method
  /// whose schedule follows the run reads it: BYOL's target momentum); 0 until then.
  void set_total_steps(std::int64_t steps) { total_steps_ = steps; }
  std::int64_t total_steps() const { return total_steps_; }

 private:
  std::shared_ptr<const dist::World> world_ = dist::single_process();
  std::int64_t total_steps_ = 0;
};

}  // namespace contra::methods
