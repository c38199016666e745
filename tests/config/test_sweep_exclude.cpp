// [[preset.<name>.exclude]] (config/exclude.h): a preset drops the points that match one of its
// tables, so that a table fits its budget by a rule written before its runs (docs/recipe.md,
// "Budgets") while the other presets keep the whole grid.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "../support/errors.h"
#include "../support/sweep_points.h"
#include "../support/temp_dir.h"
#include "contra/config/sweep.h"

using contra::config::expand;
using contra::config::load_sweep;
using contra::testing::axes_of;
using contra::testing::message_of;
using contra::testing::sweep_header;
using contra::testing::TempDir;
using contra::testing::write_file;

namespace {

/// A grid of 2 heads x 3 temperatures, a MoCo block and an end-to-end block, 2 seeds; `cpu` adds
/// `exclude` (TOML text) to its preset, `gpu` excludes nothing.
std::string sweep_with(const std::string& exclude) {
  return sweep_header() +
         "name = \"exclude\"\n"
         "seeds = [0, 1]\n"
         "[grid]\n"
         "\"model.head\" = [\"linear\", \"mlp\"]\n"
         "\"method.temperature\" = [0.07, 0.2, 0.5]\n"
         "[[block]]\n"
         "\"method.name\" = [\"moco\"]\n"
         "\"method.queue\" = [256, 1024]\n"
         "[[block]]\n"
         "\"method.name\" = [\"end_to_end\"]\n"
         "\"optim.batch\" = [8, 16]\n"
         "[preset.gpu]\n"
         "\"data.train_subset\" = 0\n"
         "[preset.cpu]\n"
         "\"data.train_subset\" = 2000\n" +
         exclude;
}

/// The distinct (head, temperature, name, queue or batch) points of a preset, as text.
std::set<std::string> points_of(const std::string& file, const std::string& preset) {
  std::set<std::string> out;
  for (const auto& run : expand(load_sweep(file), preset)) {
    std::string p;
    for (const auto& [key, value] : axes_of(run)) p += key + "=" + value + " ";
    out.insert(p);
  }
  return out;
}

}  // namespace

TEST_CASE("preset exclude: drops the matching points of that preset only, seeds and all", "[config]") {
  TempDir dir;
  const auto file = write_file(dir / "s.toml", sweep_with("[[preset.cpu.exclude]]\n"
                                                          "\"method.name\" = \"end_to_end\"\n"
                                                          "[[preset.cpu.exclude]]\n"
                                                          "\"model.head\" = \"linear\"\n"
                                                          "\"method.temperature\" = [0.2, 0.5]\n"));
  // 2 heads x 3 temperatures x (2 queues + 2 batches) = 24 points, x 2 seeds.
  CHECK(expand(load_sweep(file), "gpu").size() == 48);
  const auto runs = expand(load_sweep(file), "cpu");
  // End-to-end gone (12 points); of MoCo's 12, linear at 0.2 and 0.5 (4) gone: 8 points x 2 seeds.
  CHECK(runs.size() == 16);
  for (const auto& p : points_of(file, "cpu")) {
    CHECK_THAT(p, !Catch::Contains("end_to_end"));
    const bool linear = p.find("'linear'") != std::string::npos || p.find("\"linear\"") != std::string::npos;
    if (linear) CHECK_THAT(p, Catch::Contains("method.temperature=0.07"));
  }
  CHECK(points_of(file, "cpu").size() == 8);
}

TEST_CASE("preset exclude: numbers match by value, zip labels by 'label'", "[config]") {
  TempDir dir;
  const auto file = write_file(dir / "s.toml", sweep_with("[[preset.cpu.exclude]]\n"
                                                          "\"method.queue\" = 1024.0\n"));
  CHECK(expand(load_sweep(file), "cpu").size() == 48 - 12);  // 6 (head, τ) points at K = 1024, x 2 seeds

  const auto zip = write_file(dir / "zip.toml", sweep_header() +
                                                    "name = \"zip\"\n"
                                                    "[[zip]]\n"
                                                    "label = [\"a\", \"b\", \"c\"]\n"
                                                    "\"method.queue\" = [64, 128, 256]\n"
                                                    "[preset.cpu]\n"
                                                    "description = \"b left out\"\n"
                                                    "[[preset.cpu.exclude]]\n"
                                                    "label = \"b\"\n");
  const auto runs = expand(load_sweep(zip), "cpu");
  REQUIRE(runs.size() == 2);
  CHECK(runs[0].label == "a");
  CHECK(runs[1].label == "c");
}

TEST_CASE("preset exclude: a table that matches nothing, or drops everything, is refused with its line", "[config]") {
  TempDir dir;
  const auto refused = [&](const std::string& exclude) {
    const auto file = write_file(dir / "bad.toml", sweep_with(exclude));
    return message_of([&] { (void)expand(load_sweep(file), "cpu"); });
  };
  // A key that is no axis (a typo), and a value no axis has: both would silently drop nothing.
  auto m = refused("[[preset.cpu.exclude]]\n\"method.temprature\" = 0.2\n");
  CHECK_THAT(m, Catch::Contains("bad.toml:") && Catch::Contains("matches no point") &&
                    Catch::Contains("it names 'method.temprature', which is no axis of the sweep"));
  m = refused("[[preset.cpu.exclude]]\n\"method.temperature\" = 0.3\n");
  CHECK_THAT(m, Catch::Contains("matches no point") && Catch::Contains("preset.cpu") &&
                    Catch::Contains("method.temperature = 0.3, a value the axis does not have (its values: 0.07, 0.2, "
                                    "0.5)"));
  // A string where the axis has numbers names the axis's values too.
  m = refused("[[preset.cpu.exclude]]\n\"method.queue\" = \"256\"\n");
  CHECK_THAT(m, Catch::Contains("method.queue = '256', a value the axis does not have (its values: 256, 1024)"));
  // Values each on an axis, never together in one point.
  m = refused("[[preset.cpu.exclude]]\n\"method.queue\" = 256\n\"optim.batch\" = 8\n");
  CHECK_THAT(m, Catch::Contains("matches no point") && Catch::Contains("which no point has together with its other "
                                                                       "values"));
  // A key of a block's own fixed settings is no axis either.
  m = refused("[[preset.cpu.exclude]]\n\"method.name\" = \"simclr\"\n");
  CHECK_THAT(m, Catch::Contains("matches no point"));
  m = refused("[[preset.cpu.exclude]]\n\"model.head\" = [\"linear\", \"mlp\"]\n");
  CHECK_THAT(m, Catch::Contains("drops every point"));
  // A typo beside a value that matches: each listed value must drop a point of its own.
  m = refused("[[preset.cpu.exclude]]\n\"method.temperature\" = [0.2, 0.21]\n");
  CHECK_THAT(m, Catch::Contains("bad.toml:") && Catch::Contains("lists method.temperature = 0.21"));
  m = refused("[[preset.cpu.exclude]]\n\"method.name\" = \"moco\"\n\"method.queue\" = [256, 8]\n");
  CHECK_THAT(m, Catch::Contains("lists method.queue = 8"));
  // A value the preset's own grid dropped: the message says the grid replaced it.
  m = refused("[preset.cpu.grid]\n\"method.queue\" = [1024]\n[[preset.cpu.exclude]]\n\"method.queue\" = 256\n");
  CHECK_THAT(m, Catch::Contains("matches no point") && Catch::Contains("after [preset.cpu.grid]"));
}

TEST_CASE("preset exclude: malformed tables are refused when the sweep is read", "[config]") {
  TempDir dir;
  const auto refused = [&](const std::string& exclude) {
    const auto file = write_file(dir / "bad.toml", sweep_with(exclude));
    return message_of([&] { (void)load_sweep(file); });
  };
  CHECK_THAT(refused("exclude = \"linear\"\n"), Catch::Contains("[[preset.cpu.exclude]]"));
  CHECK_THAT(refused("exclude = []\n"), Catch::Contains("[[preset.cpu.exclude]]"));
  CHECK_THAT(refused("[preset.cpu.exclude]\n\"model.head\" = \"linear\"\n"),
             Catch::Contains("must be an array of tables"));
  CHECK_THAT(refused("[[preset.cpu.exclude]]\n"), Catch::Contains("names no axis"));
  // An empty plain table has no leaf, and a misspelt preset name makes a preset of its own: both refused.
  CHECK_THAT(refused("[preset.cpu.exclude]\n"), Catch::Contains("must be an array of tables"));
  CHECK_THAT(refused("[[preset.cpux.exclude]]\n\"model.head\" = \"linear\"\n"),
             Catch::Contains("bad.toml:") && Catch::Contains("[preset.cpux] has only [[preset.cpux.exclude]] tables"));
  CHECK_THAT(refused("[[preset.cpu.exclude]]\n\"model.head\" = []\n"), Catch::Contains("lists no value"));
  // One key written twice ("a.b" and a.b), a value listed twice, a table written twice: refused, not merged.
  CHECK_THAT(refused("[[preset.cpu.exclude]]\n\"model.head\" = \"linear\"\nmodel.head = \"mlp\"\n"),
             Catch::Contains("bad.toml:") && Catch::Contains("'model.head' is set twice in this [[preset.cpu.exclude]]"));
  CHECK_THAT(refused("[[preset.cpu.exclude]]\n\"method.temperature\" = [0.2, 0.20]\n"),
             Catch::Contains("method.temperature lists 0.2 twice"));
  CHECK_THAT(refused("[[preset.cpu.exclude]]\n\"model.head\" = \"mlp\"\n[[preset.cpu.exclude]]\n\"model.head\" = "
                     "\"mlp\"\n"),
             Catch::Contains("repeats the one at") && Catch::Contains("bad.toml:"));
  // An inline table reads as dotted keys, which are no axis: refused when the sweep is expanded.
  const auto file = write_file(dir / "bad.toml", sweep_with("[[preset.cpu.exclude]]\n\"model.head\" = { a = 1 }\n"));
  CHECK_THAT(message_of([&] { (void)expand(load_sweep(file), "cpu"); }),
             Catch::Contains("bad.toml:") && Catch::Contains("matches no point"));
}
