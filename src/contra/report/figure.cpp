#include "contra/report/figure.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>

namespace contra::report {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

std::string data_block(const std::string& name, const Series& s) {
  std::string out = fmt::format("${} << EOD\n", name);
  for (std::size_t i = 0; i < s.x.size(); ++i) {
    const double y = i < s.y.size() ? s.y[i] : NAN;
    const double e = i < s.err.size() && std::isfinite(s.err[i]) ? s.err[i] : 0.0;
    out += std::isfinite(y) ? fmt::format("{} {} {}\n", s.x[i], y, e) : "\n";
  }
  return out + "EOD\n";
}

}  // namespace

namespace {

bool has_points(const Series& s) {
  return std::any_of(s.y.begin(), s.y.end(), [](double y) { return std::isfinite(y); });
}

/// The figure without series that have no finite point and without panels left empty: gnuplot
/// stops on a plot with no valid points.
Figure drawable(const Figure& f) {
  Figure out{f.title, {}};
  for (Panel p : f.panels) {
    p.series.erase(std::remove_if(p.series.begin(), p.series.end(), [](const Series& s) { return !has_points(s); }),
                   p.series.end());
    if (!p.series.empty() || p.hline) out.panels.push_back(std::move(p));
  }
  return out;
}

}  // namespace

std::string gnuplot_script(const Figure& figure, const std::filesystem::path& stem) {
  // Output names are relative to the script's folder, where write_figure runs gnuplot.
  const Figure f = drawable(figure);
  std::string data, plots;
  for (std::size_t p = 0; p < f.panels.size(); ++p)
    for (std::size_t s = 0; s < f.panels[p].series.size(); ++s)
      data += data_block(fmt::format("p{}s{}", p, s), f.panels[p].series[s]);
  for (std::size_t p = 0; p < f.panels.size(); ++p) {
    const Panel& panel = f.panels[p];
    plots += fmt::format("reset\nset grid\nset key {}\nset bmargin 4\n", panel.key);
    plots += fmt::format("set title {}\nset xlabel {}\nset ylabel {}\n", quoted(panel.title), quoted(panel.xlabel),
                         quoted(panel.ylabel));
    if (panel.log_x) plots += "set logscale x 2\n";
    if (!panel.xtics.empty()) {
      std::vector<std::string> tics;
      for (const auto& [x, label] : panel.xtics) tics.push_back(fmt::format("{} {}", quoted(label), x));
      plots += fmt::format("set xtics ({})\nset xrange [{}:{}]\n", fmt::join(tics, ", "),
                           panel.xtics.front().first - 0.5, panel.xtics.back().first + 0.5);
    }
    for (const auto& [x, text] : panel.labels)
      plots += fmt::format("set label {} at first {}, graph 0.06 center tc rgb \"#b00000\"\n", quoted(text), x);
    std::vector<std::string> items;
    for (std::size_t s = 0; s < panel.series.size(); ++s) {
      const Series& ser = panel.series[s];
      const std::string style = fmt::format("lw 2 pt 7 ps 1.2 {}", ser.dashed ? "dt 2" : "dt 1");
      const bool has_err = !ser.err.empty();
      items.push_back(fmt::format("$p{}s{} using 1:2{} with {} {} title {}", p, s, has_err ? ":3" : "",
                                  has_err ? "yerrorlines" : "linespoints", style, quoted(ser.title)));
    }
    if (panel.hline)
      items.push_back(
          fmt::format("{} with lines lw 2 dt 3 lc rgb \"#606060\" title {}", *panel.hline, quoted(panel.hline_title)));
    plots += "plot " + fmt::format("{}", fmt::join(items, ", \\\n     ")) + "\n";
  }
  const auto n = std::max<std::size_t>(f.panels.size(), 1);
  const std::string layout = fmt::format("set multiplot layout 1,{} title {}\n", n, quoted(f.title));
  std::string out = "# Written by contra report; render with: gnuplot <this file>\n" + data;
  out += fmt::format("set terminal pngcairo size {},480 noenhanced font \"sans,10\"\nset output {}\n", 560 * n,
                     quoted(stem.filename().string() + ".png"));
  out += layout + plots + "unset multiplot\n";
  out += fmt::format("set terminal svg size {},480 noenhanced font \"sans,10\"\nset output {}\n", 560 * n,
                     quoted(stem.filename().string() + ".svg"));
  out += layout + plots + "unset multiplot\nset output\n";
  return out;
}

bool write_figure(const Figure& figure, const std::filesystem::path& stem) {
  const auto script = stem.string() + ".gp";
  std::ofstream(script) << gnuplot_script(figure, stem);
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) return false;
  const auto dir = stem.has_parent_path() ? stem.parent_path().string() : std::string(".");
  const auto cmd = fmt::format("cd '{}' && gnuplot '{}' 2>/dev/null", dir, stem.filename().string() + ".gp");
  return std::system(cmd.c_str()) == 0;
}

}  // namespace contra::report
