// Datasets as in-memory uint8 tensors with int64 labels.
#pragma once

#include <torch/types.h>

#include <string>

#include "contra/config/experiment.h"

namespace contra::data {

/// One split: images uint8 N×C×H×W, labels int64 N in [0, num_classes).
struct Split {
  torch::Tensor images;
  torch::Tensor labels;
  std::int64_t size() const { return images.size(0); }
};

/// A dataset's train and test splits, and the per-channel mean/std used to normalise it.
struct Dataset {
  std::string name;
  Split train;
  Split test;
  /// Training images held out from `train` (data.validation, data/validation.h); empty tensors
  /// when there are none.
  Split validation;
  /// Images without labels that the encoder also trains on, after `train` (STL-10's unlabeled split,
  /// data.train_split = "train+unlabeled"): uint8 M×C×H×W; undefined when there are none. The kNN
  /// monitor and the linear probe use `train` alone.
  torch::Tensor unlabeled;
  std::int64_t num_classes = 10;
  std::vector<std::string> class_names;  ///< label i's name where the dataset names its classes (folder)
  std::vector<double> mean;  ///< per channel, in [0, 1] units
  std::vector<double> std;

  std::int64_t unlabeled_size() const { return unlabeled.defined() ? unlabeled.size(0) : 0; }
  /// The images the encoder trains on: train's, then the unlabeled ones.
  std::int64_t pretrain_size() const { return train.size() + unlabeled_size(); }
};

/// Keeps the first `subset` images of `split` when 0 < subset < its size. Throws ContraError
/// (prefixed with `where`) naming data.<key> when subset is larger than the split.
void keep_first(Split& split, std::int64_t subset, const char* key, const std::string& where);

/// The folder among `candidates` that holds every file in `files` (each a regular file), in order.
/// When none does, throws core::ContraError (prefixed with `where`): where a candidate holds some of
/// the files, the ones it lacks (or that are not regular files); otherwise the files looked for and
/// the candidates as absolute paths; then `advice` (where to get the dataset).
std::string folder_with(const std::vector<std::string>& candidates, const std::vector<std::string>& files,
                        const std::string& dataset, const std::string& where, const std::string& advice);

/// Sets `d`'s normalisation constants from its whole train split (channel_statistics: for datasets
/// whose authors publish none), then keeps the first data.train_subset / data.test_subset images.
/// Throws as keep_first does.
void constants_from_train_then_subset(Dataset& d, const config::DataOptions& options, const std::string& where);

/// An IDX dataset (Fashion-MNIST, MNIST: train-images-idx3-ubyte[.gz] and the three other files
/// under data.root): checks, without reading them, that the four files are there. Throws
/// ContraError (prefixed with `where`, the config location of data.root) saying where it looked,
/// then `advice` (how to install it).
void check_idx_dataset(const config::DataOptions& options, const std::string& where, const std::string& advice);

/// Loads an IDX dataset (as check_idx_dataset finds it), keeping the first train_subset /
/// test_subset images when those are > 0; `mean` and `std` are its published normalisation
/// constants. Throws ContraError when a file is missing, corrupt or truncated, or when images
/// and labels disagree.
Dataset load_idx_dataset(const config::DataOptions& options, const std::string& where, double mean, double std,
                         const std::string& advice);

}  // namespace contra::data
