// Figures drawn with gnuplot: a script with its data inline, rendered to PNG and SVG.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace contra::report {

/// One line (or set of points) of a panel. `err` may be empty; a NaN y leaves a gap.
struct Series {
  std::string title;
  std::vector<double> x, y, err;
  bool dashed = false;
};

/// One panel: axes, series and an optional horizontal reference line.
struct Panel {
  std::string title, xlabel, ylabel;
  std::vector<Series> series;
  std::vector<std::pair<double, std::string>> xtics;  ///< custom tick labels (e.g. categorical axes)
  bool log_x = false;
  std::optional<double> hline;
  std::string hline_title;
  std::vector<std::pair<double, std::string>> labels;  ///< text at (x, bottom of the axis), e.g. "fail"
  std::string key = "top left";                        ///< where the legend goes (gnuplot `set key` position)
};

struct Figure {
  std::string title;
  std::vector<Panel> panels;  ///< side by side
};

/// The gnuplot script that draws `figure` into `<stem>.png` and `<stem>.svg`, named relative to
/// the script's own folder. Series without a finite point, and panels left empty, are left out.
std::string gnuplot_script(const Figure& figure, const std::filesystem::path& stem);

/// Writes `<stem>.gp` and runs gnuplot on it. Returns false (and leaves the script) when gnuplot
/// is not installed or fails; the caller says so. Never throws for a missing gnuplot.
bool write_figure(const Figure& figure, const std::filesystem::path& stem);

}  // namespace contra::report
