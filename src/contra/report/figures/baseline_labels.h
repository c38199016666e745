// Where the labels of a panel's baselines go (report/figures/figure.h): each at the right end of its line,
// moved up just enough that no two overlap when baselines lie close together (raw pixels' kNN and
// linear probe, say).
#pragma once

#include <vector>

#include "contra/report/figures/figure.h"

namespace contra::report {

/// The vertical offset of each of `panel.baselines`' labels, in lines of text, above the centre of
/// its line, for a plot `plot_px` pixels high whose y range is the data's own plus 6% each side (as
/// gnuplot_script sets it) and whose text lines are `line_px` pixels apart.
std::vector<double> baseline_label_offsets(const Panel& panel, int plot_px, int line_px);

}  // namespace contra::report
