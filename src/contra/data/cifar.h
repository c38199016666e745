// CIFAR-10 and CIFAR-100, the official binary versions (Krizhevsky, "Learning Multiple Layers of
// Features from Tiny Images", 2009; https://www.cs.toronto.edu/~kriz/cifar.html): records of
// label byte(s) then 3072 pixel bytes, 1024 per channel (R, G, B), each channel 32×32 row-major.
#pragma once

#include <torch/types.h>

#include <string>

#include "contra/config/experiment.h"
#include "contra/data/dataset.h"

namespace contra::data {

/// CIFAR-100's labels: the 100 fine classes or the 20 superclasses.
enum class LabelKind { fine, coarse };
inline const std::vector<std::string>& names_of(LabelKind) {
  static const std::vector<std::string> names = {"fine", "coarse"};
  return names;
}

/// CIFAR-100's own [data] key.
struct Cifar100Options {
  LabelKind label_kind = LabelKind::fine;  ///< fine (100 classes) | coarse (20 superclasses)

  template <class V>
  void visit(V& v) {
    v("label_kind", label_kind);
  }
};

/// One CIFAR binary file: each record is `label_bytes` label bytes (CIFAR-10: 1; CIFAR-100: 2,
/// coarse then fine) and 3×32×32 pixels. Returns images uint8 N×3×32×32 and the labels int64 N of
/// byte `label_index` of each record. Throws core::ContraError naming the file when it cannot be
/// read, is empty, or its size is not a whole number of records (a truncated or foreign file).
Split read_cifar_file(const std::string& path, int label_bytes, int label_index);

/// The root holding `dataset`'s files: data.root itself, or the folder the official archive
/// extracts to inside it (cifar-10-batches-bin, cifar-100-binary). Throws core::ContraError
/// (prefixed with `where`) naming the files looked for and where to download the archive.
/// `hundred`: CIFAR-100 (else CIFAR-10).
std::string cifar_root(const config::DataOptions& options, bool hundred, const std::string& where);

/// CIFAR-10 (data_batch_1..5.bin, test_batch.bin) or CIFAR-100 (train.bin, test.bin; labels
/// data.label_kind = fine (100 classes) or coarse (20)). With data.verify each file must hold the
/// official record count (10 000 per CIFAR-10 batch; 50 000 and 10 000 for CIFAR-100). Labels
/// outside [0, classes) are refused naming the file and the record. The normalisation constants
/// are the per-channel mean and standard deviation of the whole train split (the authors publish
/// none), computed here before any subset is taken. Throws core::ContraError with `where`.
Dataset load_cifar(const config::DataOptions& options, bool hundred, const std::string& where);

}  // namespace contra::data
