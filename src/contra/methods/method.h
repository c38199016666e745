// The interface every mechanism implements (DESIGN.md, "methods/"). A method owns its encoders
// and its negatives store; the training loop (train/) owns the optimiser, data and records.
#pragma once

#include <torch/nn/module.h>
#include <torch/types.h>

#include <ATen/core/Generator.h>

#include <string>
#include <utility>
#include <vector>

#include "contra/losses/info_nce.h"
#include "contra/models/encoder.h"

namespace contra::methods {

/// What one training step returns to the loop.
struct StepOutput {
  torch::Tensor loss;        ///< scalar with gradients
  torch::Tensor correct;     ///< 0-d count of queries whose positive has the top logit (pretext accuracy)
  std::int64_t queries = 0;  ///< number of queries `correct` is out of
  torch::Tensor embeddings;  ///< N×D normalised query embeddings, detached (collapse detection)
};

class Method : public torch::nn::Module {
 public:
  /// One step on two augmented views of the same N images. view_q, view_k: N×C×H×W float on the
  /// method's device (view_k is undefined when views() == 1); index: N int64 dataset indices of
  /// the images (memory bank rows).
  virtual StepOutput forward_step(const torch::Tensor& view_q, const torch::Tensor& view_k,
                                  const torch::Tensor& index) = 0;
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
  /// The loss at chance at batch size `batch`, for the fail rule (train/failure.h): InfoNCE's
  /// ln(1 + negatives); a method with another loss says its own.
  virtual double chance_loss(std::int64_t batch) const { return losses::info_nce_chance_loss(negatives(batch)); }
  /// Augmented views per image and step: 2, or 1 when the positive comes from a store.
  virtual int views() const { return 2; }
  /// Bytes held by the negatives store (queue D×K, bank n×D); 0 when negatives come from the batch.
  virtual std::int64_t negatives_store_bytes() const = 0;
  /// Encoder forward passes per image and step with gradients, and without (for FLOPs per step).
  virtual std::int64_t forwards_with_grad() const = 0;
  virtual std::int64_t forwards_without_grad() const = 0;
  /// Counted training FLOPs of one step at batch size `batch` on H×W images (README, "Cost"): an
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
};

}  // namespace contra::methods
