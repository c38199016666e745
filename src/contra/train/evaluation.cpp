#include "contra/train/evaluation.h"

#include <torch/torch.h>

#include <algorithm>
#include <vector>

#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/core/threads.h"
#include "contra/eval/align_uniform.h"
#include "contra/eval/features.h"
#include "contra/eval/knn.h"

namespace contra::train {

namespace {

bool finite(const torch::Tensor& x) { return torch::isfinite(x).all().item<bool>(); }

/// Throws when an evaluation changed the encoder (DESIGN.md, "Linear probe": the check).
void check_unchanged(const models::Encoder& encoder, const std::vector<torch::Tensor>& before) {
  CONTRA_CHECK(eval::unchanged_since(*encoder, before),
               "evaluation changed the encoder's weights or BN statistics while reading its outputs");
}

torch::Tensor unit_rows(const torch::Tensor& x) {
  return torch::nn::functional::normalize(x, torch::nn::functional::NormalizeFuncOptions().dim(1));
}

}  // namespace

Evaluator::Evaluator(const config::Experiment& exp, const augment::TwoViewAugment& augment,
                     const torch::Tensor& train_images, const torch::Tensor& train_labels,
                     const torch::Tensor& test_images, const torch::Tensor& test_labels, std::int64_t num_classes,
                     const dist::World& world)
    : exp_(exp),
      augment_(augment),
      train_images_(train_images),
      train_labels_(train_labels),
      test_images_(test_images),
      test_labels_(test_labels),
      num_classes_(num_classes),
      world_(world) {}

std::pair<torch::Tensor, torch::Tensor> Evaluator::frozen_features(models::Encoder encoder) const {
  const auto pre = [this](const torch::Tensor& x) { return augment_.normalize(x); };  // no augmentation
  auto train = eval::frozen_outputs(encoder, train_images_, pre, exp_.eval.batch, false, world_);  // N×F
  auto test = eval::frozen_outputs(encoder, test_images_, pre, exp_.eval.batch, false, world_);    // M×F
  if (!finite(train) || !finite(test)) return {};
  return {train, test};
}

double Evaluator::knn_of(const torch::Tensor& train, const torch::Tensor& test) const {
  const core::BlasThreadsScope all_cores(torch::get_num_threads());  // mostly one large product per chunk
  return eval::knn_top1(unit_rows(train), train_labels_, unit_rows(test), test_labels_, num_classes_, exp_.eval.knn_k,
                        exp_.eval.knn_t, world_);
}

double Evaluator::knn(models::Encoder encoder) const {
  const auto before = eval::snapshot(*encoder);
  const auto [train, test] = frozen_features(encoder);
  const double top1 = train.defined() ? knn_of(train, test) : std::numeric_limits<double>::quiet_NaN();
  check_unchanged(encoder, before);
  return top1;
}

EvalScores Evaluator::evaluate(models::Encoder encoder, bool linear_probe, bool align_uniform) const {
  const auto before = eval::snapshot(*encoder);
  EvalScores scores;
  const auto [train, test] = frozen_features(encoder);
  if (train.defined()) {
    scores.knn_top1 = knn_of(train, test);
    if (linear_probe) {
      scores.linear = eval::linear_probe(train, train_labels_, test, test_labels_, num_classes_, probe_, world_);
      scores.probed = true;
    }
  }
  // Alignment and uniformity of two augmented views of the first kAlignUniformImages test images;
  // the views come from their own stream (seed, 5), drawn afresh each time: the same views every
  // epoch, and resuming does not move them.
  const auto held_out = test_images_.slice(0, 0, std::min(test_images_.size(0), kAlignUniformImages));
  if (align_uniform && held_out.size(0) >= 2) {
    auto gen = core::make_generator(static_cast<std::uint64_t>(exp_.run.seed), 5);
    const auto view = [&](const torch::Tensor& x) { return augment_.view(x, gen); };
    const auto a = eval::frozen_outputs(encoder, held_out, view, exp_.eval.batch, true, world_);  // M×dim
    const auto b = eval::frozen_outputs(encoder, held_out, view, exp_.eval.batch, true, world_);  // M×dim
    if (finite(a) && finite(b)) {
      scores.align = eval::alignment(a, b);
      scores.uniform = 0.5 * (eval::uniformity(a) + eval::uniformity(b));
    }
  }
  check_unchanged(encoder, before);
  return scores;
}

}  // namespace contra::train
