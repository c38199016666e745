// A recipe study's rule under its table ([report] objective; report/tables/objective.h): each
// candidate (a labelled zip point) scores the mean over the mechanisms of its rows' kNN, is
// eligible only when every row is above its own random init and its cost is within the bound, and
// the eligible one with the highest score is chosen. Fake records with known values.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <string>

#include "../../support/errors.h"
#include "../../support/report_fixtures.h"
#include "../../support/temp_dir.h"
#include "contra/config/sweep.h"
#include "contra/report/report.h"

namespace fs = std::filesystem;
using contra::testing::TempDir;
using contra::testing::write_file;
using namespace contra::testing::report_fixtures;

namespace {

const std::string kValidationFixed =
    "[fixed]\n\"data.validation\" = 1000\n\"eval.split\" = \"validation\"\n\"eval.knn_random_init\" = true\n";

std::string recipe_sweep(const std::string& report_extra, const std::string& fixed = kValidationFixed) {
  return "name = \"recipe\"\n"
         "experiment = \"" +
         kExperiment +
         "\"\n"
         "seeds = [0, 1]\n" +
         fixed +
         "[[zip]]\n"
         "label = [\"base\", \"better\", \"costly\", \"no-learn\"]\n"
         "\"optim.epochs\" = [1, 2, 3, 4]\n"
         "[[block]]\n"
         "\"method.name\" = [\"moco\"]\n"
         "[[block]]\n"
         "\"method.name\" = [\"memory_bank\"]\n"
         "[report]\n"
         "kind = \"grid\"\n"
         "x = \"label\"\n"
         "x_label = \"recipe\"\n"
         "series = \"method.name\"\n"
         "claims = false\n" +
         report_extra;
}

}  // namespace

TEST_CASE("report objective: the eligible recipe with the highest mean over mechanisms is chosen", "[report]") {
  TempDir dir;
  const auto sweep = write_file(dir / "recipe.toml", recipe_sweep("objective = \"mean_over_series\"\n"
                                                                  "objective_cost_x = \"base\"\n"
                                                                  "objective_cost_ratio = 1.25\n"));
  // kNN by recipe and mechanism (seed 1 one point above seed 0's value below it, so the means are
  // these + 0.5); random init 50; cost train + eval seconds.
  const std::map<std::string, std::pair<double, double>> knn = {
      {"base", {60, 62}}, {"better", {70, 72}}, {"costly", {80, 80}}, {"no-learn", {90, 45}}};
  const std::map<std::string, double> cost = {{"base", 12}, {"better", 14}, {"costly", 16}, {"no-learn", 12}};
  const auto plan = record_all(sweep, dir / "results", [&](const contra::sweep::PlannedRun& run) {
    Fake f;
    const auto& [moco, bank] = knn.at(run.label);
    f.knn = (run.experiment.method.name == "moco" ? moco : bank) + static_cast<double>(run.experiment.run.seed);
    f.summary["knn_top1_random_init"] = 50;
    f.summary["train_seconds"] = cost.at(run.label) - 2;
    f.summary["eval_seconds"] = 2;
    return f;
  });
  REQUIRE(plan.runs.size() == 16);
  const std::string md = report_twice(plan);
  INFO("table.md:\n" << md);
  // The grid: one row per recipe in the zip's order, one column per mechanism.
  CHECK(line_index(md, "| base |") < line_index(md, "| better |"));
  CHECK(line_index(md, "| better |") < line_index(md, "| costly |"));
  CHECK(line_index(md, "| costly |") < line_index(md, "| no-learn |"));
  CHECK_THAT(line_starting(md, "| base |"), Catch::Contains("60.50 ± 0.71"));
  // The rule's section: score, rows above random init, smallest margin, cost, ratio, eligible.
  CHECK(line_starting(md, "| recipe | score |").size() > 0);
  CHECK(line_starting(md, "| base | 61.50 |") == "| base | 61.50 | 2 of 2 | +10.50 | 12.0 | 1.00 | yes |");
  CHECK(line_starting(md, "| better | 71.50 |") == "| better | 71.50 | 2 of 2 | +20.50 | 14.0 | 1.17 | yes |");
  CHECK(line_starting(md, "| costly | 80.50 |") == "| costly | 80.50 | 2 of 2 | +30.50 | 16.0 | 1.33 | no |");
  CHECK(line_starting(md, "| no-learn | 68.00 |") == "| no-learn | 68.00 | 1 of 2 | -4.50 | 12.0 | 1.00 | no |");
  CHECK_THAT(md, Catch::Contains("Each method.name above its own random init: moco under 4 of 4, memory_bank under 3 of 4."));
  CHECK_THAT(md, Catch::Contains("Chosen: **recipe = better**, score 71.50 against the baselines' kNN"));
  CHECK_THAT(md, Catch::Contains("raw pixels 40.00 (+31.50)"));
  CHECK_THAT(md, Catch::Contains("supervised 90.00 (-18.50)"));
  // The table's notes name the one row not above its own runs' random init (45.50 against 50), with its
  // series, whatever the random-init baseline reads.
  CHECK_THAT(md, Catch::Contains("**Not above random init** on kNN (against each row's own runs' random-init kNN "
                                 "(eval.knn_random_init)): 1 of 8 rows, method.name memory_bank, no-learn (45.50 "
                                 "against 50.00)."));
}

TEST_CASE("report objective: none eligible, a cost row that is not there, and the keys' checks", "[report]") {
  TempDir dir;
  SECTION("no row above its random init: none is chosen") {
    const auto sweep = write_file(dir / "recipe.toml", recipe_sweep("objective = \"mean_over_series\"\n"
                                                                    "objective_cost_x = \"base\"\n"));
    const auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun&) {
      Fake f;
      f.knn = 40;  // below random init everywhere
      f.summary["knn_top1_random_init"] = 50;
      f.summary["train_seconds"] = 10;
      f.summary["eval_seconds"] = 1;
      return f;
    });
    const std::string md = report_twice(plan);
    CHECK_THAT(md, Catch::Contains("No recipe is eligible: the rule chooses none."));
    CHECK_FALSE(md.find("Chosen:") != std::string::npos);
  }
  SECTION("not judged while a planned run has no record, or without the random-init kNN") {
    const auto sweep = write_file(dir / "recipe.toml", recipe_sweep("objective = \"mean_over_series\"\n"
                                                                    "objective_cost_x = \"base\"\n"));
    auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun&) {
      Fake f;
      f.summary["eval_seconds"] = 1;
      return f;
    });
    // The fixtures record knn_top1_random_init 10 + seed and a cost; knn 50: all eligible, so the first is chosen.
    CHECK_THAT(report_twice(plan), Catch::Contains("Chosen: **recipe = base**"));
    fs::remove(plan.runs.back().record);
    plan = contra::sweep::plan_sweep(sweep, "", {}, dir / "results");
    const auto files = contra::report::write_report(plan, kReferences);
    const std::string md = read_file(files.markdown);
    CHECK_THAT(md, Catch::Contains("Not judged yet: 15 of 16 planned runs are recorded."));
    CHECK(md.find("Chosen:") == std::string::npos);
    CHECK_THAT(line_starting(md, "| base | 50.00 |"), Catch::EndsWith("| — |"));
  }
  SECTION("runs without their random-init kNN") {
    const auto sweep = write_file(dir / "recipe.toml", recipe_sweep("objective = \"mean_over_series\"\n"
                                                                    "objective_cost_x = \"base\"\n"));
    const auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun&) {
      Fake f;
      f.summary["knn_top1_random_init"] = NAN;
      f.summary["eval_seconds"] = 1;
      return f;
    });
    CHECK_THAT(report_twice(plan), Catch::Contains("Not judged yet: a row's runs lack their random-init kNN"));
  }
  SECTION("a sweep whose runs could not be judged by it is refused before it trains") {
    const auto sweep = write_file(dir / "recipe.toml", recipe_sweep("objective = \"mean_over_series\"\n"
                                                                    "objective_cost_x = \"base\"\n",
                                                                    "[fixed]\n\"eval.knn_random_init\" = true\n"));
    CHECK_THAT(contra::testing::message_of([&] { (void)contra::sweep::plan_sweep(sweep, "", {}, dir / "results"); }),
               Catch::Contains("chooses on the validation split against each run's own random init, but run") &&
                   Catch::Contains("has eval.split = 'test' and eval.knn_random_init = true"));
  }
  SECTION("the keys' checks") {
    contra::testing::check_errors(
        [&](const std::string& extra) {
          const auto sweep = write_file(dir / "bad.toml", recipe_sweep(extra));
          return contra::testing::message_of([&] { (void)contra::config::load_sweep(sweep); });
        },
        {{"objective = \"best\"\nobjective_cost_x = \"base\"\n", "report.objective = 'best' is unknown"},
         {"objective = \"mean_over_series\"\n", "needs report.series (what it averages over) and "
                                                "report.objective_cost_x"},
         {"objective = \"mean_over_series\"\nobjective_cost_x = \"base\"\nobjective_cost_ratio = 0\n",
          "report.objective_cost_ratio = 0 must be a number >= 1"},
         {"objective = \"\"\nobjective_cost_x = \"base\"\n", "report.objective = '' names no rule"},
         {"objective_cost_ratio = 1.5\n", "report.objective = '' names no rule"},
         {"objective = \"mean_over_series\"\nobjective_cost_x = \"inherited\"\n",
          "report.objective_cost_x = 'inherited' names no point of the sweep; its labels: base, better, costly, no-learn"},
         {"objective = \"mean_over_series\"\nobjective_cost_x = \"base\"\nmetric = \"linear_top1\"\n",
          "so report.metric must be knn_top1 (report.metric = 'linear_top1')"}});
  }
}
