// A published per-epoch curve (analysis/references/<name>.csv), drawn beside our per-epoch values:
// e.g. the MoCo CIFAR-10 demo's kNN top-1 at each of its 200 epochs. Cited, never measured.
//
// The file: '#' lines first (the source and its setting: the citation), then a header naming the
// columns, one of them `epoch`, then one row of numbers per epoch.
#pragma once

#include <string>
#include <vector>

namespace contra::config {

struct ReferenceCurve {
  std::string name;      ///< the file's stem, e.g. "moco_cifar10_demo_knn"
  std::string citation;  ///< the '#' lines, joined by spaces
  std::string column;    ///< the y column read, e.g. "knn_top1"
  std::vector<double> epoch, value;  ///< same length, epochs increasing
};

/// Reads `column` of `<dir>/<name>.csv` against its `epoch` column. Throws ContraError naming the
/// file (and the line) when it is missing, has no citation, lacks either column, holds a cell that is
/// not a number, a row of the wrong length, epochs that do not increase, or no rows.
ReferenceCurve load_reference_curve(const std::string& dir, const std::string& name, const std::string& column);

}  // namespace contra::config
