// Figures drawn with gnuplot: a script with its data inline, rendered to PNG and SVG.
//
// One visual grammar for every report kind:
// - colour = the series value (mechanism, head, BN setting, ...): one colour per value, the same in
//   every panel of a figure, from the one palette in figure.cpp;
// - dash = the protocol: linear probe solid, kNN dashed, anything else (pretext accuracy) dash-dot;
// - ours are thick lines with filled circles and std error bars; the paper's (cited) are thin
//   lines with open squares;
// - baselines (the random-init encoder) are grey horizontal lines labelled at their right end,
//   in the margin;
// - each panel's legend sits below it, outside the plotted area: one swatch per series value,
//   then one sample per line style.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace contra::report {

/// What a line measures; it sets the dash.
enum class Protocol {
  linear,  ///< linear probe: solid
  knn,     ///< weighted kNN: dashed
  other,   ///< anything else (pretext accuracy): dash-dot, not named in the legend
};

/// One line (or set of points) of a panel. `err` may be empty; a NaN y leaves a gap.
struct Series {
  std::string group;  ///< the series value as the legend names it ("head mlp"); sets the colour.
                      ///< Empty: the figure's only series (no swatch in the legend)
  Protocol protocol = Protocol::other;
  bool cited = false;  ///< the paper's numbers (thin line, open squares), not ours
  std::vector<double> x, y, err;
};

/// A horizontal reference line (e.g. the random-init encoder), labelled in the right margin.
struct Baseline {
  double y = 0;
  std::string label;  ///< may hold '\n'
  Protocol protocol = Protocol::knn;
};

/// One panel: axes, series and horizontal baselines.
struct Panel {
  std::string title, xlabel, ylabel;
  std::vector<Series> series;
  std::vector<std::pair<double, std::string>> xtics;  ///< custom tick labels (e.g. categorical axes)
  bool log_x = false;                                 ///< log axis, ticks at the panel's x values
  std::vector<Baseline> baselines;
  std::vector<std::pair<double, std::string>> labels;  ///< text at (x, bottom of the axis), e.g. "fail"
  /// Text beside a plotted point (x, y, text), e.g. a cost point's "K 4096" or "K 64 fail 1/3".
  struct PointLabel {
    double x = 0, y = 0;
    std::string text;
  };
  std::vector<PointLabel> point_labels;
};

struct Figure {
  std::string title;
  std::vector<Panel> panels;  ///< side by side
};

/// The palette: the colour ("#rrggbb") of every series value (Series::group) in the figure. Values
/// are given colours in natural order ("epochs 2" before "epochs 10"), whatever panel they appear
/// in, so that a value keeps its colour across panels, and across figures that share values.
std::map<std::string, std::string> series_colours(const Figure& figure);

/// The gnuplot script that draws `figure` into `<stem>.png` and `<stem>.svg`, named relative to
/// the script's own folder. Series without a finite point, and panels left empty, are left out.
std::string gnuplot_script(const Figure& figure, const std::filesystem::path& stem);

/// Writes `<stem>.gp` and runs gnuplot on it. Returns false (and leaves the script) when gnuplot
/// is not installed or fails; the caller says so. Never throws for a missing gnuplot.
bool write_figure(const Figure& figure, const std::filesystem::path& stem);

}  // namespace contra::report
