// The figures' visual grammar (src/contra/report/figures/figure.h), read off the gnuplot script: a colour
// per series value in every panel, linear probe solid and kNN dashed, the paper's thin with open
// squares, legends below the plotted area, labelled baselines, titles that fit; and gnuplot draws
// the script without a warning.
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <cstdlib>
#include <iostream>
#include <string>

#include "../../support/gnuplot_script.h"
#include "../../support/temp_dir.h"
#include "contra/report/figures/baseline_labels.h"
#include "contra/report/figures/figure.h"

using contra::report::Baseline;
using contra::report::Figure;
using contra::report::Panel;
using contra::report::Protocol;
using contra::report::Series;
using contra::testing::read_file;
using contra::testing::TempDir;
using namespace contra::testing::gnuplot_script;

namespace {

Series line(const std::string& group, Protocol protocol, std::vector<double> x, std::vector<double> y,
            bool cited = false) {
  Series s;
  s.group = group;
  s.protocol = protocol;
  s.cited = cited;
  s.x = std::move(x);
  s.y = std::move(y);
  if (!cited) s.err.assign(s.x.size(), 0.5);
  return s;
}

/// Measured: moco and end-to-end, linear and kNN each, with a random-init baseline; paper: moco
/// and the memory bank (a value the measured panel lacks), cited linear-probe numbers.
Figure mechanisms() {
  Figure f;
  f.title = "Three sources of negatives";
  Panel measured;
  measured.title = "measured";
  measured.xlabel = "K";
  measured.ylabel = "top-1 (%)";
  measured.log_x = true;
  for (const std::string g : {"mechanism moco", "mechanism end_to_end"}) {
    measured.series.push_back(line(g, Protocol::linear, {256, 1024}, {80, 81}));
    measured.series.push_back(line(g, Protocol::knn, {256, 1024}, {75, 76}));
  }
  measured.baselines = {Baseline{66.9, "random init\n(kNN)", Protocol::knn}};
  Panel paper;
  paper.title = "paper (cited)";
  paper.xlabel = "K";
  paper.ylabel = "ImageNet-1k linear top-1 (%)";
  paper.log_x = true;
  paper.series.push_back(line("mechanism memory_bank", Protocol::linear, {256, 65536}, {50.0, 58.0}, true));
  paper.series.push_back(line("mechanism moco", Protocol::linear, {256, 65536}, {54.7, 60.6}, true));
  f.panels = {measured, paper};
  return f;
}

}  // namespace

TEST_CASE("figure: a series value has one colour in the measured and the paper panel", "[report]") {
  const std::string script = contra::report::gnuplot_script(mechanisms(), "figure");
  INFO(script);
  const auto panels = panel_blocks(script);
  REQUIRE(panels.size() == 2);
  const std::string moco = colour_on(key_entry(panels[0], "mechanism moco"));
  REQUIRE_FALSE(moco.empty());
  CHECK(colour_on(key_entry(panels[1], "mechanism moco")) == moco);
  // The lines themselves: ours (linear $p0s0, kNN $p0s1) and the paper's ($p1s1) in that colour.
  CHECK(colour_on(line_with(panels[0], "$p0s0 using 1:2 with lines")) == moco);
  CHECK(colour_on(line_with(panels[0], "$p0s1 using 1:2 with lines")) == moco);
  CHECK(colour_on(line_with(panels[1], "$p1s1 using 1:2 with linespoints")) == moco);
  // Other values, other colours.
  const std::string e2e = colour_on(key_entry(panels[0], "mechanism end_to_end"));
  const std::string bank = colour_on(key_entry(panels[1], "mechanism memory_bank"));
  CHECK(e2e != moco);
  CHECK(bank != moco);
  CHECK(bank != e2e);
  CHECK(colour_on(line_with(panels[0], "$p0s2 using 1:2 with lines")) == e2e);
}

TEST_CASE("figure: colours follow the values' natural order, whatever panel shows them first", "[report]") {
  Figure a, b;
  a.panels.resize(2);
  a.panels[0].series = {line("epochs 100", Protocol::knn, {1}, {1}), line("epochs 2", Protocol::knn, {1}, {1})};
  a.panels[1].series = {line("epochs 10", Protocol::linear, {1}, {1}, true)};
  b.panels.resize(1);
  b.panels[0].series = {line("epochs 2", Protocol::knn, {1}, {1})};
  const auto ca = contra::report::series_colours(a);
  const auto cb = contra::report::series_colours(b);
  REQUIRE(ca.size() == 3);
  CHECK(ca.at("epochs 2") == cb.at("epochs 2"));  // the first value takes the first colour
  CHECK(ca.at("epochs 2") != ca.at("epochs 10"));
  CHECK(ca.at("epochs 10") != ca.at("epochs 100"));
  CHECK(ca.at("epochs 2") != ca.at("epochs 100"));
}

TEST_CASE("figure: linear probe solid, kNN dashed, the paper's thin with open squares", "[report]") {
  const auto panels = panel_blocks(contra::report::gnuplot_script(mechanisms(), "figure"));
  REQUIRE(panels.size() == 2);
  const std::string linear = line_with(panels[0], "$p0s0 using 1:2 with lines");
  const std::string knn = line_with(panels[0], "$p0s1 using 1:2 with lines");
  CHECK_THAT(linear, Catch::Contains(" dt 1 ") && Catch::Contains("lw 2 "));
  CHECK_THAT(knn, Catch::Contains(" dt 2 ") && Catch::Contains("lw 2 "));
  // Error bars stay solid under a dashed line, with our filled circles.
  CHECK_THAT(line_with(panels[0], "$p0s1 using 1:2:3 with yerrorbars"),
             Catch::Contains(" dt 1 ") && Catch::Contains("pt 7"));
  const std::string paper = line_with(panels[1], "$p1s1 using 1:2 with linespoints");
  CHECK_THAT(paper, Catch::Contains("lw 1.5 ") && Catch::Contains(" dt 1 ") && Catch::Contains("pt 4"));
  // The legend says so: one sample per style, in the same dashes.
  CHECK_THAT(key_entry(panels[0], "linear probe"), Catch::Contains(" dt 1 "));
  CHECK_THAT(key_entry(panels[0], "kNN"), Catch::Contains(" dt 2 "));
  CHECK_THAT(key_entry(panels[1], "linear probe (paper)"), Catch::Contains(" dt 1 ") && Catch::Contains("pt 4"));
  CHECK(key_entry(panels[1], "kNN (paper)").empty());  // no style the panel does not draw
}

TEST_CASE("figure: every legend sits below its panel's plotted area, outside it", "[report]") {
  const auto panels = panel_blocks(contra::report::gnuplot_script(mechanisms(), "figure"));
  REQUIRE(panels.size() == 2);
  for (std::size_t p = 0; p < panels.size(); ++p) {
    INFO("panel " << p << ":\n" << panels[p]);
    const std::string key = line_with(panels[p], "set key");
    REQUIRE_THAT(key, Catch::StartsWith("set key at screen ") && Catch::Contains("center top"));
    CHECK(panels[p].find("set key", panels[p].find("set key") + 1) == std::string::npos);  // one, nothing inside
    const double key_x = number_after(key, "set key at screen ");
    const double key_top = number_after(key, ", screen ");
    const double plot_bottom = number_after(panels[p], "set bmargin at screen ");
    CHECK(key_top < plot_bottom - 0.05);  // below the x tick labels and the x label too
    CHECK(key_top > 0.05);
    // Under its own panel: between the panel's margins.
    CHECK(key_x > number_after(panels[p], "set lmargin at screen "));
    CHECK(key_x < number_after(panels[p], "set rmargin at screen "));
  }
}

TEST_CASE("figure: a baseline is a grey horizontal line, labelled in the right margin", "[report]") {
  const auto panels = panel_blocks(contra::report::gnuplot_script(mechanisms(), "figure"));
  REQUIRE(panels.size() == 2);
  const std::string base = line_with(panels[0], "66.9 with lines");
  CHECK_THAT(base, Catch::Contains(" dt 2 ") && Catch::Contains("notitle"));  // the random-init kNN: dashed
  const std::string grey = colour_on(base);
  CHECK(grey == "#707070");
  const std::string label = line_with(panels[0], "set label 100 \"random init\\n(kNN)\"");
  CHECK_THAT(label, Catch::Contains("at graph 1, first 66.9 ") && Catch::Contains(" left "));
  // The margin has room for "random init" (11 characters, 7 px each) before the next panel.
  CHECK(number_after(panels[0], "set rmargin at screen ") < 0.5 - 11.0 * 7.0 / 1120.0);
  CHECK(panels[1].find("set label 100") == std::string::npos);  // the paper panel has none
}

TEST_CASE("figure: baselines' labels close together are moved apart, far ones stay at their lines", "[report]") {
  Panel p;
  Series s;
  s.x = {1, 2};
  s.y = {60, 90};
  p.series = {s};
  // Two 2-line labels 0.5 points apart on a 30-point range (330 px: about 5 px apart), one far off.
  p.baselines = {Baseline{80.0, "raw pixels\n(linear)", Protocol::linear},
                 Baseline{79.5, "raw pixels\n(kNN)", Protocol::knn}, Baseline{62.0, "random init\n(kNN)", Protocol::knn}};
  const auto lifted = contra::report::baseline_label_offsets(p, 330, 16);
  REQUIRE(lifted.size() == 3);
  CHECK(lifted[1] == 0.0);  // the lower of the close pair stays
  CHECK(lifted[2] == 0.0);  // the far one stays
  // The upper one moves up by the two labels' height (2 lines each) less the 5 px they were apart.
  const double px_per_point = 330.0 / (30.0 * 1.12);
  CHECK(lifted[0] == Approx((32.0 + 2.0 - 0.5 * px_per_point) / 16.0));
  // In the script: its offset is its half height plus that.
  Figure f;
  f.panels = {p};
  const std::string script = contra::report::gnuplot_script(f, "figure");
  CHECK_THAT(script, Catch::Contains(fmt::format("first 80 offset 1,{} left", 0.5 + lifted[0])));
  CHECK_THAT(script, Catch::Contains("first 79.5 offset 1,0.5 left"));
}

TEST_CASE("figure: long titles and labels are wrapped to fit their panel", "[report]") {
  Figure f = mechanisms();
  f.panels[1].title =
      "paper (cited): Appendix A.9, Fig. A.1 (curves only, read off the plot, about +-1 point), "
      "and a good deal more text than a panel can hold on one line";
  f.panels[1].ylabel = "ImageNet-1k linear top-1 (%), ResNet-50, 200 epochs, and more words";
  const auto panels = panel_blocks(contra::report::gnuplot_script(f, "figure"));
  REQUIRE(panels.size() == 2);
  std::string title = line_with(panels[1], "set title ");
  INFO(title);
  title = title.substr(title.find('"') + 1);
  title = title.substr(0, title.rfind('"'));
  std::size_t lines = 0;
  for (std::size_t at = 0; at <= title.size(); ++lines) {
    const auto end = std::min(title.find("\\n", at), title.size());
    CHECK(end - at <= (560 - 40) / 7);
    at = end + 2;
  }
  CHECK(lines == 3);
  CHECK_THAT(line_with(panels[1], "set ylabel "), Catch::Contains("\\n"));
  // A wrapped y label takes a wider left margin than the measured panel's one-line label.
  CHECK(number_after(panels[1], "set lmargin at screen ") - 0.5 > number_after(panels[0], "set lmargin at screen "));
}

TEST_CASE("figure: category labels too wide to stand side by side are staggered", "[report]") {
  Figure f;
  f.title = "Recipe";
  f.panels.resize(1);
  Panel& p = f.panels[0];
  p.xlabel = "recipe";
  p.baselines = {Baseline{60.0, "random init\n(kNN)", Protocol::knn}};
  const std::vector<std::string> names = {"MoCo v1", "MLP", "aug+", "MLP+aug+", "MLP+aug+cos", "MLP+aug+cos+more"};
  Series s = line("", Protocol::linear, {}, {});
  for (std::size_t i = 0; i < names.size(); ++i) {
    p.xtics.emplace_back(static_cast<double>(i), names[i]);
    s.x.push_back(static_cast<double>(i));
    s.y.push_back(70.0 + static_cast<double>(i));
  }
  p.series = {s};
  const auto panels = panel_blocks(contra::report::gnuplot_script(f, "figure"));
  REQUIRE(panels.size() == 1);
  CHECK_THAT(line_with(panels[0], "set xtics ("),
             Catch::Contains("\"MoCo v1\" 0, \"\\nMLP\" 1, \"aug+\" 2, \"\\nMLP+aug+\" 3"));
  CHECK_THAT(line_with(panels[0], "set xlabel "), Catch::Contains("offset 0,-1"));
  // One unnamed series: no swatch, and the style samples take its colour.
  CHECK(colour_on(key_entry(panels[0], "linear probe")) == colour_on(line_with(panels[0], "$p0s0 using 1:2 with")));
}

TEST_CASE("figure: gnuplot draws the script without a warning", "[report]") {
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0) {
    std::cerr << "skipped: gnuplot is not installed (scripts/setup.sh installs gnuplot-nox)\n";
    std::exit(77);  // ctest: Skipped
  }
  TempDir dir;
  Figure f = mechanisms();
  Panel categorical;  // a third kind of axis, with a series that has a gap and one without points
  categorical.title = "categorical";
  categorical.xtics = {{0, "a"}, {1, "b"}, {2, "c"}};
  categorical.series = {line("mechanism moco", Protocol::knn, {0, 1, 2}, {1, NAN, 3}),
                        line("mechanism none", Protocol::linear, {0}, {NAN})};
  categorical.labels = {{1, "fail"}};
  f.panels.push_back(categorical);
  std::ofstream(dir / "figure.gp") << contra::report::gnuplot_script(f, dir / "figure");
  const std::string cmd = "cd '" + dir.path().string() + "' && gnuplot figure.gp 2> stderr.txt";
  REQUIRE(std::system(cmd.c_str()) == 0);
  CHECK(read_file(dir / "stderr.txt").empty());
  CHECK(std::filesystem::file_size(dir / "figure.png") > 1000);
  CHECK(std::filesystem::file_size(dir / "figure.svg") > 1000);
}
