#include "contra/report/figures/figure.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>

#include "contra/report/figures/baseline_labels.h"
#include "contra/report/figures/figure_text.h"

namespace contra::report {

namespace {

using namespace figure_text;

/// The one palette: a colour per series value, in natural order of the values (Okabe & Ito's
/// colour-blind-safe set without yellow and black, then two of Tol's muted colours). Black is
/// for the legend's line-style samples, grey for baselines.
constexpr std::array<const char*, 8> kPalette = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                                 "#E69F00", "#56B4E9", "#882255", "#999933"};
constexpr const char* kStyleSample = "#000000";
constexpr const char* kBaseline = "#707070";
constexpr const char* kFailLabel = "#b00000";

// The page, in pixels (both terminals use the same size), and a conservative width of one
// character of the sans 10 font, for wrapping titles and sizing legends.
constexpr int kPanelWidth = 560;
constexpr int kPlotHeight = 330;
constexpr int kCharWidth = 7;
constexpr int kLineHeight = 16;
constexpr int kKeyRowHeight = 17;
constexpr int kKeySample = 4;  ///< legend sample length, in characters (gnuplot samplen)

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
    if (!p.series.empty() || !p.baselines.empty()) out.panels.push_back(std::move(p));
  }
  return out;
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

/// The dash of a protocol: linear solid, kNN dashed, other dash-dot.
int dash_of(Protocol p) { return p == Protocol::linear ? 1 : p == Protocol::knn ? 2 : 4; }

/// Line width and dash: ours thick, the paper's thin; the dash from the protocol.
std::string line_style(Protocol p, bool cited) { return fmt::format("lw {} dt {}", cited ? "1.5" : "2", dash_of(p)); }

/// Point type and size: ours filled circles, the paper's open squares.
std::string point_style(bool cited) { return cited ? "pt 4 ps 1.1" : "pt 7 ps 0.9"; }

/// One legend entry: its title and what it draws.
struct KeyEntry {
  std::string title, plot;
};

/// A panel's legend: a swatch per series value (in order of appearance), then a black sample
/// per line style (protocol, ours or the paper's); the samples take the series' colour when the
/// panel has one unnamed series.
std::vector<KeyEntry> key_entries(const Panel& panel, const std::map<std::string, std::string>& colours) {
  std::vector<KeyEntry> out;
  std::vector<std::string> groups;
  std::vector<std::pair<Protocol, bool>> styles;
  for (const auto& s : panel.series) {
    if (!s.group.empty() && std::find(groups.begin(), groups.end(), s.group) == groups.end()) groups.push_back(s.group);
    const std::pair<Protocol, bool> style{s.protocol, s.cited};
    if (s.protocol != Protocol::other && std::find(styles.begin(), styles.end(), style) == styles.end())
      styles.push_back(style);
  }
  for (const auto& g : groups)
    out.push_back({g, fmt::format("NaN with boxes fs solid 1.0 noborder lc rgb \"{}\"", colours.at(g))});
  const std::string sample = groups.empty() ? kPalette[0] : kStyleSample;
  for (const auto& [protocol, cited] : styles) {
    const std::string name = protocol == Protocol::linear ? "linear probe" : "kNN";
    out.push_back(
        {cited ? name + " (paper)" : name, fmt::format("NaN with linespoints {} {} lc rgb \"{}\"",
                                                       line_style(protocol, cited), point_style(cited), sample)});
  }
  return out;
}

/// Where everything goes, in pixels from the bottom left of the page.
struct PlotLayout {
  int width = 0, height = 0;
  std::vector<std::string> title;  ///< the figure title, wrapped
  struct PanelBox {
    int left, right, bottom, top;    ///< the plotted area
    std::vector<std::string> title;  ///< wrapped
    std::vector<std::string> ylabel;
    bool stagger;  ///< categorical tick labels too wide to stand side by side: every other one a line lower
  };
  std::vector<PanelBox> panels;
  int key_rows = 0;
  int key_top = 0;  ///< the legends' top edge
};

PlotLayout layout(const Figure& f, const std::vector<std::vector<KeyEntry>>& keys) {
  PlotLayout l;
  const int n = static_cast<int>(std::max<std::size_t>(f.panels.size(), 1));
  l.width = kPanelWidth * n;
  l.title = wrap_even(f.title, l.width / kCharWidth - 4);
  std::size_t title_lines = 1;
  bool stagger = false;
  for (std::size_t p = 0; p < f.panels.size(); ++p) {
    const Panel& panel = f.panels[p];
    PlotLayout::PanelBox box{};
    box.ylabel = wrap_even(panel.ylabel, kPlotHeight / kCharWidth);
    int right_margin = 25;  // room for a baseline's label at the right end of its line
    for (const auto& b : panel.baselines)
      for (const auto& line : lines_of(b.label))
        right_margin = std::max(right_margin, 16 + kCharWidth * text_width(line));
    box.left = static_cast<int>(p) * kPanelWidth + 46 + kLineHeight * static_cast<int>(box.ylabel.size());
    box.right = static_cast<int>(p + 1) * kPanelWidth - right_margin;
    box.title = wrap_even(panel.title, (kPanelWidth - 40) / kCharWidth);  // centred over the plot, within the panel
    title_lines = std::max(title_lines, box.title.size());
    const auto& tics = panel.xtics;
    if (tics.size() > 1) {
      const double px_per_x = (box.right - box.left) / (tics.back().first - tics.front().first + 1.0);
      for (std::size_t i = 0; i + 1 < tics.size(); ++i) {
        const double need = kCharWidth * (0.5 * (text_width(tics[i].second) + text_width(tics[i + 1].second)) + 3);
        box.stagger = box.stagger || need > px_per_x * (tics[i + 1].first - tics[i].first);
      }
    }
    stagger = stagger || box.stagger;
    // The legend's columns: as many entries side by side as fit under the panel, centred under the
    // plotted area.
    int widest = 1;
    for (const auto& e : keys[p]) widest = std::max(widest, text_width(e.title));
    const int entry = kCharWidth * (widest + kKeySample + 6);
    const int room = kPanelWidth - 20 - std::abs(right_margin - (box.left - static_cast<int>(p) * kPanelWidth));
    const int columns = std::max(1, room / entry);
    const int entries = static_cast<int>(keys[p].size());
    l.key_rows = std::max(l.key_rows, (entries + columns - 1) / columns);
    l.panels.push_back(box);
  }
  const int top = 30 + kLineHeight * static_cast<int>(l.title.size() + title_lines);  // figure and panel titles
  const int axis = 52 + (stagger ? kLineHeight : 0);  // x tic labels and the x label, under the plotted area
  const int legend = l.key_rows > 0 ? kKeyRowHeight * l.key_rows + 12 : 0;
  l.height = top + kPlotHeight + axis + legend;
  l.key_top = legend;
  for (auto& box : l.panels) {
    box.bottom = axis + legend;
    box.top = box.bottom + kPlotHeight;
  }
  return l;
}

std::string screen(int px, int total) { return fmt::format("screen {:.4f}", static_cast<double>(px) / total); }

/// A log x axis: its range, the data's with a margin (gnuplot's offsets do not apply to log axes),
/// and ticks at the panel's own x values (the swept values) when there are few enough; a value too
/// close to the previous tick is left unlabelled.
std::string log_x_axis(const Panel& panel) {
  std::set<double> xs;
  for (const auto& s : panel.series)
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
      if (std::isfinite(s.y[i]) && s.x[i] > 0) xs.insert(s.x[i]);
  if (xs.empty()) return "set logscale x 2\n";
  const double span = std::log(*xs.rbegin() / *xs.begin());
  const double pad = std::exp(0.05 * std::max(span, 1.0));
  const std::string range = fmt::format("set xrange [{}:{}]\n", *xs.begin() / pad, *xs.rbegin() * pad);
  if (xs.size() > 10) return "set logscale x 2\n" + range;
  std::vector<std::string> tics;
  double last = NAN;
  for (double x : xs) {
    if (std::isfinite(last) && std::log(x / last) < 0.06 * span) continue;
    tics.push_back(fmt::format("{} {}", quoted(fmt::format("{}", x)), x));
    last = x;
  }
  return fmt::format("set logscale x\nset xtics ({})\n", fmt::join(tics, ", ")) + range;
}

std::string panel_script(const Figure& f, std::size_t p, const PlotLayout& l, const std::vector<KeyEntry>& key,
                         const std::map<std::string, std::string>& colours) {
  const Panel& panel = f.panels[p];
  const auto& box = l.panels[p];
  std::string out = "reset\nset grid\n";
  out += fmt::format("set lmargin at {}\nset rmargin at {}\nset bmargin at {}\nset tmargin at {}\n",
                     screen(box.left, l.width), screen(box.right, l.width), screen(box.bottom, l.height),
                     screen(box.top, l.height));
  out += fmt::format("set title {}\nset xlabel {}{}\nset ylabel {}\n", quoted(joined_lines(box.title)),
                     quoted(panel.xlabel), box.stagger ? " offset 0,-1" : "", quoted(joined_lines(box.ylabel)));
  // The data's own range and a margin around it: no point on the frame, no empty decade.
  out += "set autoscale fix\nset offsets graph 0.04, graph 0.04, graph 0.06, graph 0.06\n";
  if (!panel.xtics.empty()) {
    std::vector<std::string> tics;
    for (std::size_t i = 0; i < panel.xtics.size(); ++i) {
      const auto& [x, label] = panel.xtics[i];
      tics.push_back(fmt::format("{} {}", quoted(box.stagger && i % 2 == 1 ? "\n" + label : label), x));
    }
    out += fmt::format("set xtics ({})\nset xrange [{}:{}]\n", fmt::join(tics, ", "), panel.xtics.front().first - 0.5,
                       panel.xtics.back().first + 0.5);
  } else if (panel.log_x) {
    out += log_x_axis(panel);
  }
  // The legend below the plotted area, outside it: never over data.
  if (key.empty()) {
    out += "unset key\n";
  } else {
    out += fmt::format(
        "set key at {}, {} center top vertical maxrows {} reverse Left samplen {} spacing 1.1 width 1 nobox\n",
        screen((box.left + box.right) / 2, l.width), screen(l.key_top, l.height), l.key_rows, kKeySample);
  }
  for (const auto& [x, text] : panel.labels)
    out += fmt::format("set label {} at first {}, graph 0.06 center tc rgb \"{}\"\n", quoted(text), x, kFailLabel);
  for (const auto& point : panel.point_labels)
    if (std::isfinite(point.x) && std::isfinite(point.y))
      out += fmt::format("set label {} at first {}, first {} left offset character 0.6, 0.4 font \",8\" tc rgb \"{}\"\n",
                         quoted(point.text), point.x, point.y, point.text.find("fail") == std::string::npos ? "#555555" : kFailLabel);
  std::vector<std::string> items;
  for (std::size_t s = 0; s < panel.series.size(); ++s) {
    const Series& ser = panel.series[s];
    const std::string colour = ser.group.empty() ? kPalette[0] : colours.at(ser.group);
    const std::string style = line_style(ser.protocol, ser.cited);
    const bool has_err =
        std::any_of(ser.err.begin(), ser.err.end(), [](double e) { return std::isfinite(e) && e > 0; });
    if (has_err) {  // solid error bars, then the line in the protocol's dash
      items.push_back(fmt::format("$p{}s{} using 1:2:3 with yerrorbars lc rgb \"{}\" lw 1 dt 1 {} notitle", p, s,
                                  colour, point_style(ser.cited)));
      items.push_back(fmt::format("$p{}s{} using 1:2 with lines lc rgb \"{}\" {} notitle", p, s, colour, style));
    } else {
      items.push_back(fmt::format("$p{}s{} using 1:2 with linespoints lc rgb \"{}\" {} {} notitle", p, s, colour, style,
                                  point_style(ser.cited)));
    }
  }
  const auto lifted = baseline_label_offsets(panel, box.top - box.bottom, kLineHeight);  // no two overlap
  for (std::size_t b = 0; b < panel.baselines.size(); ++b) {
    const Baseline& base = panel.baselines[b];
    const auto lines = lines_of(base.label).size() - 1;
    out += fmt::format("set label {} {} at graph 1, first {} offset 1,{} left tc rgb \"{}\"\n", 100 + b,
                       quoted(base.label), base.y, 0.5 * static_cast<double>(lines) + lifted[b], kBaseline);
    items.push_back(
        fmt::format("{} with lines lc rgb \"{}\" lw 1.5 dt {} notitle", base.y, kBaseline, dash_of(base.protocol)));
  }
  for (const auto& e : key) items.push_back(fmt::format("{} title {}", e.plot, quoted(e.title)));
  return out + "plot " + fmt::format("{}", fmt::join(items, ", \\\n     ")) + "\n";
}

}  // namespace

std::map<std::string, std::string> series_colours(const Figure& figure) {
  std::vector<std::string> groups;
  for (const auto& panel : figure.panels)
    for (const auto& s : panel.series)
      if (!s.group.empty()) groups.push_back(s.group);
  std::sort(groups.begin(), groups.end(), natural_less);
  groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
  std::map<std::string, std::string> out;
  for (std::size_t i = 0; i < groups.size(); ++i) out[groups[i]] = kPalette[i % kPalette.size()];
  return out;
}

std::string gnuplot_script(const Figure& figure, const std::filesystem::path& stem) {
  // Output names are relative to the script's folder, where write_figure runs gnuplot.
  const auto colours = series_colours(figure);
  const Figure f = drawable(figure);
  std::vector<std::vector<KeyEntry>> keys;
  for (const auto& panel : f.panels) keys.push_back(key_entries(panel, colours));
  const PlotLayout l = layout(f, keys);
  std::string data, plots;
  for (std::size_t p = 0; p < f.panels.size(); ++p)
    for (std::size_t s = 0; s < f.panels[p].series.size(); ++s)
      data += data_block(fmt::format("p{}s{}", p, s), f.panels[p].series[s]);
  for (std::size_t p = 0; p < f.panels.size(); ++p) plots += panel_script(f, p, l, keys[p], colours);
  const std::string multiplot = fmt::format("set multiplot title {}\n", quoted(joined_lines(l.title)));
  std::string out = "# Written by contra report; render with: gnuplot <this file>\n" + data;
  for (const auto& [terminal, ext] : {std::pair{"pngcairo", ".png"}, std::pair{"svg", ".svg"}}) {
    out += fmt::format("set terminal {} size {},{} noenhanced font \"sans,10\"\nset output {}\n", terminal, l.width,
                       l.height, quoted(stem.filename().string() + ext));
    out += multiplot + plots + "unset multiplot\n";
  }
  return out + "set output\n";
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
