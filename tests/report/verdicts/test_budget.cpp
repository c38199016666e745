// A sweep's [budget] (config/budget.h; docs/recipe.md, "Budgets"): the most wall time its table may
// take, stated before its runs, and the report's line that checks it on the records (their wall
// times, baselines included, summed over the runs side by side); bad input, one line each.
#include <catch2/catch.hpp>

#include <string>

#include "../../support/errors.h"
#include "../../support/report_fixtures.h"
#include "../../support/temp_dir.h"
#include "contra/config/sweep.h"

using namespace contra::testing;
using namespace contra::testing::report_fixtures;

namespace {

/// Two rows x 3 seeds, and 7 baseline runs (raw pixels once, random init and supervised per seed).
std::string budget_sweep(const TempDir& dir, const std::string& budget) {
  return write_file(dir / "sweep.toml", "name = \"b\"\nexperiment = \"" + kExperiment +
                                            "\"\nseeds = [0, 1, 2]\n[grid]\n\"method.momentum\" = [0.9, 0.99]\n"
                                            "[preset.cpu]\n\"data.train_subset\" = 20000\n[report]\nclaims = false\n" +
                                            budget);
}

}  // namespace

TEST_CASE("budget: the records' wall time against the budget, baselines included", "[report][protocol]") {
  TempDir dir;
  // 13 records of 60 s each (the fixtures' started_at and ended_at), 2 side by side: 6.5 minutes.
  const std::string fit = "fit = \"2 rows x 3 seeds\"\n";
  SECTION("within") {
    const auto plan = record_all(budget_sweep(dir, "[budget]\nminutes = 7\njobs = 2\n" + fit), dir / "results",
                                 [](const contra::sweep::PlannedRun&) { return Fake{}; });
    const std::string md = report_twice(plan);
    CHECK_THAT(md, Catch::Contains("at most 7 minutes on this machine with 2 runs side by side, baselines included "
                                   "(2 rows x 3 seeds). Its 13 records took 6.5 minutes (the sum of their wall times, "
                                   "started_at to ended_at, over 2): within its budget."));
  }
  SECTION("over, with one run twice as long") {
    const auto plan = record_all(budget_sweep(dir, "[budget]\nminutes = 6.5\n" + fit), dir / "results",
                                 [](const contra::sweep::PlannedRun& run) {
                                   Fake f;
                                   if (run.seed == 0 && run.experiment.method.get<double>("momentum") == 0.9)
                                     f.attributes["ended_at"] = "2026-12-07T06:02:00Z";
                                   return f;
                                 });
    CHECK_THAT(report_twice(plan), Catch::Contains("Its 13 records took 7.0 minutes (the sum of their wall times, "
                                                   "started_at to ended_at, over 2): OVER its budget."));
  }
  SECTION("a record without its times is not judged") {
    const auto plan = record_all(budget_sweep(dir, "[budget]\nminutes = 60\n" + fit), dir / "results",
                                 [](const contra::sweep::PlannedRun& run) {
                                   Fake f;
                                   if (run.seed == 1) f.attributes["started_at"] = "yesterday";
                                   return f;
                                 });
    CHECK_THAT(report_twice(plan), Catch::Contains(": 11 of 13 records timed, 6 of 6 runs and 7 of 7 baseline runs recorded, so not judged."));
  }
}

TEST_CASE("budget: bad input is one line naming the file, line and key", "[config][protocol]") {
  TempDir dir;
  check_errors(
      [&](const std::string& budget) {
        return message_of([&] { (void)contra::config::load_sweep(budget_sweep(dir, budget)); });
      },
      {{"[budget]\nminutes = 0\nfit = \"x\"\n", "budget: minutes = 0 must be a positive number of minutes"},
       {"[budget]\nminutes = \"30\"\nfit = \"x\"\n", "must be a positive number of minutes"},
       {"[budget]\nminutes = 30\njobs = 0\nfit = \"x\"\n", "budget: jobs = 0 must be a whole number in [1, 1024]"},
       {"[budget]\nminutes = 30\njobs = 2000\nfit = \"x\"\n", "budget: jobs = 2000 must be a whole number in [1, 1024]"},
       {"[budget]\nminutes = 30\nfit = \"  \"\n", "budget: fit = "},
       {"[budget]\nminutes = 30\n", "[budget] needs fit (how its seeds or rows were fitted to it)"},
       {"[budget]\nfit = \"x\"\n", "[budget] needs minutes (the most the table may take)"},
       {"[budget]\nminutes = 30\nfit = \"a\\nb\"\n", "budget: fit = "},
       {"[budget]\nminutes = 30\nfit = \"x\"\nhours = 1\n", "budget: 'hours' is unknown; [budget] takes minutes, jobs"},
       {"[budget]\nminutes = 30\nfit = \"x\"\npresets = [\"gpu\"]\n",
        "budget: presets names 'gpu', which the sweep does not define"},
       {"[budget]\nminutes = 30\nfit = \"x\"\npresets = [\"cpu\", \"cpu\"]\n",
        "budget: presets = [ 'cpu', 'cpu' ] names 'cpu' twice"},
       {"[budget]\nminutes = 30\nfit = \"x\"\npresets = []\n",
        "budget: presets = [] must be a non-empty array of preset names (strings): the presets it holds for"}});
}
