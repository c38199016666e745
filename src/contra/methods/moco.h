// MoCo: a queue of negatives encoded by a momentum encoder (He et al., Momentum Contrast for
// Unsupervised Visual Representation Learning, CVPR 2020, arXiv:1911.05722, §3.2 and Alg. 1).
#pragma once

#include <ATen/core/Generator.h>
#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>

#include "contra/config/options.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// The queue of negatives: a D×K buffer of keys with a write pointer, holding the newest K keys.
/// Its first fill is random unit vectors. A batch that runs past the end continues at the start,
/// so K need not divide the batch (the official code asserts K % batch == 0; we do not).
class KeyQueueImpl : public torch::nn::Module {
 public:
  /// dim D >= 1, size K >= 1; the first fill is drawn from `gen` (on CPU) and normalised.
  KeyQueueImpl(std::int64_t dim, std::int64_t size, at::Generator& gen);

  /// Writes keys N×D (L2-normalised) at the pointer, wrapping past the end, and advances the
  /// pointer by N mod K. When N > K only the newest K keys are kept.
  void enqueue(const torch::Tensor& keys);

  /// The queue, D×K, in storage order (not age order).
  const torch::Tensor& keys() const { return queue_; }
  /// The next column to write, in [0, K).
  std::int64_t pointer() const { return ptr_; }
  std::int64_t size() const { return queue_.size(1); }
  /// Reads the pointer back from the buffer after a checkpoint was loaded.
  void sync_pointer();

 private:
  torch::Tensor queue_;       // D×K
  torch::Tensor ptr_buffer_;  // 1-element int64, saved in checkpoints
  std::int64_t ptr_ = 0;
};
TORCH_MODULE(KeyQueue);

/// MoCo's [method] keys, with MoCo v1's defaults (arXiv:1911.05722).
struct MocoOptions {
  std::int64_t queue = 65536;  ///< K: size of the queue of negatives (MoCo v1 §3.2)
  double momentum = 0.999;     ///< m in θk ← m·θk + (1−m)·θq (MoCo v1 Eq. 2)
  double temperature = 0.07;   ///< τ of InfoNCE (MoCo v1 Eq. 1)
  bool shuffle_bn = true;      ///< shuffle the key batch across BN splits (MoCo v1 §3.3)
  bool symmetric = false;      ///< symmetrised loss, both views as query (MoCo CIFAR demo)
  /// Allow a queue of K >= the training images: the queue then holds keys of the query's own image
  /// among its negatives (an older view of the positive), so it is refused unless this is true.
  /// Not part of the run id: it only lifts a check.
  bool allow_own_keys = false;

  template <class V>
  void visit(V& v) {
    v("queue", queue);
    v("momentum", momentum);
    v("temperature", temperature);
    v("shuffle_bn", shuffle_bn);
    v("symmetric", symmetric);
    v("allow_own_keys", allow_own_keys, config::kExecution);
  }
};

/// MoCo with query encoder f_q, key encoder f_k (momentum copy of f_q), a KeyQueue and InfoNCE.
/// Keys are encoded without gradients; with shuffle_bn the key batch is permuted before the key
/// encoder and restored after, so that with SplitBatchNorm (model.bn_splits > 1) a query and its
/// key see different BN sub-batches (§3.3 "Shuffling BN").
class Moco : public Method {
 public:
  using Options = MocoOptions;
  /// Throws ContraError on invalid options (validate()).
  Moco(const config::ModelOptions& model, const MocoOptions& options, const DataShape& data, std::uint64_t seed);

  /// queue >= 1, m in [0, 1], τ > 0. Throws ContraError naming key and value.
  static void validate(const MocoOptions& options, const config::Checks& checks);
  /// A queue of K >= train_images would hold keys of each query's own image as negatives: refused
  /// unless allow_own_keys. Throws ContraError naming the queue, its value and the image count.
  static void check_against_data(const MocoOptions& options, std::int64_t train_images, const config::Checks& checks);
  /// "moco with queue K = …, m = …, shuffle BN …".
  static std::string describe(const DistinctValues& values);

  StepOutput forward_step(const Batch& batch) override;
  /// θk ← m·θk + (1−m)·θq, then enqueue the step's keys.
  void after_optimizer_step() override;
  models::Encoder query_encoder() override { return encoder_q_; }
  std::vector<torch::Tensor> trainable_parameters() override { return encoder_q_->parameters(); }
  std::int64_t negatives(std::int64_t) const override { return queue_->size(); }
  std::int64_t dictionary_size(std::int64_t) const override { return queue_->size(); }
  std::int64_t logit_pairs(std::int64_t batch) const override {
    return batch * (1 + queue_->size()) * (options_.symmetric ? 2 : 1);
  }
  std::int64_t negatives_store_bytes() const override;
  std::int64_t forwards_with_grad() const override { return options_.symmetric ? 2 : 1; }
  std::int64_t forwards_without_grad() const override { return options_.symmetric ? 2 : 1; }
  std::vector<std::pair<std::string, at::Generator>> generators() override { return {{"bn_shuffle", shuffle_gen_}}; }
  void after_state_loaded() override { queue_->sync_pointer(); }
  std::string last_batch_note() const override { return "its keys are enqueued like any other batch's"; }

  models::Encoder key_encoder() { return encoder_k_; }
  KeyQueue queue() { return queue_; }
  bool reads_global_views() const override { return options_.shuffle_bn; }

 private:
  /// Keys for this rank's share x of a view, whose global batch is `all` (undefined: gathered):
  /// the N×D keys of the global batch (dist/batch_shard.h), no gradients, optionally through
  /// shuffled BN.
  torch::Tensor encode_keys(const torch::Tensor& x, const torch::Tensor& all);
  /// InfoNCE of queries q against keys k and the queue.
  StepOutput contrast(const torch::Tensor& q, const torch::Tensor& k);

  MocoOptions options_;
  models::Encoder encoder_q_{nullptr};
  models::Encoder encoder_k_{nullptr};
  KeyQueue queue_{nullptr};
  at::Generator shuffle_gen_;
  torch::Tensor pending_keys_;  // keys of the current step, enqueued after the optimiser step
};

}  // namespace contra::methods
