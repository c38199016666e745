// A claim whose row the preset trims ([preset.x.grid], [[preset.x.exclude]]: config/exclude.h) to fit
// its budget (docs/recipe.md, "Budgets") is not testable on that preset, its verdict naming the row,
// while a row the whole sweep lacks stays an error (a typo in the claim).
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "../../support/errors.h"
#include "../../support/report_fixtures.h"
#include "../../support/temp_dir.h"
#include "contra/report/report.h"
#include "contra/report/verdicts/claims_table.h"

namespace fs = std::filesystem;
using contra::report::Outcome;
using contra::testing::message_of;
using contra::testing::TempDir;
using contra::testing::write_file;
using namespace contra::testing::report_fixtures;

namespace {

/// The 3 (batch) x 2 (epochs) grid whose cpu preset runs `trim` (TOML lines) on top of it.
std::string trimmed_sweep(const TempDir& dir, const std::string& trim) { return grid_sweep(dir, "[0, 1, 2]", trim); }

const char* kClaims = R"toml(paper = "Someone, A paper, arXiv:0000.00000"
metric = "top-1 (%)"
[tab]
where = "Table 9"
batch = [256, 512, 1024]
top1 = [50.0, 54.0, 58.0]

[[tab.claims]]
says = "C1: larger batches are better at 2 epochs"
kind = "increases"
along = { series = 2 }

[[tab.claims]]
says = "C2: at batch 512 more epochs are better"
kind = "above"
row = { series = 4, x = 512 }
than = { series = 2, x = 512 }

[[tab.claims]]
says = "C3: at 4 epochs the best batch is 512"
kind = "peaks_within"
along = { series = 4 }
set = [512]

[[tab.claims]]
says = "C4: more epochs are better at batch 1024"
kind = "above"
row = { series = 4, x = 1024 }
than = { series = 2, x = 1024 }
)toml";

/// The verdicts of the cpu preset with `trim`, every run recorded with linear = batch/10 + 5 x
/// epochs + a little seed noise, by claim number (1-based).
std::map<int, contra::report::ClaimResult> judge(const TempDir& dir, const std::string& trim) {
  fs::create_directories(dir / "refs");
  write_file(dir / "refs" / "t.toml", kClaims);
  fs::remove_all(dir / "results");
  const auto plan = record_all(trimmed_sweep(dir, trim), dir / "results", [](const contra::sweep::PlannedRun& run) {
    Fake f;
    f.linear = static_cast<double>(run.experiment.optim.batch) / 10.0 +
               5.0 * static_cast<double>(run.experiment.optim.epochs) + 0.1 * static_cast<double>(run.seed);
    return f;
  });
  const auto results = contra::report::judge_sweep(plan, (dir / "refs").string());
  std::map<int, contra::report::ClaimResult> out;
  for (std::size_t i = 0; i < results.size(); ++i) out.emplace(static_cast<int>(i) + 1, results[i]);
  return out;
}

}  // namespace

TEST_CASE("trimmed claims: a row the preset does not run makes its claim not testable, naming it", "[report][claims]") {
  TempDir dir;
  // Untrimmed: every claim is judged (C3 contradicted: the best batch at 4 epochs is 1024).
  auto v = judge(dir, "");
  REQUIRE(v.size() == 4);
  CHECK(v.at(1).verdict.outcome == Outcome::reproduced);
  CHECK(v.at(2).verdict.outcome == Outcome::reproduced);
  CHECK(v.at(3).verdict.outcome == Outcome::contradicted);
  CHECK(v.at(4).verdict.outcome == Outcome::reproduced);

  // Batch 512 at 4 epochs excluded: C2's row and C3's set are gone; C1 and C4 are judged as before.
  v = judge(dir, "[[preset.cpu.exclude]]\n\"optim.batch\" = 512\n\"optim.epochs\" = 4\n"
                 "[budget]\nminutes = 30\nfit = \"one row trimmed\"\n");
  REQUIRE(v.size() == 4);
  CHECK(v.at(1).verdict.outcome == Outcome::reproduced);
  CHECK(v.at(2).verdict.outcome == Outcome::not_testable);
  CHECK_THAT(v.at(2).verdict.evidence, Catch::Contains("series = 4, x = 512") &&
                                           Catch::Contains("is not run on preset cpu") &&
                                           Catch::Contains("[budget]"));
  CHECK(v.at(3).verdict.outcome == Outcome::not_testable);
  CHECK(v.at(4).verdict.outcome == Outcome::reproduced);

  // A preset grid that keeps 2 epochs only: every claim on the 4-epoch series is not testable, and
  // without a [budget] the evidence does not say a budget asked for it.
  v = judge(dir, "[preset.cpu.grid]\n\"optim.epochs\" = [2]\n");
  CHECK(v.at(1).verdict.outcome == Outcome::reproduced);
  for (int c : {2, 3, 4}) CHECK(v.at(c).verdict.outcome == Outcome::not_testable);
  CHECK_THAT(v.at(2).verdict.evidence, Catch::Contains("([preset.cpu.grid])") && !Catch::Contains("budget"));

  // A peak's set (512) left alone on its series: no row outside it, so not testable, not an error.
  v = judge(dir, "[[preset.cpu.exclude]]\n\"optim.epochs\" = 4\n\"optim.batch\" = [256, 1024]\n");
  CHECK(v.at(3).verdict.outcome == Outcome::not_testable);
  CHECK_THAT(v.at(3).verdict.evidence, Catch::Contains("series = 4") && Catch::Contains("outside its set"));
  CHECK(v.at(2).verdict.outcome == Outcome::reproduced);
}

TEST_CASE("trimmed claims: with x a /summary attribute, a trimmed series is still not testable", "[report][claims]") {
  TempDir dir;
  fs::create_directories(dir / "refs");
  write_file(dir / "refs" / "t.toml", kClaims);
  // x = summary.K (known only once recorded, as the mechanism table's): the 4-epoch series is trimmed.
  std::string text = contra::testing::read_file(trimmed_sweep(dir, "[preset.cpu.grid]\n\"optim.epochs\" = [2]\n"));
  text.replace(text.find("x = \"optim.batch\""), 17, "x = \"summary.K\"");
  const auto file = write_file(dir / "grid.toml", text);
  const auto plan = record_all(file, dir / "results", [](const contra::sweep::PlannedRun& run) {
    Fake f;
    f.linear = static_cast<double>(run.experiment.optim.batch) / 10.0 + 0.1 * static_cast<double>(run.seed);
    f.summary["K"] = static_cast<double>(run.experiment.optim.batch);
    return f;
  });
  const auto v = contra::report::judge_sweep(plan, (dir / "refs").string());
  REQUIRE(v.size() == 4);
  CHECK(v[0].verdict.outcome == Outcome::reproduced);
  for (int c : {1, 2, 3}) {
    CHECK(v[static_cast<std::size_t>(c)].verdict.outcome == Outcome::not_testable);
    CHECK_THAT(v[static_cast<std::size_t>(c)].verdict.evidence, Catch::Contains("series = 4"));
  }
}

TEST_CASE("trimmed claims: a row the whole sweep lacks is still an error", "[report][claims]") {
  TempDir dir;
  fs::create_directories(dir / "refs");
  write_file(dir / "refs" / "t.toml", std::string(kClaims) +
                                          "\n[[tab.claims]]\nsays = \"C5\"\nkind = \"above\"\n"
                                          "row = { series = 4, x = 2048 }\nthan = { series = 2, x = 256 }\n");
  const auto plan = record_all(trimmed_sweep(dir, "[[preset.cpu.exclude]]\n\"optim.batch\" = 512\n"), dir / "results",
                               [](const contra::sweep::PlannedRun&) {
                                 Fake f;
                                 f.linear = 50;
                                 return f;
                               });
  CHECK_THAT(message_of([&] { (void)contra::report::judge_sweep(plan, (dir / "refs").string()); }),
             Catch::Contains("the claim names x = 2048, which no planned run of grid has"));
}
