// STL-10, the official binary version (Coates, Lee, Ng, "An Analysis of Single-Layer Networks in
// Unsupervised Feature Learning", AISTATS 2011; https://cs.stanford.edu/~acoates/stl10/): 96×96
// colour images, each stored as 3 channels (R, G, B) of 96×96 bytes in column-major order; labels
// one byte each, 1 to 10. Files: train_X.bin / train_y.bin (5 000), test_X.bin / test_y.bin
// (8 000), unlabeled_X.bin (100 000, no labels).
#pragma once

#include <torch/types.h>

#include <string>

#include "contra/config/experiment.h"
#include "contra/data/dataset.h"

namespace contra::data {

/// What the encoder trains on: the labelled train split, or it and the unlabeled split.
enum class TrainSplit { train, train_and_unlabeled };
inline const std::vector<std::string>& names_of(TrainSplit) {
  static const std::vector<std::string> names = {"train", "train+unlabeled"};
  return names;
}

/// STL-10's own [data] key.
struct Stl10Options {
  TrainSplit train_split = TrainSplit::train;  ///< train | train+unlabeled (the 100 000 unlabeled images too)

  template <class V>
  void visit(V& v) {
    v("train_split", train_split);
  }
};

/// The first `limit` images of an STL-10 image file (all of them when limit is 0): uint8
/// N×3×96×96, row-major. Throws core::ContraError naming the file when it cannot be read, is empty,
/// or its size is not a whole number of 27 648-byte images.
torch::Tensor read_stl10_images(const std::string& path, std::int64_t limit = 0);

/// The images in an STL-10 image file, from its size alone (the same checks as read_stl10_images).
std::int64_t count_stl10_images(const std::string& path);

/// An STL-10 label file: int64 N in [0, 10) (the file's 1..10 minus one). Throws core::ContraError
/// naming the file and the first record whose byte lies outside 1..10.
torch::Tensor read_stl10_labels(const std::string& path);

/// data.root itself or its stl10_binary/ folder (as the official archive extracts), whichever holds
/// the files data.train_split needs. Throws core::ContraError (prefixed with `where`) naming the
/// files looked for and where to download the archive.
std::string stl10_root(const config::DataOptions& options, const std::string& where);

/// STL-10: train and test (labelled), and with data.train_split = "train+unlabeled" the unlabeled
/// split as Dataset::unlabeled. data.train_subset keeps the first n images of each training split
/// (train, unlabeled), data.test_subset those of test. With data.verify every file must hold the
/// official count and images and labels must agree. The normalisation constants are those of the
/// whole labelled train split (the authors publish none). Throws core::ContraError with `where`.
Dataset load_stl10(const config::DataOptions& options, const std::string& where);

}  // namespace contra::data
