#include "contra/report/figures/baseline_labels.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace contra::report {

std::vector<double> baseline_label_offsets(const Panel& panel, int plot_px, int line_px) {
  const auto& bases = panel.baselines;
  std::vector<double> offsets(bases.size(), 0.0);
  double lo = INFINITY, hi = -INFINITY;  // the y range gnuplot autoscales to
  const auto take = [&](double y) {
    if (std::isfinite(y)) lo = std::min(lo, y), hi = std::max(hi, y);
  };
  for (const auto& s : panel.series)
    for (std::size_t i = 0; i < s.y.size(); ++i) {
      const double e = i < s.err.size() && std::isfinite(s.err[i]) ? s.err[i] : 0.0;
      take(s.y[i] - e);
      take(s.y[i] + e);
    }
  for (const auto& b : bases) take(b.y);
  if (!(hi > lo)) return offsets;
  const double px_per_unit = plot_px / ((hi - lo) * 1.12);  // set offsets graph 0.06 above and below
  std::vector<std::size_t> order(bases.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return bases[a].y < bases[b].y; });
  const auto height = [&](std::size_t i) {
    return static_cast<double>(line_px) * static_cast<double>(std::count(bases[i].label.begin(), bases[i].label.end(), '\n') + 1);
  };
  double top = -INFINITY;  // the upper edge of the last label placed, in pixels
  for (const auto i : order) {
    const double centre = (bases[i].y - lo) * px_per_unit;
    const double placed = std::max(centre, top + height(i) / 2 + 2);
    offsets[i] = (placed - centre) / line_px;
    top = placed + height(i) / 2;
  }
  return offsets;
}

}  // namespace contra::report
