// Beside the direction, the size (issue of the verdict protocol, part 5): our gap against the
// paper's on one stated scale, the relative gap (a − b) / |b| of the two compared values (a trend:
// its last row against its first). The size is "comparable" when ours is of the same sign and
// between half and twice the paper's. A direction reproduced with a gap a tenth of the paper's
// (ShuffleBN's kNN: 1.26 points against about 20) is then "not comparable" whatever its verdict.
// Claims of kind above, increases, decreases and narrows have a size; approx, peaks_within and
// fails have none.
#pragma once

#include <cmath>
#include <string>

namespace contra::report {

/// The scale's bounds: ours / paper within [kSizeLow, kSizeHigh].
constexpr double kSizeLow = 0.5;
constexpr double kSizeHigh = 2.0;

struct SizeComparison {
  double ours = NAN;   ///< our relative gap (a − b) / |b|, NaN when not measured
  double paper = NAN;  ///< the paper's, NaN when it prints no pair of numbers
  bool comparable = false;
  /// "comparable (ours +1.6% vs the paper's +2.0%)", "not comparable (...)", or "—" when either is NaN
  /// or the paper's gap is 0.
  std::string text() const;
};

/// Compares our (a, b) with the paper's (a, b): each gap relative to its own b. Never throws.
SizeComparison compare_size(double ours_a, double ours_b, double paper_a, double paper_b);

}  // namespace contra::report
