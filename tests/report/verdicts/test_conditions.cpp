// Claims that state the regime they need (config/claims.h Condition, report/verdicts/conditions.h): a
// condition that holds lets the claim be judged; one that fails makes it "not testable", naming
// the row, the value and the bound, and takes it out of Holm's family; a probe that stopped at
// its cap (or, in a record of the former probe, at 300 iterations) fails probe_converged; a
// condition naming a key no run holds, or malformed, is one line with its file:line.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <string>

#include "../../support/errors.h"
#include "../../support/report_fixtures.h"
#include "../../support/temp_dir.h"
#include "contra/config/references.h"
#include "contra/report/verdicts/claims_table.h"
#include "contra/report/report.h"
#include "contra/sweep/claims_sha.h"
#include "contra/sweep/slurm_launcher.h"

namespace fs = std::filesystem;
using contra::report::Outcome;
using namespace contra::testing;  // message_of, TempDir, write_file, check_errors
using namespace contra::testing::report_fixtures;

namespace {

constexpr const char* kAbove = "kind = \"above\"\nrow = { x = 512 }\nthan = { x = 256 }\n";

/// Two rows, batch 256 and 512, three seeds; one claim (by default: 512 above 256) with `conditions`.
std::string sweep_with(const TempDir& dir, const std::string& conditions, const std::string& claim = kAbove) {
  fs::create_directories(dir / "refs");
  write_file(dir / "refs" / "t.toml",
             "paper = \"P\"\nmetric = \"top-1 (%)\"\n[tab]\nwhere = \"T\"\nbatch = [256, 512]\n"
             "top1 = [50.0, 54.0]\n[[tab.claims]]\nsays = \"larger batches are better\"\n" +
                 claim + "conditions = [" + conditions + "]\n");
  return write_file(dir / "sweep.toml", "name = \"c\"\nexperiment = \"" + kExperiment +
                                            "\"\nseeds = [0, 1, 2]\n[grid]\n\"optim.batch\" = [256, 512]\n"
                                            "[preset.cpu]\n\"data.train_subset\" = 20000\n[report]\nreference = "
                                            "\"t.tab\"\nreference_x = \"batch\"\nreference_y = \"top1\"\nx = "
                                            "\"optim.batch\"\nx_label = \"batch\"\n");
}

contra::report::ClaimResult judge(const TempDir& dir, const std::string& conditions,
                                  const std::function<Fake(const contra::sweep::PlannedRun&)>& measure) {
  fs::remove_all(dir / "results");
  const auto plan = record_all(sweep_with(dir, conditions), dir / "results", measure);
  const auto results = contra::report::judge_sweep(plan, (dir / "refs").string());
  REQUIRE(results.size() == 1);
  return results[0];
}

/// 512 above 256 by 4 points, kNN 50 (random init's mean is 11), the probe converged.
Fake learned(const contra::sweep::PlannedRun& run) {
  Fake f;
  f.linear = (run.experiment.optim.batch == 512 ? 54 : 50) + 0.1 * static_cast<double>(run.seed);
  f.summary["linear_converged"] = 1;
  f.summary["steps"] = 20000.0 / static_cast<double>(run.experiment.optim.batch);
  return f;
}

}  // namespace

TEST_CASE("conditions: a claim whose conditions hold is judged", "[report][claims][conditions]") {
  TempDir dir;
  const auto r =
      judge(dir,
            "{ of = \"knn_over_random_init\", at_least = 5 }, { of = \"probe_converged\", at_least = 1 },"
            "{ of = \"summary.steps\", at_least = 30 }, { of = \"optim.batch / summary.steps\", at_most = 20 }",
            learned);
  INFO(r.verdict.evidence);
  CHECK(r.verdict.outcome == Outcome::reproduced);
}

TEST_CASE("conditions: a row that did not learn makes the claim not testable, naming it",
          "[report][claims][conditions]") {
  TempDir dir;
  const auto r = judge(dir, "{ of = \"knn_over_random_init\", at_least = 5, why = \"the rows must learn\" }",
                       [](const contra::sweep::PlannedRun& run) {
                         Fake f = learned(run);
                         if (run.experiment.optim.batch == 256) f.knn = 12;  // 1 point over random init's 11
                         return f;
                       });
  INFO(r.verdict.evidence);
  CHECK(r.verdict.outcome == Outcome::not_testable);
  CHECK(r.verdict.text() == "not testable");
  CHECK_FALSE(r.verdict.tested());  // out of Holm's family
  CHECK_THAT(
      r.verdict.evidence,
      Catch::StartsWith("condition not met: knn_over_random_init = 1 at batch = 256, below 5 (the rows must learn)"));
  CHECK_THAT(r.verdict.evidence, Catch::Contains("the test, not counted: A − B = +4.00"));
}

TEST_CASE("conditions: learned reads the did-not-learn flag, a loss near chance or kNN not above random init",
          "[report][claims][conditions]") {
  TempDir dir;
  const std::string learned_all = "{ of = \"learned\", at_least = 1, why = \"every run learned\" }";
  auto r = judge(dir, learned_all, learned);
  CHECK(r.verdict.outcome == Outcome::reproduced);
  // one run of batch 256 ends with its loss within 10% of chance: 2 of 3 learned there
  r = judge(dir, learned_all, [](const contra::sweep::PlannedRun& run) {
    Fake f = learned(run);
    if (run.experiment.optim.batch == 256 && run.seed == 1) f.summary["final_loss"] = 6.0, f.summary["chance_loss"] = 6.5;
    return f;
  });
  CHECK(r.verdict.outcome == Outcome::not_testable);
  CHECK_THAT(r.verdict.evidence, Catch::Contains("learned = 0.667 at batch = 256, below 1 (every run learned)"));
  // kNN at random init's (seed 0: 10, its own random init; the table's mean is 11): did not learn
  r = judge(dir, learned_all, [](const contra::sweep::PlannedRun& run) {
    Fake f = learned(run);
    if (run.experiment.optim.batch == 512) f.knn = 11;
    return f;
  });
  CHECK(r.verdict.outcome == Outcome::not_testable);
  CHECK_THAT(r.verdict.evidence, Catch::Contains("learned = 0 at batch = 512, below 1"));
}

TEST_CASE("conditions: a ratio of config keys, and a bound from above", "[report][claims][conditions]") {
  TempDir dir;
  // steps = 20000 / batch: 78.125 at 256, 39.0625 at 512; the experiment's m = 0.99 remembers 100
  // steps. The rows are checked in the claim's order: row (512), then than (256).
  auto r = judge(dir, "{ of = \"summary.steps\", at_least = 50 }", learned);
  CHECK(r.verdict.outcome == Outcome::not_testable);
  CHECK_THAT(r.verdict.evidence, Catch::Contains("summary.steps = 39.1 at batch = 512, below 50"));
  r = judge(dir, "{ of = \"horizon(method.momentum) / summary.steps\", at_most = 1 }", learned);
  CHECK(r.verdict.outcome == Outcome::not_testable);
  CHECK_THAT(r.verdict.evidence,
             Catch::Contains("horizon(method.momentum) / summary.steps = 2.56 at batch = 512, above 1"));
  // Every condition that fails is named, each at the first row it fails on.
  r = judge(dir, "{ of = \"summary.steps\", at_least = 50 }, { of = \"optim.batch\", at_most = 300 }", learned);
  CHECK_THAT(r.verdict.evidence, Catch::StartsWith("condition not met: summary.steps = 39.1 at batch = 512, below 50; "
                                                   "optim.batch = 512 at batch = 512, above 300; the test"));
}

TEST_CASE("conditions: a probe that stopped at its cap is not converged", "[report][claims][conditions]") {
  TempDir dir;
  const std::string probe = "{ of = \"probe_converged\", at_least = 1 }";
  auto r = judge(dir, probe, [](const contra::sweep::PlannedRun& run) {
    Fake f = learned(run);
    if (run.seed == 2 && run.experiment.optim.batch == 512) f.summary["linear_converged"] = 0;
    return f;
  });
  CHECK(r.verdict.outcome == Outcome::not_testable);
  CHECK_THAT(r.verdict.evidence, Catch::Contains("probe_converged = 0.667 at batch = 512, below 1"));
  // A record of the former probe (no linear_converged): converged when it stopped before 300.
  const auto former = [](double iterations) {
    return [iterations](const contra::sweep::PlannedRun& run) {
      Fake f = learned(run);
      f.summary.erase("linear_converged");
      f.summary["linear_iterations"] = iterations;
      return f;
    };
  };
  CHECK(judge(dir, probe, former(300)).verdict.outcome == Outcome::not_testable);
  CHECK(judge(dir, probe, former(212)).verdict.outcome == Outcome::reproduced);
}

TEST_CASE("conditions: a key no run holds, two bounds or an unknown quantity is one line with file:line",
          "[report][claims][conditions][config]") {
  TempDir dir;
  const auto error = [&](const std::string& conditions) {
    return message_of([&] {
      const auto plan = contra::sweep::plan_sweep(sweep_with(dir, conditions), "", {}, dir / "results");
      contra::report::check_references(plan, (dir / "refs").string());
    });
  };
  contra::testing::check_errors(error, {
      {"{ of = \"method.qeueu / optim.batch\", at_least = 4 }",
       "t.toml:12: conditions: of = 'method.qeueu / optim.batch' names 'method.qeueu', which the runs' configs do "
       "not hold as a number"},
      {"{ of = \"optim.batch\", at_least = 4, at_most = 8 }", "exactly one bound"},
      {"{ of = \"optim.batch\" }", "exactly one bound"},
      {"{ of = \"learned please\", at_least = 1 }", "is not a quantity"},
      {"{ of = \"optim.batch\", at_least = 1, when = 2 }", "'when' is unknown"},
      {"{ of = \"optim.batch / summary.steps / summary.steps\", at_least = 1 }", "divides more than once"},
      {"{ of = \"summary.\", at_least = 1 }", "is not a quantity"},
      // A misspelt /summary name is an error before any run, not a claim made "not testable".
      {"{ of = \"summary.stepz\", at_least = 1 }", "of = 'summary.stepz' names no /summary attribute a run records"},
      {"{ of = \"optim.batch / summary.nosuch\", at_least = 1 }", "'summary.nosuch' names no /summary attribute"},
      {"{ of = 3, at_least = 1 }", "of = 3 must be a quantity as text"},
      // `on` names a row the claim's kind compares, checked before any run trains.
      {"{ of = \"optim.batch\", at_least = 1, on = \"then_row\" }",
       "on = 'then_row', but a claim of kind 'above' names no such row"},
  });
  const auto trend_on = message_of([&] {
    const auto plan = contra::sweep::plan_sweep(
        sweep_with(dir, "{ of = \"optim.batch\", at_least = 1, on = \"row\" }", "kind = \"increases\"\n"), "", {},
        dir / "results");
    contra::report::check_references(plan, (dir / "refs").string());
  });
  CHECK_THAT(trend_on, Catch::Contains("on = 'row', but a claim of kind 'increases' names no such row"));
}

TEST_CASE("conditions: a quantity that overflows or divides by zero is not measured, never held",
          "[report][claims][conditions]") {
  TempDir dir;
  // Three finite values whose sum overflows: the mean is not a number the bound can hold.
  auto r = judge(dir, "{ of = \"summary.eval_seconds\", at_least = 1e300, on = \"row\" }",
                 [](const contra::sweep::PlannedRun& run) {
                   Fake f = learned(run);
                   f.summary["eval_seconds"] = run.seed == 2 ? -1e308 : 1e308;
                   return f;
                 });
  CHECK(r.verdict.outcome == Outcome::not_testable);
  CHECK_THAT(r.verdict.evidence, Catch::Contains("summary.eval_seconds not measured at batch = 512"));
  // An infinite operand (1 / (1 - 1)) or a zero divisor: not measured, whatever the bound.
  r = judge(dir, "{ of = \"optim.batch / horizon(augment.crop_scale_max)\", at_least = 0 }", learned);
  CHECK(r.verdict.outcome == Outcome::not_testable);
  r = judge(dir, "{ of = \"optim.batch / optim.warmup_epochs\", at_most = 1e9 }", learned);
  CHECK(r.verdict.outcome == Outcome::not_testable);
}

TEST_CASE("pre-registration: a claim is pre-registered when every record it judges stores its hash",
          "[report][claims][conditions]") {
  TempDir dir;
  const std::string conditions = "{ of = \"optim.batch\", at_least = 1 }";
  (void)sweep_with(dir, conditions);
  const auto claim = contra::config::load_reference((dir / "refs").string(), "t.tab").claims.at(0);
  const std::string hash = contra::config::claim_hash(claim);
  REQUIRE(hash.size() == 12);
  const auto with_sha = [&](const std::string& sha) {
    return [sha](const contra::sweep::PlannedRun& run) {
      Fake f = learned(run);
      f.claims_sha = sha;
      return f;
    };
  };
  CHECK(judge(dir, conditions, with_sha("0123456789ab " + hash)).registered == "yes");
  // The claim edited after its runs (another hash in every record), or records from before.
  CHECK(judge(dir, conditions, with_sha("0123456789ab")).registered == "revised after its runs (6 of 6)");
  CHECK(judge(dir, conditions, learned).registered == "no: 6 of 6 records predate it");
  // A claim's hash follows what it says and needs, not where it stands in the file.
  auto edited = claim;
  edited.where = "elsewhere.toml:99";
  CHECK(contra::config::claim_hash(edited) == hash);
  edited.conditions.at(0).at_least = 2;
  CHECK(contra::config::claim_hash(edited) != hash);
  // The table counts the pre-registered claims.
  fs::remove_all(dir / "results");
  const auto plan = record_all(sweep_with(dir, conditions), dir / "results", with_sha(hash));
  const auto md = contra::testing::read_file(contra::report::write_report(plan, (dir / "refs").string()).markdown);
  CHECK_THAT(md, Catch::Contains("Pre-registered: 1 of 1 claims"));
  CHECK_THAT(md, !Catch::Contains("The others were written"));  // there are none
  CHECK_THAT(md, Catch::Contains("| yes |"));
  // What contra sweep hands each run: the hashes of the table's claims, in file order.
  auto with_refs = plan;  // the sweep file names none: its references are the default folder
  with_refs.sweep.references = (dir / "refs").string();
  CHECK(contra::sweep::claims_sha(with_refs) == hash);
  // ... as each task of a SLURM array passes them to `contra train` (the local launcher alike).
  auto todo = contra::sweep::plan_sweep(sweep_with(dir, conditions), "", {}, dir / "fresh-results");
  todo.sweep.references = with_refs.sweep.references;
  contra::sweep::SlurmOptions slurm;
  slurm.executable = "contra";
  const auto array = contra::sweep::write_slurm_array(todo, slurm);
  const auto tasks = contra::testing::read_file(array.tasks);
  CHECK(array.tasks_count == 6);
  CHECK_THAT(tasks, Catch::Contains("--claims-sha '" + hash + "'"));  // quoted for the shell
  auto off = with_refs;
  off.sweep.report.claims = false;
  CHECK(contra::sweep::claims_sha(off).empty());
}

TEST_CASE("suite: a TOML beside the sweep that does not parse is named, never silently out of Holm's family",
          "[report][claims][conditions]") {
  TempDir dir;
  fs::remove_all(dir / "results");
  const auto plan = record_all(sweep_with(dir, "{ of = \"optim.batch\", at_least = 1 }"), dir / "results", learned);
  write_file(dir / "broken.toml", "name = \"b\"\nseeds = [0, 1\n");
  const auto md = contra::testing::read_file(contra::report::write_report(plan, (dir / "refs").string()).markdown);
  CHECK_THAT(md, Catch::Contains("Left out of the correction: broken.toml: "));
  CHECK_THAT(md, Catch::Contains("(1 sweep(s) of the folder left out)"));
}

TEST_CASE("conditions: the table counts not testable apart", "[report][claims][conditions]") {
  TempDir dir;
  fs::remove_all(dir / "results");
  const auto plan =
      record_all(sweep_with(dir, "{ of = \"summary.steps\", at_least = 1000 }"), dir / "results", learned);
  const auto files = contra::report::write_report(plan, (dir / "refs").string());
  const std::string md = contra::testing::read_file(files.markdown);
  CHECK_THAT(md, Catch::Contains("0 of 1 claims reproduced, 0 contradicted, 0 inconclusive, 1 not testable"));
  CHECK_THAT(md, Catch::Contains("Holm over 0 tested claims of 1 table"));
}
