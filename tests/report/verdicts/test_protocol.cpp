// A sweep's protocol (config/scale_rules.h, report/verdicts/protocol.h): scale rules that carry the ratio a
// claim's mechanism needs, checked on the planned configs before any run and added to the claims
// they name as conditions; the power rule that sets a table's seeds; and bad input, one line each.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <string>

#include "../../support/errors.h"
#include "../../support/report_fixtures.h"
#include "../../support/temp_dir.h"
#include "contra/config/sweep.h"
#include "contra/report/verdicts/conditions.h"
#include "contra/report/verdicts/protocol.h"
#include "contra/report/report.h"
#include "contra/report/verdicts/verdict.h"
#include "contra/sweep/claims_sha.h"

namespace fs = std::filesystem;
using contra::report::Outcome;
using namespace contra::testing;
using namespace contra::testing::report_fixtures;

namespace {

/// Two rows (batch 256, 512), the experiment's K = 4096 unless `queue` says; `protocol` appended.
std::string sweep_with(const TempDir& dir, const std::string& protocol, const std::string& queue = "4096") {
  fs::create_directories(dir / "refs");
  write_file(dir / "refs" / "t.toml",
             "paper = \"P\"\nmetric = \"top-1 (%)\"\n[tab]\nwhere = \"T\"\nbatch = [256, 512]\ntop1 = [50.0, 54.0]\n"
             "[[tab.claims]]\nsays = \"larger batches are better\"\nkind = \"above\"\nrow = { x = 512 }\n"
             "than = { x = 256 }\n");
  return write_file(dir / "sweep.toml", "name = \"p\"\nexperiment = \"" + kExperiment +
                                            "\"\nseeds = [0, 1, 2]\n[grid]\n\"optim.batch\" = [256, 512]\n"
                                            "\"method.queue\" = [" + queue + "]\n[preset.cpu]\n\"data.train_subset\" = 20000\n"
                                            "[report]\nreference = \"t.tab\"\nreference_x = \"batch\"\nreference_y = \"top1\"\n"
                                            "x = \"optim.batch\"\nx_label = \"batch\"\n" + protocol);
}

const char* kAgeRule =
    "[[scale_rules]]\nof = \"method.queue / optim.batch\"\nat_least = 4\npaper = 16\nclaims = [1]\n"
    "why = \"the queue's age in steps\"\n";

Fake learned(const contra::sweep::PlannedRun& run) {
  Fake f;
  f.linear = (run.experiment.optim.batch == 512 ? 54 : 50) + 0.1 * static_cast<double>(run.seed);
  return f;
}

}  // namespace

TEST_CASE("scale rules: kept by the preset, the claim is judged and the note says so", "[report][protocol]") {
  TempDir dir;
  const auto plan = record_all(sweep_with(dir, kAgeRule), dir / "results", learned);
  const auto notes = contra::report::protocol_notes(plan);
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Catch::Contains("method.queue / optim.batch at least 4 (the paper's: 16; the queue's age in "
                                       "steps) for C1: kept by every run of preset cpu."));
  CHECK(contra::report::protocol_warnings(plan).empty());
  const auto r = contra::report::judge_sweep(plan, (dir / "refs").string());
  REQUIRE(r.size() == 1);
  CHECK(r[0].verdict.outcome == Outcome::reproduced);
}

TEST_CASE("scale rules: broken by the preset, the warning names the run and the claim is not testable",
          "[report][protocol]") {
  TempDir dir;
  // K = 1024: 4 batches of 256 (kept), 2 of 512 (broken)
  const auto plan = record_all(sweep_with(dir, kAgeRule, "1024"), dir / "results", learned);
  const auto warnings = contra::report::protocol_warnings(plan);
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0], Catch::Contains("BROKEN on preset cpu by 3 of 6 runs, first method.queue / optim.batch = 2 "
                                          "at run") &&
                              Catch::Contains("optim.batch=512") && Catch::Contains("so C1 is not testable here"));
  const auto r = contra::report::judge_sweep(plan, (dir / "refs").string());
  REQUIRE(r.size() == 1);
  CHECK(r[0].verdict.outcome == Outcome::not_testable);
  CHECK_THAT(r[0].verdict.evidence, Catch::Contains("method.queue / optim.batch = 2 at batch = 512, below 4 (the "
                                                    "sweep's scale rule") &&
                                        Catch::Contains("the paper's ratio 16"));
  // A rule that cannot be kept says why, in the warning and the evidence.
  fs::remove_all(dir / "results");
  const auto cannot = record_all(
      sweep_with(dir, std::string(kAgeRule) + "cannot_keep = \"n is too small for both\"\n", "1024"),
      dir / "results", learned);
  CHECK_THAT(contra::report::protocol_warnings(cannot).at(0), Catch::Contains("cannot keep it: n is too small for both"));
  CHECK_THAT(contra::report::judge_sweep(cannot, (dir / "refs").string()).at(0).verdict.evidence,
             Catch::Contains("the preset cannot keep it: n is too small for both"));
}

TEST_CASE("scale rules: part of the claims' hash, so a rule edited after the runs marks them revised",
          "[report][protocol]") {
  TempDir dir;
  auto plan = record_all(sweep_with(dir, kAgeRule), dir / "results", learned);
  plan.sweep.references = (dir / "refs").string();
  const std::string with_rule = contra::sweep::claims_sha(plan);
  plan.sweep.scale_rules.clear();
  CHECK(contra::sweep::claims_sha(plan) != with_rule);
}

TEST_CASE("power rule: the seeds it asks for, never fewer than 5, and an under-powered preset",
          "[report][protocol]") {
  contra::config::PowerRule p;
  p.detect = 1.0;
  p.sd = 1.0;
  // n = 10: (t_{.975,9} + t_{.80,9}) / sqrt(10) = (2.262 + 0.883) / 3.162 = 0.995 <= 1; n = 9: 1.05
  CHECK(contra::report::seeds_needed(p) == 10);
  CHECK(contra::report::min_detectable(1.0 / 3.0, 8) > 1.0);
  p.sd = 0.1;
  CHECK(contra::report::seeds_needed(p) == 5);  // 3 would do; the floor is 5
  TempDir dir;
  const auto plan = record_all(
      sweep_with(dir, "[power]\ndetect = 1.0\nsd = 1.0\nsd_from = \"a pilot\"\n"), dir / "results", learned);
  const auto warnings = contra::report::protocol_warnings(plan);
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0], Catch::Contains("a table needs 10 seeds (never fewer than 5); preset cpu runs 3: "
                                          "UNDER-POWERED"));
  // the pilot's SD holds at the pilot's scale: a preset the rule does not name gets no line
  fs::remove_all(dir / "results");
  const auto other = record_all(
      sweep_with(dir, "[preset.big]\n\"data.train_subset\" = 30000\n[power]\ndetect = 1.0\nsd = 1.0\nsd_from = \"a "
                      "pilot\"\npresets = [\"big\"]\n"),
      dir / "results", learned);
  CHECK(contra::report::protocol_warnings(other).empty());
}

TEST_CASE("scale and power rules: bad input is one line naming the file, line and key", "[report][protocol]") {
  TempDir dir;
  const auto error_of = [&](const std::string& protocol) {
    return message_of([&] { (void)contra::config::load_sweep(sweep_with(dir, protocol)); });
  };
  // a rule with `body` and a why (the why is required; each case leaves out or spoils one thing)
  const auto rule = [](const std::string& body) { return "[[scale_rules]]\n" + body + "why = \"w\"\n"; };
  const std::string power = "[power]\ndetect = 1\nsd = 0.5\nsd_from = \"x\"\n";
  check_errors(error_of, {
      {rule("of = \"optim.batch\"\nat_least = 4\nclaims = [1]\n"), "a scale rule needs paper ="},
      {rule("of = \"optim.batch\"\nat_least = 4\npaper = 16\n"), "a scale rule needs claims ="},
      {rule("of = \"optim.batch\"\nat_least = 4\npaper = -1\nclaims = [1]\n"), "paper = -1 must be"},
      {rule("of = \"optim.batch\"\nat_least = 4\npaper = 2\nclaims = [1]\n"),
       "paper = 2 does not meet the rule's own bound (at_least 4)"},
      {rule("of = \"optim.batch\"\nat_least = 4\npaper = 16\nclaims = [0]\n"), "0 is no claim number"},
      {rule("of = \"optim.batch\"\nat_least = 4\npaper = 16\nclaims = [1, 1]\n"), "names C1 twice"},
      {rule("of = \"optim.batch\"\npaper = 16\nclaims = [1]\n"), "exactly one bound"},
      {rule("of = \"optim batch\"\nat_least = 4\npaper = 16\nclaims = [1]\n"), "is not a quantity"},
      {rule("of = \"summary.nosuch\"\nat_least = 4\npaper = 16\nclaims = [1]\n"), "names no /summary attribute"},
      {rule("of = \"optim.batch\"\nat_least = 4\npaper = 16\nclaims = [1]\nratio = 2\n"), "'ratio' is unknown"},
      {rule("at_least = 4\npaper = 16\nclaims = [1]\n"), "a condition needs of = the quantity it bounds"},
      {rule("of = \"learned\"\nat_least = 2\npaper = 1\nclaims = [1]\n"), "at_least = 2 on 'learned', a fraction"},
      {rule("of = \"optim.batch\"\nat_least = 4\npaper = 16\nclaims = [1]\ncannot_keep = \"a\\nb\"\n"),
       "cannot_keep = "},
      {"[[scale_rules]]\nof = \"optim.batch\"\nat_least = 4\npaper = 16\nclaims = [1]\n", "a scale rule needs why ="},
      {"[[scale_rules]]\nof = \"optim.batch\"\nat_least = 4\npaper = 16\nclaims = [1]\nwhy = \"\"\n",
       "why = '' must say, as one line of text"},
      {"[power]\ndetect = 1.0\nsd = 0.5\n", "[power] needs sd_from (where the SD comes from)"},
      {"[power]\nsd_from = \"x\"\n", "[power] needs detect (the difference to detect), sd (the per-seed SD it assumes)"},
      {"[power]\ndetect = 0\nsd = 0.5\nsd_from = \"x\"\n", "detect = 0 must be a positive number"},
      {power + "alpha = 0.1\n", "power: 'alpha' is unknown"},
      {power + "unit = \"\"\n", "power: unit = '' must be one line of text"},
      {power + "unit = \"a\\nb\"\n", "power: unit = '''a\\nb''' must be one line of text"},
      {"[[scale_rules]]\nof = \"optim.batch\"\nat_least = 4\npaper = 16\nclaims = [1]\nwhy = \"\"\"a\nb\"\"\"\n",
       "must say, as one line of text"},
      {power + "presets = [\"gpu\"]\n", "presets names 'gpu', which the sweep"},
      {power + "presets = [\"cpu\", \"cpu\"]\n", "power: presets = [ 'cpu', 'cpu' ] names 'cpu' twice"},
  });
  CHECK_THAT(error_of(rule("of = \"optim.batch\"\nat_least = 4\npaper = 16\nclaims = [1]\nratio = 2\n")),
             Catch::Contains("sweep.toml:"));
  // A rule naming a claim the cited table lacks: the report says so, with the rule's line.
  fs::remove_all(dir / "results");
  const auto plan = record_all(
      sweep_with(dir, rule("of = \"optim.batch\"\nat_least = 4\npaper = 16\nclaims = [2]\n")),
      dir / "results", learned);
  CHECK_THAT(message_of([&] { (void)contra::report::judge_sweep(plan, (dir / "refs").string()); }),
             Catch::Contains("scale_rules: claims names C2, but the cited table has 1 claim"));
}

TEST_CASE("scale rules: a measured ratio is judged on the recorded rows, a zero denominator is never kept",
          "[report][protocol]") {
  TempDir dir;
  // summary.steps: 20000/batch, 78.1 at 256 and 39.1 at 512
  const std::string steps_rule = "[[scale_rules]]\nof = \"summary.steps\"\nat_least = 50\npaper = 5000\nclaims = [1]\n"
                                 "why = \"enough steps\"\n";
  const auto measured = [](const contra::sweep::PlannedRun& run) {
    Fake f = learned(run);
    f.summary["steps"] = 20000.0 / static_cast<double>(run.experiment.optim.batch);
    return f;
  };
  const auto plan = record_all(sweep_with(dir, steps_rule), dir / "results", measured);
  CHECK(contra::report::protocol_warnings(plan).empty());  // nothing to check before the runs
  CHECK_THAT(contra::report::protocol_notes(plan).at(0),
             Catch::Contains("its ratio is measured, so it is checked on the records once the runs are trained"));
  const auto rows = contra::report::judge_sweep(plan, (dir / "refs").string());
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].verdict.outcome == Outcome::not_testable);
  // the table's note judges it on the records, as the claim's condition does
  const auto files = contra::report::write_report(plan, (dir / "refs").string());
  CHECK_THAT(read_file(files.markdown),
             Catch::Contains("BROKEN on the records: summary.steps = 39.1 at batch = 512, below 50, so C1 is not testable"));
  // a division by zero is not measured: broken, never "kept" (the grid adds m = 0 beside the queue)
  fs::remove_all(dir / "results");
  const auto zero = record_all(
      sweep_with(dir, "[[scale_rules]]\nof = \"method.queue / method.momentum\"\nat_least = 1\npaper = 4000\n"
                      "claims = [1]\nwhy = \"w\"\n",
                 "4096]\n\"method.momentum\" = [0.0"),
      dir / "results", learned);
  CHECK_THAT(contra::report::protocol_warnings(zero).at(0),
             Catch::Contains("BROKEN on preset cpu by 6 of 6 runs, first method.queue / method.momentum = not measured "
                             "(a division by zero)"));
}

TEST_CASE("power rule: more seeds than it can count, and a preset it does not cover", "[report][protocol]") {
  contra::config::PowerRule p;
  p.detect = 0.001;
  p.sd = 1.0;
  CHECK(contra::report::seeds_needed(p) == -1);
  TempDir dir;
  auto plan = record_all(sweep_with(dir, "[power]\ndetect = 0.001\nsd = 1.0\nsd_from = \"a pilot\"\n"), dir / "results",
                         learned);
  CHECK_THAT(contra::report::protocol_warnings(plan).at(0),
             Catch::Contains("a table needs more than 1000 seeds") && Catch::Contains("UNDER-POWERED"));
  plan.sweep.power->presets = {"gpu"};
  const auto notes = contra::report::protocol_notes(plan);
  REQUIRE(notes.size() == 1);
  CHECK_THAT(notes[0], Catch::Contains("it sets the seeds of preset gpu, not of preset cpu."));
}

TEST_CASE("scale rules: a sweep that judges no claims takes none, and a bound met to rounding holds", "[report][protocol]") {
  TempDir dir;
  const std::string file = sweep_with(dir, std::string(kAgeRule));
  std::string text = read_file(file);
  text.replace(text.find("[[scale_rules]]"), 0, "claims = false\n");
  write_file(dir / "no-claims.toml", text);
  CHECK_THAT(message_of([&] { (void)contra::config::load_sweep((dir / "no-claims.toml").string()); }),
             Catch::Contains("scale_rules govern claims, but the sweep cites no table whose claims it judges"));
  contra::config::Condition c;
  c.at_most = 10000;
  CHECK(contra::report::meets(c, 1.0 / (1.0 - 0.9999)));  // 10000.000000001 in binary
  CHECK_FALSE(contra::report::meets(c, 10000.1));
  CHECK_FALSE(contra::report::meets(c, NAN));
}
