// Every mechanism through the real training loop (train/trainer.h; DESIGN.md, "The main job, end to
// end" and "Results store"): a tiny run per method name, three epochs of four steps, its status, a
// finite loss that goes down, and a complete record with the mechanism's own negatives count and costs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "../support/experiment.h"
#include "../support/temp_dir.h"
#include "contra/config/claims.h"
#include "contra/config/run_id.h"
#include "contra/config/load.h"
#include "contra/config/sweep.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"
#include "contra/train/failure.h"
#include "contra/train/loss_curve.h"
#include "contra/train/trainer.h"

namespace fs = std::filesystem;
using contra::testing::TempDir;

namespace {

std::vector<std::string> small_run(const std::string& method) {
  std::vector<std::string> sets = {"method.name=" + method, "data.train_subset=512", "data.test_subset=200",
                                   "optim.epochs=3",        "optim.batch=128",       "model.width=4",
                                   "eval.knn_random_init=false"};
  for (const auto& s : contra::testing::method_sets(method, {{"queue", "256"}, {"negatives", "256"}})) sets.push_back(s);
  if (method == "simclr") {
    sets.push_back("model.head=mlp");
    sets.push_back("model.bn_splits=1");
  }
  return sets;
}

double summary_number(const contra::store::RunRecord& rec, const std::string& key) {
  return contra::store::get_double(rec.summary, key, "/summary");
}

}  // namespace

// What a tiny run can be held to, seeded and on any machine (tiny runs of seeds 0–4 all pass it):
//  - it fails only by the chance rule: three epochs are not enough for every mechanism to end below
//    90% of its loss at chance (MoCo ends within 1% of that line at seed 0, the memory bank above
//    it), but a non-finite loss or collapsed embeddings (their std is 4–6× the threshold) would be
//    a bug, and the status must be the one the record's own numbers give;
//  - its loss goes down: the last epoch's mean below the second's. Not the first's: the stores start
//    random, so MoCo's first steps score against random unit vectors (a loss near 0) and the
//    memory bank's positives are random rows until an epoch has written them (a loss above chance).
//    From the second epoch on every mechanism's negatives and positives are the encoder's own.
TEST_CASE("e2e: one tiny run per mechanism gives a finite loss that goes down and a complete record", "[train][e2e]") {
  struct Expect {
    std::string name;
    std::int64_t negatives, k, store_bytes;
  };
  const std::int64_t batch = 128, dim = 128, train = 512;
  const std::vector<Expect> expect = {
      {"moco", 256, 256, dim * 256 * 4},
      {"memory_bank", 256, 256, train * dim * 4},
      {"end_to_end", batch - 1, batch, 0},
      {"simclr", 2 * batch - 2, batch, 0},
  };
  for (const auto& e : expect) {
    INFO("method " << e.name);
    TempDir dir;
    const auto exp = contra::testing::experiment_with(small_run(e.name));
    REQUIRE(exp.method.name == e.name);
    REQUIRE(exp.model.dim == dim);
    contra::train::RunContext ctx;
    ctx.out_dir = dir / "runs";
    ctx.quiet = true;
    ctx.threads = 1;
    ctx.axes = {"method.name", "optim.batch", "data.drop_last"};  // as a sweep varying them would pass them
    const auto result = contra::train::run_experiment(exp, ctx);
    INFO("status " << result.status << " reason " << result.reason);
    CHECK((result.status == "complete" || result.status == "fail"));
    if (result.status == "fail") CHECK_THAT(result.reason, Catch::Contains("the loss at chance"));
    CHECK(result.run_id == contra::config::run_id(exp));
    REQUIRE(result.file == contra::store::final_path(ctx.out_dir, result.run_id));
    REQUIRE(fs::is_regular_file(result.file));
    // No unfinished record remains.
    for (const auto& entry : fs::directory_iterator(ctx.out_dir)) {
      const std::string name = entry.path().filename().string();
      CHECK(name.find(".partial") == std::string::npos);
    }

    const auto rec = contra::store::read_run(result.file);
    const std::string what = result.file.string();
    // Root attributes.
    CHECK(contra::store::get_string(rec.attributes, "status", what) == result.status);
    CHECK(contra::store::get_string(rec.attributes, "run_id", what) == result.run_id);
    CHECK(contra::store::get_string(rec.attributes, "config", what) == contra::config::to_toml(exp));
    CHECK(contra::store::get_int(rec.attributes, "seed", what) == exp.run.seed);
    CHECK_FALSE(contra::store::get_string(rec.attributes, "git_sha", what).empty());
    CHECK_FALSE(contra::store::get_string(rec.attributes, "torch_version", what).empty());
    CHECK(contra::store::get_string(rec.attributes, "device", what) == "cpu");
    CHECK(contra::store::get_string(rec.attributes, "method", what) == e.name);
    CHECK(rec.attributes.count("reason") == 1);
    // The axes: their config values, numbers as numbers and the rest as TOML text.
    CHECK(contra::store::get_string(rec.attributes, "axes", what) ==
          "method.name='" + e.name + "' optim.batch=128 data.drop_last=true");
    CHECK(contra::store::get_string(rec.axes, "method.name", what) == "'" + e.name + "'");
    CHECK(std::get<double>(rec.axes.at("optim.batch")) == 128.0);
    CHECK(contra::store::get_string(rec.axes, "data.drop_last", what) == "true");
    CHECK(rec.attributes.count("schema_version") == 1);

    // Steps: 512 / 128 = 4 steps an epoch, 12 in all, every loss finite.
    const auto loss = contra::store::column_as_double(rec.steps, "loss");
    CHECK(loss.size() == 12);
    for (double l : loss) CHECK(std::isfinite(l));
    // Three epoch rows, every mean loss finite, and the last below the second.
    CHECK(contra::store::column_as_double(rec.epochs, "epoch") == std::vector<double>{1, 2, 3});
    const auto epoch_loss = contra::store::column_as_double(rec.epochs, "loss");
    REQUIRE(epoch_loss.size() == 3);
    for (double l : epoch_loss) CHECK(std::isfinite(l));
    CHECK(epoch_loss[2] < epoch_loss[1]);
    // The status the fail rule gives the record's own numbers: no collapse, and a fail exactly
    // when the loss curve does not converge (12 steps: too short to judge, so never); the
    // did-not-learn flag exactly when the last epoch ends within 10% of the loss at chance.
    const double chance = summary_number(rec, "chance_loss");
    CHECK(summary_number(rec, "embedding_std") > contra::train::collapse_threshold(dim));
    const auto curve = contra::train::judge_loss_curve(loss);
    CHECK_FALSE(curve.judged);
    CHECK((result.status == "fail") == curve.fails);
    CHECK(summary_number(rec, "loss_curve_judged") == 0);
    CHECK((summary_number(rec, "loss_near_chance") == 1) == (epoch_loss[2] >= 0.9 * chance));
    // Alignment and uniformity on the last (kNN) epoch only: unit vectors are at most 2 apart, so
    // 0 <= align <= 4 and −8 <= uniform <= 0.
    const auto align = contra::store::column_as_double(rec.epochs, "align");
    const auto uniform = contra::store::column_as_double(rec.epochs, "uniform");
    REQUIRE(align.size() == 3);
    REQUIRE(uniform.size() == 3);
    CHECK(std::isnan(align[0]));
    CHECK(std::isnan(uniform[1]));
    CHECK(align[2] >= 0);
    CHECK(align[2] <= 4);
    CHECK(uniform[2] >= -8);
    CHECK(uniform[2] < 0);

    // Summary: the final metrics and the mechanism's cost.
    const double knn = summary_number(rec, "knn_top1");
    CHECK(std::isfinite(knn));
    CHECK(knn >= 0);
    CHECK(knn <= 100);
    CHECK(knn == Approx(result.knn_top1));
    // The linear probe at the end of the run, with its protocol beside it.
    const double linear = summary_number(rec, "linear_top1");
    CHECK(linear >= 0);
    CHECK(linear <= 100);
    CHECK(summary_number(rec, "linear_train_top1") >= 0);
    CHECK(summary_number(rec, "linear_iterations") >= 1);
    CHECK_THAT(contra::store::get_string(rec.attributes, "linear_probe", what), Catch::Contains("L-BFGS"));
    CHECK(summary_number(rec, "train_seconds") > 0);
    CHECK(summary_number(rec, "images_per_s") > 0);
    CHECK(summary_number(rec, "peak_memory_bytes") > 0);
    CHECK(contra::store::get_int(rec.summary, "negatives", what) == e.negatives);
    CHECK(contra::store::get_int(rec.summary, "K", what) == e.k);
    CHECK(contra::store::get_int(rec.summary, "negatives_store_bytes", what) == e.store_bytes);
    CHECK(summary_number(rec, "flops_forward_per_image") > 0);
    CHECK(summary_number(rec, "train_flops_per_step") > 0);
    // Every attribute a report's x may name (config::names::kSummaryAxes) is recorded.
    for (const auto& attribute : contra::config::names::kSummaryAxes) CHECK(rec.summary.count(attribute) == 1);
    // Every attribute it records is one a condition may name (config::names::kSummaryAttributes).
    const auto& listed = contra::config::names::kSummaryAttributes;
    for (const auto& [attribute, value] : rec.summary) {
      INFO("/summary attribute " << attribute);
      CHECK(std::find(listed.begin(), listed.end(), attribute) != listed.end());
    }
    // knn_random_init was off: not measured.
    CHECK(std::isnan(result.knn_top1_random_init));
  }
}

TEST_CASE("e2e: a run started by a sweep records the claims it was trained under", "[train][e2e]") {
  TempDir dir;
  auto exp = contra::testing::experiment_with({"method.name=raw_pixels", "data.train_subset=512", "data.test_subset=200"});
  contra::train::RunContext ctx;
  ctx.out_dir = dir / "runs";
  ctx.quiet = true;
  ctx.threads = 1;
  ctx.claims_sha = "0123456789ab ba9876543210";
  const auto rec = contra::store::read_run(contra::train::run_experiment(exp, ctx).file);
  CHECK(contra::store::get_string(rec.attributes, "claims_sha", "record") == ctx.claims_sha);
  CHECK(contra::store::get_int(rec.attributes, "claims_rule_version", "record") == contra::config::kRuleVersion);
  // Started by hand (no sweep): no claims, and no attribute that would pass for them.
  ctx.claims_sha.clear();
  ctx.out_dir = dir / "by-hand";
  const auto plain = contra::store::read_run(contra::train::run_experiment(exp, ctx).file);
  CHECK(plain.attributes.count("claims_sha") == 0);
}
