// [[block]] sweeps (DESIGN.md, "Config"; sweeps/ablation-mechanism.toml): each block holds its
// own axes, plain keys that override only its runs, and its own [[block.zip]]; every block is
// crossed with [grid], and the sweep runs the union, blocks in file order. Also the [report]
// fields of the ablation, grid and cost reports.
#include <catch2/catch.hpp>

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "../support/errors.h"
#include "../support/sweep_points.h"
#include "../support/temp_dir.h"
#include "contra/config/sweep.h"
#include "contra/core/error.h"
#include "contra/sweep/plan.h"

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
using contra::testing::write_file;

namespace {

bool sets(const std::vector<contra::config::Override>& overrides, const std::string& key) {
  for (const auto& o : overrides)
    if (o.key == key) return true;
  return false;
}

/// Two blocks crossed with a global [grid]: MoCo over the queue with its own momentum, and
/// end-to-end with batch and BN splits zipped and linear lr scaling.
std::string blocks_sweep() {
  return sweep_header() +
         "name = \"blocks\"\n"
         "seeds = [0, 1]\n"
         "[grid]\n"
         "\"method.temperature\" = [0.1, 0.2]\n"
         "\n"
         "[[block]]\n"
         "\"method.name\" = [\"moco\"]\n"
         "\"method.queue\" = [256, 512]\n"
         "\"method.momentum\" = 0.9\n"
         "\n"
         "[[block]]\n"
         "\"method.name\" = [\"end_to_end\"]\n"
         "\"optim.lr_scaling\" = \"linear\"\n"
         "[[block.zip]]\n"
         "\"optim.batch\" = [64, 128]\n"
         "\"model.bn_splits\" = [2, 4]\n"
         "\n"
         "[preset.cpu]\n"
         "\"data.train_subset\" = 2000\n"
         "[preset.small]\n"
         "seeds = [5]\n"
         "[preset.small.grid]\n"
         "\"method.queue\" = [1024]\n";
}

}  // namespace

TEST_CASE("sweep blocks: the union over blocks in file order, each crossed with the global grid", "[config]") {
  TempDir dir;
  const auto file = write_file(dir / "blocks.toml", blocks_sweep());
  const auto sweep = load_sweep(file);
  REQUIRE(sweep.blocks.size() == 2);
  CHECK(sweep.blocks[0].grid.size() == 2);
  CHECK(sweep.blocks[0].zips.empty());
  REQUIRE(sweep.blocks[0].fixed.size() == 1);
  CHECK(sweep.blocks[0].fixed[0].key == "method.momentum");
  CHECK(sweep.blocks[1].grid.size() == 1);
  REQUIRE(sweep.blocks[1].zips.size() == 1);
  CHECK(sweep.blocks[1].zips[0].keys == std::vector<std::string>{"optim.batch", "model.bn_splits"});
  REQUIRE(sweep.axes.grid.size() == 1);
  CHECK(sweep.axes.grid[0].key == "method.temperature");

  const auto runs = expand(sweep, "");
  // Block 1: 2 temperatures × 2 queues; block 2: 2 temperatures × 2 zip points; × 2 seeds.
  REQUIRE(runs.size() == 16);
  const std::string moco = axes_of(runs[0])[1].second;  // the TOML literal of "moco"
  CHECK_THAT(moco, Catch::Contains("moco"));
  const std::string e2e = axes_of(runs[8])[1].second;
  CHECK_THAT(e2e, Catch::Contains("end_to_end"));
  const std::vector<Axes> want = {
      {{"method.temperature", "0.1"}, {"method.name", moco}, {"method.queue", "256"}},
      {{"method.temperature", "0.1"}, {"method.name", moco}, {"method.queue", "512"}},
      {{"method.temperature", "0.2"}, {"method.name", moco}, {"method.queue", "256"}},
      {{"method.temperature", "0.2"}, {"method.name", moco}, {"method.queue", "512"}},
      {{"method.temperature", "0.1"}, {"method.name", e2e}, {"optim.batch", "64"}, {"model.bn_splits", "2"}},
      {{"method.temperature", "0.1"}, {"method.name", e2e}, {"optim.batch", "128"}, {"model.bn_splits", "4"}},
      {{"method.temperature", "0.2"}, {"method.name", e2e}, {"optim.batch", "64"}, {"model.bn_splits", "2"}},
      {{"method.temperature", "0.2"}, {"method.name", e2e}, {"optim.batch", "128"}, {"model.bn_splits", "4"}},
  };
  for (std::size_t i = 0; i < runs.size(); ++i) {
    INFO("run " << i);
    CHECK(axes_of(runs[i]) == want[i / 2]);
    CHECK(runs[i].seed == static_cast<std::int64_t>(i % 2));  // seeds innermost
    CHECK(value_of(runs[i].overrides, "run.seed") == std::to_string(i % 2));
    CHECK(value_of(runs[i].overrides, "data.train_subset") == "2000");  // the preset reaches every block
    const bool first_block = i < 8;
    // A block's plain keys override only its own runs.
    CHECK(sets(runs[i].overrides, "method.momentum") == first_block);
    CHECK(sets(runs[i].overrides, "optim.lr_scaling") == !first_block);
    if (first_block) CHECK(value_of(runs[i].overrides, "method.momentum") == "0.9");
    if (!first_block) {
      CHECK_THAT(value_of(runs[i].overrides, "optim.lr_scaling"), Catch::Contains("linear"));
      // The zip's values move together: batch 64 with 2 splits, 128 with 4.
      const auto batch = std::stoi(value_of(runs[i].overrides, "optim.batch"));
      const auto splits = std::stoi(value_of(runs[i].overrides, "model.bn_splits"));
      CHECK(batch == 32 * splits);
      CHECK_FALSE(sets(runs[i].overrides, "method.queue"));
    } else {
      CHECK_FALSE(sets(runs[i].overrides, "optim.batch"));
    }
  }
  // Stable: expanding again gives the same list.
  const auto again = expand(load_sweep(file), "cpu");
  REQUIRE(again.size() == runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) CHECK(axes_of(again[i]) == axes_of(runs[i]));
}

TEST_CASE("sweep blocks: resolved configs keep each block's own values", "[config]") {
  TempDir dir;
  const auto file = write_file(dir / "blocks.toml", blocks_sweep());
  const auto plan = contra::sweep::plan_sweep(file, "", {}, dir / "results");
  REQUIRE(plan.runs.size() == 16);
  std::set<std::string> ids;
  for (const auto& r : plan.runs) {
    INFO(contra::sweep::describe(r));
    ids.insert(r.id);
    const auto& e = r.experiment;
    if (e.method.name == "moco") {
      CHECK(e.method.get<double>("momentum") == 0.9);
      CHECK(e.optim.lr_scaling == contra::config::LrScaling::none);
      CHECK((e.method.get<std::int64_t>("queue") == 256 || e.method.get<std::int64_t>("queue") == 512));
      CHECK(e.optim.batch == 256);  // the experiment's
    } else {
      REQUIRE(e.method.name == "end_to_end");
      // Its own keys only: the experiment's MoCo options (momentum, queue) are not end-to-end's.
      CHECK(e.method.find("momentum") == nullptr);
      CHECK(e.method.find("queue") == nullptr);
      CHECK(e.optim.lr_scaling == contra::config::LrScaling::linear);
      CHECK(e.optim.batch == 32 * e.model.bn_splits);
    }
    CHECK((e.method.get<double>("temperature") == 0.1 || e.method.get<double>("temperature") == 0.2));
  }
  CHECK(ids.size() == 16);
}

TEST_CASE("sweep blocks: a preset grid replaces an axis that lives only in a block", "[config]") {
  TempDir dir;
  const auto sweep = load_sweep(write_file(dir / "blocks.toml", blocks_sweep()));
  const auto runs = expand(sweep, "small");
  // Block 1: 2 temperatures × the preset's one queue; block 2 unchanged: 2 × 2; one seed (5).
  REQUIRE(runs.size() == 6);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    INFO("run " << i);
    CHECK(runs[i].seed == 5);
    CHECK_FALSE(sets(runs[i].overrides, "data.train_subset"));  // that is the cpu preset's
    if (i < 2) {
      CHECK(value_of(runs[i].overrides, "method.queue") == "1024");
      CHECK(axes_of(runs[i]).back() == std::make_pair(std::string("method.queue"), std::string("1024")));
    } else {
      CHECK_THAT(axes_of(runs[i])[1].second, Catch::Contains("end_to_end"));
      CHECK_FALSE(sets(runs[i].overrides, "method.queue"));
    }
  }
}

TEST_CASE("sweep blocks: a preset grid naming no axis anywhere, an axis-less block and bad zips are errors",
          "[config]") {
  TempDir dir;
  const auto no_axis = write_file(dir / "a.toml", sweep_header() +
                                                      "[grid]\n"
                                                      "\"method.temperature\" = [0.1]\n"
                                                      "[[block]]\n"
                                                      "\"method.queue\" = [256]\n"
                                                      "[[block]]\n"
                                                      "\"optim.batch\" = [64]\n"
                                                      "[preset.x.grid]\n"
                                                      "\"method.negatives\" = [16]\n");
  const std::string msg = message_of([&] { (void)load_sweep(no_axis); });
  CHECK_THAT(msg, Catch::Contains("method.negatives"));
  CHECK_THAT(msg, Catch::Contains(no_axis));
  // An axis of either block is fine to replace.
  const auto ok = write_file(dir / "b.toml", sweep_header() + "default_preset = \"x\"\n"
                                                 "[[block]]\n"
                                                 "\"method.queue\" = [256]\n"
                                                 "[[block]]\n"
                                                 "\"optim.batch\" = [64]\n"
                                                 "[preset.x.grid]\n"
                                                 "\"optim.batch\" = [32, 16]\n");
  const auto runs = expand(load_sweep(ok), "x");
  REQUIRE(runs.size() == 3);
  CHECK(axes_of(runs[0]) == Axes{{"method.queue", "256"}});
  CHECK(axes_of(runs[1]) == Axes{{"optim.batch", "32"}});
  CHECK(axes_of(runs[2]) == Axes{{"optim.batch", "16"}});
  // A block with only plain keys has no axes.
  const auto plain = write_file(dir / "c.toml", sweep_header() + "[[block]]\n\"method.queue\" = 256\n");
  CHECK_THROWS_AS(load_sweep(plain), ContraError);
  // A block zip of unequal lengths.
  const auto badzip = write_file(dir / "d.toml", sweep_header() +
                                                     "[[block]]\n"
                                                     "\"method.name\" = [\"end_to_end\"]\n"
                                                     "[[block.zip]]\n"
                                                     "\"optim.batch\" = [64, 128]\n"
                                                     "\"model.bn_splits\" = [2]\n");
  CHECK_THROWS_WITH(load_sweep(badzip), Catch::Contains("model.bn_splits"));
}

TEST_CASE("sweep report block: kind, series, reference columns and log_x are read, an unknown kind is an error",
          "[config]") {
  TempDir dir;
  const auto file = write_file(dir / "rep.toml", sweep_header() +
                                                     "[grid]\n"
                                                     "\"method.queue\" = [256]\n"
                                                     "[report]\n"
                                                     "kind = \"ablation\"\n"
                                                     "title = \"Mechanisms\"\n"
                                                     "reference = \"moco_v1.mechanisms\"\n"
                                                     "reference_x = \"K\"\n"
                                                     "x = \"summary.K\"\n"
                                                     "x_label = \"K\"\n"
                                                     "series = \"method.name\"\n"
                                                     "series_label = \"mechanism\"\n"
                                                     "log_x = true\n"
                                                     "[report.reference_columns]\n"
                                                     "end_to_end = \"end_to_end\"\n"
                                                     "moco = \"moco\"\n");
  const auto s = load_sweep(file);
  CHECK(s.report.kind == "ablation");
  CHECK(s.report.x == "summary.K");
  CHECK(s.report.series == "method.name");
  CHECK(s.report.series_label == "mechanism");
  CHECK(s.report.reference_x == "K");
  CHECK(s.report.log_x);
  CHECK(s.report.reference_columns ==
        std::map<std::string, std::string>{{"end_to_end", "end_to_end"}, {"moco", "moco"}});

  const auto grid = write_file(dir / "grid.toml", sweep_header() +
                                                      "[report]\n"
                                                      "kind = \"grid\"\n"
                                                      "reference = \"simclr.batch_epochs\"\n"
                                                      "reference_x = \"batch\"\n"
                                                      "reference_y = \"top1\"\n"
                                                      "reference_series = \"epochs\"\n"
                                                      "x = \"optim.batch\"\n"
                                                      "series = \"optim.epochs\"\n");
  const auto g = load_sweep(grid);
  CHECK(g.report.kind == "grid");
  CHECK(g.report.reference_series == "epochs");
  CHECK(g.report.reference_y == "top1");
  CHECK_FALSE(g.report.log_x);
  CHECK(g.report.reference_columns.empty());

  CHECK(load_sweep(write_file(dir / "cost.toml", sweep_header() + "[report]\nkind = \"cost\"\n")).report.kind ==
        "cost");
  CHECK(load_sweep(write_file(dir / "none.toml", sweep_header())).report.kind == "ablation");  // the default

  const auto bad_kind = write_file(dir / "bad.toml", sweep_header() + "[report]\nkind = \"pie\"\n");
  const std::string msg = message_of([&] { (void)load_sweep(bad_kind); });
  CHECK_THAT(msg, Catch::Contains("report.kind"));
  CHECK_THAT(msg, Catch::Contains("pie"));
  CHECK_THAT(msg, Catch::Contains(bad_kind));
  const auto bad_log = write_file(dir / "badlog.toml", sweep_header() + "[report]\nlog_x = \"yes\"\n");
  CHECK_THROWS_WITH(load_sweep(bad_log), Catch::Contains("log_x"));
  const auto bad_col = write_file(dir / "badcol.toml", sweep_header() + "[report.reference_columns]\nmoco = 3\n");
  CHECK_THROWS_WITH(load_sweep(bad_col), Catch::Contains("reference_columns"));
}
