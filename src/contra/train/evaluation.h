// One evaluation of the query encoder during a run (DESIGN.md, "Definitions"): the kNN monitor,
// alignment and uniformity, and at the end of the run the linear probe. The backbone's frozen
// features are read once per evaluation and shared by kNN and the probe.
#pragma once

#include <torch/types.h>

#include <limits>

#include "contra/augment/two_view.h"
#include "contra/config/experiment.h"
#include "contra/dist/world.h"
#include "contra/eval/linear_probe.h"
#include "contra/models/encoder.h"

namespace contra::train {

/// The scores of one evaluation; NaN where not measured, or where the encoder's outputs were not
/// finite (a diverged run).
struct EvalScores {
  double knn_top1 = std::numeric_limits<double>::quiet_NaN();  ///< percent (eval/knn.h)
  double align = std::numeric_limits<double>::quiet_NaN();     ///< L_align, α = 2 (eval/align_uniform.h)
  double uniform = std::numeric_limits<double>::quiet_NaN();   ///< L_uniform, t = 2, mean over the two views
  bool probed = false;                                         ///< the linear probe ran
  eval::LinearProbeResult linear;                              ///< when probed
};

/// Held-out images that alignment and uniformity are measured on: the first 2048 of the split the
/// run evaluates on (eval.split: test or validation)
/// (their cost stays small beside kNN's at every evaluation; Wang & Isola use held-out samples too).
inline constexpr std::int64_t kAlignUniformImages = 2048;

/// The evaluation data of a run (on the run's device) and its settings.
class Evaluator {
 public:
  /// images uint8 N×C×H×W and labels int64 N, on the device the encoder runs on; test_* are the
  /// split evaluated on (eval.split: the test split or the validation split). The references must
  /// outlive the Evaluator. With `world` of W ranks the ranks share every evaluation (the
  /// encoder's passes, the kNN's test rows, the probe's training rows; eval/) and every rank gets
  /// the same scores: every rank must call the same evaluations, with the same encoder weights.
  Evaluator(const config::Experiment& exp, const augment::TwoViewAugment& augment, const torch::Tensor& train_images,
            const torch::Tensor& train_labels, const torch::Tensor& test_images, const torch::Tensor& test_labels,
            std::int64_t num_classes, const dist::World& world);

  /// kNN top-1 only (the random-init baseline). Throws as evaluate does.
  double knn(models::Encoder encoder) const;

  /// kNN top-1, with `align_uniform` alignment and uniformity (NaN with fewer than 2 test images,
  /// or without it), and with `linear_probe` the linear probe on the same frozen features. Throws
  /// core::ContraError when the evaluation, any of its passes, changed the encoder's weights or BN
  /// statistics (eval/features.h).
  EvalScores evaluate(models::Encoder encoder, bool linear_probe, bool align_uniform = true) const;

  /// The linear probe's protocol, for the record and the tables.
  std::string probe_protocol() const { return probe_.describe(); }

 private:
  /// Frozen backbone features of the train and test images (N×F, M×F, not normalised), or
  /// undefined tensors when they are not finite.
  std::pair<torch::Tensor, torch::Tensor> frozen_features(models::Encoder encoder) const;
  double knn_of(const torch::Tensor& train, const torch::Tensor& test) const;

  const config::Experiment& exp_;
  const augment::TwoViewAugment& augment_;
  const torch::Tensor &train_images_, &train_labels_, &test_images_, &test_labels_;
  std::int64_t num_classes_;
  const dist::World& world_;
  eval::LinearProbeOptions probe_;
};

}  // namespace contra::train
