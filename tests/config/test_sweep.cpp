// Sweep TOMLs (DESIGN.md, "Config"): [grid] cartesian product, [[zip]] axes moving together,
// seeds, presets; expand() in a stable order.
#include <catch2/catch.hpp>

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "../support/errors.h"
#include "../support/sweep_points.h"
#include "../support/temp_dir.h"
#include "contra/config/sweep.h"
#include "contra/core/error.h"

using contra::config::expand;
using contra::config::load_sweep;
using contra::core::ContraError;
using contra::testing::Axes;
using contra::testing::axes_of;
using contra::testing::kExperiment;
using contra::testing::message_of;
using contra::testing::sweep_header;
using contra::testing::TempDir;
using contra::testing::value_of;

TEST_CASE("sweep grid: 3 values x 2 seeds = 6 runs in a stable order", "[config]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "mom.toml", sweep_header() +
                                                                      "seeds = [0, 1]\n"
                                                                      "[grid]\n"
                                                                      "\"method.momentum\" = [0.9, 0.99, 0.999]\n");
  const auto sweep = load_sweep(file);
  CHECK(sweep.name == "mom");
  CHECK(sweep.experiment == kExperiment);
  CHECK(sweep.default_preset == "cpu");
  const auto runs = expand(sweep, "");
  REQUIRE(runs.size() == 6);
  const std::vector<std::pair<std::string, std::int64_t>> want = {{"0.9", 0},  {"0.9", 1},   {"0.99", 0},
                                                                  {"0.99", 1}, {"0.999", 0}, {"0.999", 1}};
  for (std::size_t i = 0; i < runs.size(); ++i) {
    INFO("run " << i);
    CHECK(axes_of(runs[i]) == Axes{{"method.momentum", want[i].first}});
    CHECK(runs[i].seed == want[i].second);
    CHECK(value_of(runs[i].overrides, "method.momentum") == want[i].first);
    CHECK(value_of(runs[i].overrides, "run.seed") == std::to_string(want[i].second));
  }
  // Stable: expanding again gives the same list.
  const auto again = expand(load_sweep(file), "cpu");
  REQUIRE(again.size() == runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) CHECK(axes_of(again[i]) == axes_of(runs[i]));
}

TEST_CASE("sweep grid: two axes with the first in the file outermost and dotted keys", "[config]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "two.toml", sweep_header() +
                                                                      "[grid]\n"
                                                                      "method.temperature = [0.1, 0.2]\n"
                                                                      "method.queue = [256, 512, 1024]\n");
  const auto runs = expand(load_sweep(file), "");
  REQUIRE(runs.size() == 6);
  CHECK(axes_of(runs[0]) == Axes{{"method.temperature", "0.1"}, {"method.queue", "256"}});
  CHECK(axes_of(runs[1]) == Axes{{"method.temperature", "0.1"}, {"method.queue", "512"}});
  CHECK(axes_of(runs[3]) == Axes{{"method.temperature", "0.2"}, {"method.queue", "256"}});
  CHECK(axes_of(runs[5]) == Axes{{"method.temperature", "0.2"}, {"method.queue", "1024"}});
  for (const auto& r : runs) CHECK(r.seed == 0);  // default seeds = [0]
}

TEST_CASE("sweep axis values keep every digit", "[config]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "digits.toml", sweep_header() +
                                                                         "[grid]\n"
                                                                         "\"optim.lr\" = [0.0123456789, 0.03]\n"
                                                                         "\"method.momentum\" = [0.9999999]\n");
  const auto runs = expand(load_sweep(file), "");
  REQUIRE(runs.size() == 2);
  CHECK(value_of(runs[0].overrides, "optim.lr") == "0.0123456789");
  CHECK(value_of(runs[0].overrides, "method.momentum") == "0.9999999");
  CHECK(value_of(runs[1].overrides, "optim.lr") == "0.03");
}

TEST_CASE("sweep [[zip]] axes move together and unequal lengths are an error", "[config]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "zip.toml", sweep_header() +
                                                                      "seeds = [3]\n"
                                                                      "[grid]\n"
                                                                      "\"method.momentum\" = [0.9, 0.99]\n"
                                                                      "[[zip]]\n"
                                                                      "\"optim.batch\" = [64, 128, 256]\n"
                                                                      "\"method.queue\" = [63, 127, 255]\n");
  const auto sweep = load_sweep(file);
  REQUIRE(sweep.axes.zips.size() == 1);
  const auto runs = expand(sweep, "");
  REQUIRE(runs.size() == 6);
  for (const auto& r : runs) {
    REQUIRE(r.axes.size() == 3);
    const auto batch = std::stoi(value_of(r.overrides, "optim.batch"));
    const auto queue = std::stoi(value_of(r.overrides, "method.queue"));
    CHECK(queue == batch - 1);  // the zip's values stay paired
    CHECK(r.seed == 3);
  }
  CHECK(axes_of(runs[0]) == Axes{{"method.momentum", "0.9"}, {"optim.batch", "64"}, {"method.queue", "63"}});
  CHECK(axes_of(runs[2]) == Axes{{"method.momentum", "0.9"}, {"optim.batch", "256"}, {"method.queue", "255"}});
  CHECK(axes_of(runs[3]) == Axes{{"method.momentum", "0.99"}, {"optim.batch", "64"}, {"method.queue", "63"}});

  const auto bad = contra::testing::write_file(dir / "badzip.toml", sweep_header() +
                                                                        "[[zip]]\n"
                                                                        "\"optim.batch\" = [64, 128]\n"
                                                                        "\"method.queue\" = [63, 127, 255]\n");
  const std::string msg = message_of([&] { (void)load_sweep(bad); });
  CHECK_THAT(msg, Catch::Contains(bad));
  CHECK_THAT(msg, Catch::Contains("method.queue"));
  CHECK_THAT(msg, Catch::Contains("zip"));
}

TEST_CASE("sweep presets override values and seeds, and [preset.x.grid] replaces an axis", "[config]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "pre.toml", sweep_header() +
                                                                      "seeds = [0, 1]\n"
                                                                      "[fixed]\n"
                                                                      "\"optim.epochs\" = 5\n"
                                                                      "[grid]\n"
                                                                      "\"method.momentum\" = [0.9, 0.99, 0.999]\n"
                                                                      "[preset.cpu]\n"
                                                                      "description = \"laptop\"\n"
                                                                      "\"data.train_subset\" = 2000\n"
                                                                      "\"optim.epochs\" = 2\n"
                                                                      "[preset.paper]\n"
                                                                      "seeds = [7]\n"
                                                                      "\"optim.epochs\" = 200\n"
                                                                      "[preset.paper.grid]\n"
                                                                      "\"method.momentum\" = [0.5]\n");
  const auto sweep = load_sweep(file);
  CHECK(sweep.presets.size() == 2);
  CHECK(contra::config::find_preset(sweep, "").name == "cpu");
  CHECK(contra::config::find_preset(sweep, "cpu").description == "laptop");
  const auto cpu = expand(sweep, "cpu");
  REQUIRE(cpu.size() == 6);
  for (const auto& r : cpu) {
    CHECK(value_of(r.overrides, "data.train_subset") == "2000");
    CHECK(value_of(r.overrides, "optim.epochs") == "2");  // the preset comes after [fixed]
  }
  const auto paper = expand(sweep, "paper");
  REQUIRE(paper.size() == 1);
  CHECK(axes_of(paper[0]) == Axes{{"method.momentum", "0.5"}});
  CHECK(paper[0].seed == 7);
  CHECK(value_of(paper[0].overrides, "optim.epochs") == "200");
  CHECK(value_of(paper[0].overrides, "data.train_subset").empty());

  const std::string msg = message_of([&] { (void)expand(sweep, "gpu"); });
  CHECK_THAT(msg, Catch::Contains("gpu"));
  CHECK_THAT(msg, Catch::Contains("cpu"));
  CHECK_THAT(msg, Catch::Contains("paper"));
  CHECK_THROWS_AS(contra::config::find_preset(sweep, "gpu"), ContraError);
}

TEST_CASE("sweep: a preset grid that names no axis, empty axes and unknown keys are errors", "[config]") {
  TempDir dir;
  const auto no_axis = contra::testing::write_file(dir / "a.toml", sweep_header() +
                                                                       "[grid]\n"
                                                                       "\"method.momentum\" = [0.9]\n"
                                                                       "[preset.x.grid]\n"
                                                                       "\"method.queue\" = [16]\n");
  CHECK_THROWS_WITH(load_sweep(no_axis), Catch::Contains("method.queue"));
  const auto empty = contra::testing::write_file(dir / "b.toml", sweep_header() + "[grid]\n\"method.momentum\" = []\n");
  CHECK_THROWS_WITH(load_sweep(empty), Catch::Contains("method.momentum"));
  const auto unknown = contra::testing::write_file(dir / "c.toml", sweep_header() + "sedes = [1]\n");
  CHECK_THROWS_WITH(load_sweep(unknown), Catch::Contains("sedes") && Catch::Contains(unknown + ":2"));
  const auto no_exp = contra::testing::write_file(dir / "d.toml", "seeds = [1]\n");
  CHECK_THROWS_AS(load_sweep(no_exp), ContraError);
  const auto neg = contra::testing::write_file(dir / "e.toml", sweep_header() + "seeds = [-1]\n");
  CHECK_THROWS_AS(load_sweep(neg), ContraError);
  // A default_preset that names none of the sweep's presets would run the grid without them.
  const auto typo = contra::testing::write_file(dir / "f.toml", sweep_header() + "default_preset = \"cpuu\"\n" +
                                                                    "[grid]\n\"method.momentum\" = [0.9]\n"
                                                                    "[preset.cpu]\n\"optim.epochs\" = 2\n");
  CHECK_THROWS_WITH(load_sweep(typo), Catch::Contains(typo + ":2: default_preset = 'cpuu' names no preset of this "
                                                             "sweep; presets: cpu"));
  // Without presets, default_preset names the one the grid runs as.
  const auto own = contra::testing::write_file(
      dir / "g.toml", sweep_header() + "default_preset = \"laptop\"\n" + "[grid]\n\"method.momentum\" = [0.9]\n");
  CHECK(load_sweep(own).default_preset == "laptop");
}

TEST_CASE("sweep: a preset value for a key that every run takes from an axis is an error, not ignored", "[config]") {
  TempDir dir;
  // A grid axis, a zip key, and a key every block varies or fixes: the preset's value would never reach a run.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"[grid]\n\"method.momentum\" = [0.9, 0.99]\n", "method.momentum"},
      {"[[zip]]\n\"optim.batch\" = [64, 128]\n\"method.queue\" = [63, 127]\n", "method.queue"},
      {"[[block]]\n\"method.queue\" = [64]\n[[block]]\n\"method.queue\" = 128\n\"optim.batch\" = [64]\n",
       "method.queue"},
  };
  for (const auto& [axes, key] : cases) {
    INFO(axes);
    const auto file = contra::testing::write_file(
        dir / "p.toml", sweep_header() + axes + "[preset.cpu]\n\"" + key + "\" = \"not even a number\"\n");
    const std::string msg = message_of([&] { (void)load_sweep(file); });
    CHECK_THAT(msg, Catch::Contains(file + ":") && Catch::Contains("[preset.cpu]") && Catch::Contains(key) &&
                        Catch::Contains("[preset.cpu.grid]"));
  }
  const auto seed = contra::testing::write_file(dir / "s.toml", sweep_header() + "[preset.cpu]\n\"run.seed\" = 3\n");
  CHECK_THROWS_WITH(load_sweep(seed),
                    Catch::Contains(seed + ":") && Catch::Contains("run.seed") && Catch::Contains("seeds = [...]"));
  // A key only some blocks set stays a preset's to give the others.
  const auto some = contra::testing::write_file(
      dir / "q.toml", sweep_header() +
                          "[[block]]\n\"method.queue\" = [64]\n[[block]]\n\"optim.batch\" = [64]\n"
                          "[preset.cpu]\n\"method.queue\" = 256\n");
  const auto runs = expand(load_sweep(some), "cpu");
  REQUIRE(runs.size() == 2);
  CHECK(value_of(runs[1].overrides, "method.queue") == "256");
}

TEST_CASE("sweep: run.seed anywhere but `seeds` is an error naming where it is set", "[config]") {
  TempDir dir;
  const std::vector<std::string> places = {
      "[grid]\n\"run.seed\" = [3, 4]\n",
      "[fixed]\n\"run.seed\" = 3\n",
      "[[zip]]\n\"run.seed\" = [3, 4]\n\"optim.batch\" = [64, 128]\n",
      "[[block]]\n\"run.seed\" = 3\n\"optim.batch\" = [64]\n",
  };
  for (const auto& place : places) {
    INFO(place);
    const auto file = contra::testing::write_file(dir / "seed.toml", sweep_header() + place);
    CHECK_THROWS_WITH(load_sweep(file),
                      Catch::Contains(file + ":") && Catch::Contains("run.seed") && Catch::Contains("seeds = [...]"));
  }
}

TEST_CASE("sweep: a relative experiment path resolves against the sweep's folder, an absolute one is kept",
          "[config]") {
  TempDir dir;
  std::filesystem::create_directories(dir / "sweeps");
  const auto rel = contra::testing::write_file(dir / "sweeps" / "rel.toml", "experiment = \"../experiments/e.toml\"\n");
  // A base experiment that does not exist is an error naming the sweep file and the key.
  CHECK_THROWS_WITH(load_sweep(rel),
                    Catch::Contains(rel + ":1") && Catch::Contains("experiment") && Catch::Contains("file not found"));
  std::filesystem::create_directories(dir / "experiments");
  contra::testing::write_file(dir / "experiments" / "e.toml", "");
  CHECK(load_sweep(rel).experiment == (dir.path() / "experiments" / "e.toml").string());
  const auto abs = contra::testing::write_file(dir / "sweeps" / "abs.toml", sweep_header());
  CHECK(load_sweep(abs).experiment == kExperiment);
}

TEST_CASE("sweep [report] block is read", "[config]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "rep.toml", sweep_header() +
                                                                      "[report]\n"
                                                                      "title = \"Momentum\"\n"
                                                                      "reference = \"moco_v1.momentum_ablation\"\n"
                                                                      "x = \"method.momentum\"\n"
                                                                      "x_label = \"m\"\n");
  const auto s = load_sweep(file);
  CHECK(s.report.title == "Momentum");
  CHECK(s.report.reference == "moco_v1.momentum_ablation");
  CHECK(s.report.x == "method.momentum");
  CHECK(s.report.x_label == "m");
  CHECK(s.report.metric == "knn_top1");
  const auto bad = contra::testing::write_file(dir / "rep2.toml", sweep_header() + "[report]\ntitel = \"x\"\n");
  CHECK_THROWS_WITH(load_sweep(bad), Catch::Contains("titel"));
}

TEST_CASE("sweep [report]: x, series, the axis scale and reference_n are checked where they are written", "[config]") {
  TempDir dir;
  // Line 1 is the experiment, 2 [grid], 3-4 its axes, 5 [report], 6 on: the keys given.
  const auto error = [&](const std::string& report) {
    const auto file = contra::testing::write_file(
        dir / "r.toml",
        sweep_header() + "[grid]\n\"method.queue\" = [8, 16]\n\"method.name\" = [\"moco\"]\n[report]\n" + report);
    return message_of([&] { (void)load_sweep(file); });
  };
  const std::string fine = "(no ContraError thrown)";
  CHECK(error("x = \"summary.K\"\nseries = \"method.name\"\nlog_x = true\nreference_n = 1281167\n") == fine);
  CHECK_THAT(error("x = \"summary.nonexistent\"\n"),
             Catch::Contains("r.toml:6: report.x = 'summary.nonexistent' names no /summary attribute that every run "
                             "records when it starts; valid: summary.K, summary.negatives"));
  CHECK_THAT(error("x = \"method.queue\"\nseries = \"method.queue\"\n"),
             Catch::Contains("r.toml:7: report.series = 'method.queue' is also the report's x: the series splits"));
  CHECK_THAT(error("series = \"method.queue\"\n"),
             Catch::Contains("r.toml:6: report.series = 'method.queue' is also the report's x (the sweep's first axis, "
                             "as no report.x is given)"));
  CHECK_THAT(error("categorical_x = true\nlog_x = true\n"),
             Catch::Contains("r.toml:7: report.categorical_x = true and report.log_x = true: a categorical axis"));
  for (const char* n : {"1e30", "-5.0", "1.5", "nan"})
    CHECK_THAT(error(std::string("reference_n = ") + n + "\n"),
               Catch::Contains("r.toml:6: report.reference_n = ") &&
                   Catch::Contains("must be the paper's number of training images (a whole number from 1 to 1e+09)"));
  CHECK(error("reference_n = 1e9\n") == fine);
  CHECK_THAT(error("x = \"\"\nseries = \"method.name\"\n"),
             Catch::Contains("r.toml:6: report.x = '' names no axis; leave the key out for the sweep's first axis"));
  CHECK_THAT(error("series = \"\"\n"),
             Catch::Contains("r.toml:6: report.series = '' names no axis; leave the key out for no series"));
  CHECK_THAT(error("x = \"label\"\n"),
             Catch::Contains("r.toml:6: report.x = 'label', but no [[zip]] names its points"));
  // Each error is one line.
  CHECK(error("x = \"summary.nonexistent\"\n").find('\n') == std::string::npos);
}

TEST_CASE("sweep [[zip]] labels name the points, change no config and are checked", "[config]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "label.toml", sweep_header() +
                                                                        "seeds = [0, 1]\n"
                                                                        "[[zip]]\n"
                                                                        "label = [\"MoCo v1\", \"MLP\"]\n"
                                                                        "\"model.head\" = [\"linear\", \"mlp\"]\n"
                                                                        "[report]\n"
                                                                        "x = \"label\"\n");
  const auto sweep = load_sweep(file);
  REQUIRE(sweep.axes.zips.size() == 1);
  CHECK(sweep.axes.zips[0].keys == std::vector<std::string>{"model.head"});
  CHECK(sweep.axes.zips[0].labels == std::vector<std::string>{"MoCo v1", "MLP"});
  const auto runs = expand(sweep, "");
  REQUIRE(runs.size() == 4);
  CHECK(runs[0].label == "MoCo v1");
  CHECK(runs[1].label == "MoCo v1");
  CHECK(runs[2].label == "MLP");
  CHECK(axes_of(runs[2]) == Axes{{"model.head", "'mlp'"}});                  // the label is not an axis
  for (const auto& r : runs) CHECK(value_of(r.overrides, "label").empty());  // nor an override

  const auto twice = contra::testing::write_file(dir / "twice.toml", sweep_header() +
                                                                         "[[zip]]\n"
                                                                         "label = [\"a\", \"a\"]\n"
                                                                         "\"model.head\" = [\"linear\", \"mlp\"]\n");
  CHECK_THAT(message_of([&] { (void)load_sweep(twice); }), Catch::Contains("appears twice"));
  const auto count = contra::testing::write_file(dir / "count.toml", sweep_header() +
                                                                         "[[zip]]\n"
                                                                         "label = [\"a\"]\n"
                                                                         "\"model.head\" = [\"linear\", \"mlp\"]\n");
  const std::string msg = message_of([&] { (void)load_sweep(count); });
  CHECK_THAT(msg, Catch::Contains(count));
  CHECK_THAT(msg, Catch::Contains("1 labels for 2 points"));
  const auto number = contra::testing::write_file(dir / "number.toml", sweep_header() +
                                                                           "[[zip]]\n"
                                                                           "label = [1, 2]\n"
                                                                           "\"model.head\" = [\"linear\", \"mlp\"]\n");
  CHECK_THAT(message_of([&] { (void)load_sweep(number); }), Catch::Contains("must be a non-empty string"));
  const auto unlabelled =
      contra::testing::write_file(dir / "unlabelled.toml", sweep_header() +
                                                               "[grid]\n"
                                                               "\"model.head\" = [\"linear\", \"mlp\"]\n"
                                                               "[report]\n"
                                                               "x = \"label\"\n");
  const std::string why = message_of([&] { (void)load_sweep(unlabelled); });
  CHECK_THAT(why, Catch::Contains("report.x = 'label'"));
  CHECK_THAT(why, Catch::Contains(unlabelled));
}

TEST_CASE("sweep labels: only a zip's, one labelled zip per run, and x = 'label' only for one row per point",
          "[config]") {
  TempDir dir;
  const std::string zip = "[[zip]]\nlabel = [\"a\", \"b\"]\n\"model.head\" = [\"linear\", \"mlp\"]\n";
  const auto grid = contra::testing::write_file(dir / "grid.toml", sweep_header() + "[grid]\nlabel = [\"a\", \"b\"]\n");
  std::string msg = message_of([&] { (void)load_sweep(grid); });
  CHECK_THAT(msg, Catch::Contains(grid + ":"));
  CHECK_THAT(msg, Catch::Contains("'label' names the points of a [[zip]]"));
  const auto block = contra::testing::write_file(
      dir / "block.toml", sweep_header() + "[[block]]\n\"method.queue\" = [1, 2]\nlabel = \"x\"\n");
  CHECK_THAT(message_of([&] { (void)load_sweep(block); }), Catch::Contains("'label' names the points"));
  const auto two = contra::testing::write_file(dir / "two.toml", sweep_header() + zip +
                                                                     "[[zip]]\nlabel = [\"c\", \"d\"]\n"
                                                                     "\"method.queue\" = [1024, 2048]\n");
  CHECK_THAT(message_of([&] { (void)load_sweep(two); }), Catch::Contains("2 [[zip]] tables have a label"));
  const auto both = contra::testing::write_file(dir / "both.toml",
                                                sweep_header() + zip +
                                                    "[[block]]\n\"method.queue\" = [1024]\n"
                                                    "[[block.zip]]\nlabel = [\"c\"]\n\"method.momentum\" = [0.9]\n");
  CHECK_THAT(message_of([&] { (void)load_sweep(both); }),
             Catch::Contains("a [[block.zip]] and a [[zip]] both have labels"));
  const auto series = contra::testing::write_file(
      dir / "series.toml", sweep_header() + zip + "[report]\nx = \"label\"\nseries = \"method.name\"\n");
  msg = message_of([&] { (void)load_sweep(series); });
  CHECK_THAT(msg, Catch::Contains("report.x = 'label' names one row per point"));
  CHECK_THAT(msg, Catch::Contains("series = 'method.name'"));
  const auto grid_kind = contra::testing::write_file(
      dir / "kind.toml", sweep_header() + zip + "[report]\nx = \"label\"\nkind = \"grid\"\n");
  CHECK_THAT(message_of([&] { (void)load_sweep(grid_kind); }), Catch::Contains("kind = 'grid'"));
}
