// Fail as the paper means it, read from the records (report/runs.h RunSummary::failed), the
// "did not learn" flag beside it, and a supervised baseline that did not learn never called the
// ceiling (report/tables/baselines.h).
#include <catch2/catch.hpp>

#include "../support/temp_dir.h"
#include "contra/report/tables/baselines.h"
#include "contra/report/runs.h"
#include "contra/store/run_record.h"

using contra::testing::TempDir;

namespace {

/// A finished record with the given status, reason, step losses and last-epoch loss; chance 6.5.
contra::report::RunSummary read_back(const TempDir& dir, const std::string& status, const std::string& reason,
                                     std::vector<double> steps, double final_loss) {
  contra::store::RunRecord rec;
  rec.attributes["run_id"] = std::string("r1");
  rec.attributes["status"] = status;
  rec.attributes["reason"] = reason;
  rec.attributes["seed"] = std::int64_t{0};
  rec.attributes["config"] = std::string("[method]\nname = \"moco\"\n");
  if (!steps.empty()) rec.steps["loss"] = std::move(steps);
  rec.summary["chance_loss"] = 6.5;
  rec.summary["final_loss"] = final_loss;
  const auto file = dir / "r1.h5";
  contra::store::write_run(file, rec);
  return contra::report::read_summary(file);
}

std::vector<double> falling() {
  std::vector<double> v;
  for (int t = 0; t < 100; ++t) v.push_back(6.4 - 0.02 * t);
  return v;
}

}  // namespace

TEST_CASE("fail rule, read again: a record that failed rule 1 near chance and learned is not a fail today",
          "[report]") {
  TempDir dir;
  // rule 1 wrote status fail for a last-epoch loss within 10% of chance; the curve fell 31%
  const auto r = read_back(dir, "fail", "last-epoch mean loss 6.0000 is within 10% of the loss at chance", falling(), 6.0);
  CHECK_FALSE(r.failed);
  CHECK(r.fail_reason.empty());
  CHECK(r.loss_near_chance);  // the did-not-learn flag, a condition's input, never a verdict
}

TEST_CASE("fail rule, read again: a flat curve fails whatever the record says, a non-finite loss stays a fail",
          "[report]") {
  TempDir dir;
  auto r = read_back(dir, "complete", "", std::vector<double>(100, 6.0), 6.0);
  CHECK(r.failed);
  CHECK_THAT(r.fail_reason, Catch::Contains("did not converge"));
  r = read_back(dir, "fail", "loss became non-finite at step 12", {}, NAN);
  CHECK(r.failed);
  CHECK(r.fail_reason == "loss became non-finite at step 12");
  CHECK_FALSE(r.loss_near_chance);  // no last-epoch loss: not measured, not flagged
  r = read_back(dir, "complete", "", falling(), 4.5);
  CHECK_FALSE(r.failed);
  CHECK_FALSE(r.loss_near_chance);
  r = read_back(dir, "error", "out of memory", std::vector<double>(100, 6.0), NAN);
  CHECK_FALSE(r.failed);  // an error is its own status
}

TEST_CASE("baselines: a supervised baseline below random init did not learn and is never called the ceiling",
          "[report]") {
  using Role = contra::config::BaselineSpec::Role;
  std::vector<contra::report::BaselineRow> rows(2);
  rows[0].role = Role::init;
  rows[0].label = "random init";
  rows[0].knn = {74.93, 0.1, 3};
  rows[0].recorded = rows[0].planned = 3;
  rows[0].status = "ok";
  rows[1].role = Role::ceiling;
  rows[1].label = "supervised";
  rows[1].knn = {47.36, 1.0, 3};
  rows[1].recorded = rows[1].planned = 3;
  rows[1].status = "ok";
  auto marked = rows;
  contra::report::mark_ceiling_that_did_not_learn(marked);
  CHECK(marked[1].status == "did not learn: kNN 47.36 is not above random init's 74.93; not a ceiling");
  CHECK(marked[0].status == "ok");
  rows[1].knn.mean = 80.0;  // above random init: the ceiling
  marked = rows;
  contra::report::mark_ceiling_that_did_not_learn(marked);
  CHECK(marked[1].status == "ok");
  rows[1].status = "did not learn: loss within 10% of chance (3/3)";
  marked = rows;
  contra::report::mark_ceiling_that_did_not_learn(marked);
  CHECK(marked[1].status == "did not learn: loss within 10% of chance (3/3); not a ceiling");
}
