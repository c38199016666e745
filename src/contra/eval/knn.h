// The weighted kNN monitor (Wu et al., InstDisc, CVPR 2018, arXiv:1805.01978, §3.4; the MoCo
// CIFAR demo): cosine similarity to the L2-normalised training features, the k nearest vote with
// weight exp(s/t) summed per class, top-1 on the test split.
#pragma once

#include <torch/types.h>

#include "contra/dist/world.h"

namespace contra::eval {

/// Predicted classes for `test` (M×F) from the bank `train` (N×F) with labels `train_labels` (N,
/// int64 in [0, num_classes)). Features must be L2-normalised; k is clipped to N. Computed in
/// chunks of `chunk` test rows, on the features' device. Returns M int64.
/// Throws ContraError when k < 1, t <= 0 or the shapes disagree.
torch::Tensor knn_predict(const torch::Tensor& train, const torch::Tensor& train_labels, const torch::Tensor& test,
                          std::int64_t num_classes, std::int64_t k, double t, std::int64_t chunk = 512);

/// Top-1 accuracy in percent of knn_predict against `test_labels`.
double knn_top1(const torch::Tensor& train, const torch::Tensor& train_labels, const torch::Tensor& test,
                const torch::Tensor& test_labels, std::int64_t num_classes, std::int64_t k, double t,
                std::int64_t chunk = 512);

/// knn_top1 with the test rows shared over the ranks of `world`: every rank holds the whole bank
/// and test set, predicts its rows of the test set (dist/row_share.h), and one all-reduce sums the
/// correct counts. Every rank calls it and gets the same value, one process's. Throws as knn_top1
/// does, and core::ContraError as World's collectives do.
double knn_top1(const torch::Tensor& train, const torch::Tensor& train_labels, const torch::Tensor& test,
                const torch::Tensor& test_labels, std::int64_t num_classes, std::int64_t k, double t,
                const dist::World& world, std::int64_t chunk = 512);

}  // namespace contra::eval
