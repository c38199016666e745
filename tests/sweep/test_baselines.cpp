// The baselines a sweep plans beside its runs (sweep/baselines.h): raw pixels once, the random-init
// encoder and the supervised ceiling per seed, on the sweep's own data and protocols, with ids that
// two sweeps of the same setting share; --rerun trains again only those another commit recorded.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "../support/errors.h"
#include "../support/paths.h"
#include "../support/report_fixtures.h"
#include "../support/temp_dir.h"
#include "contra/core/provenance.h"
#include "contra/store/run_record.h"
#include "contra/sweep/baselines.h"
#include "contra/sweep/plan.h"

namespace fs = std::filesystem;
using contra::sweep::plan_baselines;
using contra::sweep::plan_sweep;
using contra::sweep::RunState;
using contra::testing::kExperiment;
using contra::testing::message_of;
using contra::testing::TempDir;
using contra::testing::write_file;

namespace {

/// A sweep of `axis` over two values with `extra` lines before its presets.
std::string sweep_text(const std::string& name, const std::string& axis, const std::string& extra = "") {
  return "name = \"" + name + "\"\nexperiment = \"" + kExperiment + "\"\nseeds = [0, 1, 2]\n" + extra +
         "[grid]\n" + axis + "\n[preset.cpu]\n\"data.train_subset\" = 2000\n\"optim.epochs\" = 3\n\"method.queue\" = 1024\n";
}

std::map<std::string, const contra::sweep::PlannedRun*> by_label_seed(const contra::sweep::SweepPlan& plan) {
  std::map<std::string, const contra::sweep::PlannedRun*> out;
  for (const auto& r : plan.runs) out[r.label + " " + std::to_string(r.seed)] = &r;
  return out;
}

}  // namespace

TEST_CASE("baselines: raw pixels once, random init and supervised per seed, on the sweep's setting",
          "[sweep][baselines]") {
  TempDir dir;
  const auto file = write_file(dir / "m.toml", sweep_text("m", "\"method.momentum\" = [0.9, 0.99]",
                                                          "[fixed]\n\"method.shuffle_bn\" = false\n"));
  const auto plan = plan_sweep(file, "", {}, dir / "results");
  const auto b = plan_baselines(plan);  // kept: by_label_seed points into it
  CHECK(b.dir == dir / "results" / "baselines");
  CHECK(b.runs_dir() == dir / "results" / "baselines" / "runs");
  REQUIRE(b.runs.size() == 7);
  const auto runs = by_label_seed(b);
  REQUIRE(runs.count("raw pixels 0") == 1);
  CHECK(runs.count("raw pixels 1") == 0);  // deterministic: one run
  for (const std::string s : {"0", "1", "2"}) {
    REQUIRE(runs.count("random init " + s) == 1);
    REQUIRE(runs.count("supervised " + s) == 1);
  }
  const auto& raw = runs.at("raw pixels 0")->experiment;
  const auto& init = runs.at("random init 1")->experiment;
  const auto& sup = runs.at("supervised 2")->experiment;
  CHECK(raw.method.name == "raw_pixels");
  CHECK(init.method.name == "random_init");
  CHECK(sup.method.name == "supervised");
  CHECK(init.run.seed == 1);
  CHECK(sup.run.seed == 2);
  // The sweep's data everywhere; the supervised ceiling keeps its optimiser and epochs too.
  for (const auto* e : {&raw, &init, &sup}) CHECK(e->data.train_subset == 2000);
  CHECK(sup.optim.epochs == 3);
  CHECK(init.optim.epochs != 3);  // nothing trains: the optimiser is left at its defaults
  for (const auto& r : b.runs) CHECK(r.state == RunState::todo);
}

TEST_CASE("baselines: with optim.epochs an axis, the ceiling trains the longest row's epochs", "[sweep][baselines]") {
  TempDir dir;
  // The experiment file trains 20 epochs; the rows train 1 and 2 (and 3 under the preset's grid).
  const std::string text = "name = \"e\"\nexperiment = \"" + std::string(kExperiment) +
                           "\"\nseeds = [0]\n[grid]\n\"optim.epochs\" = [2, 1]\n[preset.cpu]\n"
                           "\"data.train_subset\" = 2000\n\"method.queue\" = 1024\n"
                           "[preset.more]\n\"data.train_subset\" = 2000\n\"method.queue\" = 1024\n"
                           "[preset.more.grid]\n\"optim.epochs\" = [1, 3]\n";
  const auto file = write_file(dir / "e.toml", text);
  const auto cpu = plan_baselines(plan_sweep(file, "cpu", {}, dir / "results"));
  const auto more = plan_baselines(plan_sweep(file, "more", {}, dir / "results"));
  CHECK(by_label_seed(cpu).at("supervised 0")->experiment.optim.epochs == 2);
  CHECK(by_label_seed(more).at("supervised 0")->experiment.optim.epochs == 3);
  CHECK(by_label_seed(cpu).at("supervised 0")->id != by_label_seed(more).at("supervised 0")->id);
  // Nothing else trains: random init and raw pixels are the same for both.
  CHECK(by_label_seed(cpu).at("random init 0")->id == by_label_seed(more).at("random init 0")->id);
  CHECK(by_label_seed(cpu).at("raw pixels 0")->id == by_label_seed(more).at("raw pixels 0")->id);
  // The keys counted in epochs come from the longest row, so the ceiling's schedule is one a row has
  // (the experiment's lr_steps, or a warm-up longer than 4 epochs, would be none).
  const std::string zipped = "name = \"z\"\nexperiment = \"" + std::string(kExperiment) +
                             "\"\nseeds = [0]\n[[zip]]\n\"optim.epochs\" = [2, 4]\n"
                             "\"optim.lr_steps\" = [[1], [2, 3]]\n\"optim.warmup_epochs\" = [0, 1]\n"
                             "[preset.cpu]\n\"data.train_subset\" = 2000\n\"method.queue\" = 1024\n";
  const auto z = plan_baselines(plan_sweep(write_file(dir / "z.toml", zipped), "cpu", {}, dir / "results"));
  const auto& optim = by_label_seed(z).at("supervised 0")->experiment.optim;
  CHECK(optim.epochs == 4);
  CHECK(optim.lr_steps == std::vector<std::int64_t>{2, 3});
  CHECK(optim.warmup_epochs == 1);
}

TEST_CASE("baselines: two sweeps of the same data and protocols share them by id", "[sweep][baselines]") {
  TempDir dir;
  // The momentum sweep and a temperature sweep with another optimiser schedule and method keys.
  const auto m = plan_sweep(write_file(dir / "m.toml", sweep_text("m", "\"method.momentum\" = [0.9, 0.99]",
                                                                  "[fixed]\n\"method.shuffle_bn\" = false\n")),
                            "", {}, dir / "results");
  const auto t = plan_sweep(write_file(dir / "t.toml", sweep_text("t", "\"method.temperature\" = [0.1, 0.2]",
                                                                  "[fixed]\n\"optim.schedule\" = \"step\"\n\"optim.lr_steps\" = [1, 2]\n")),
                            "", {}, dir / "results");
  const auto plan_m = plan_baselines(m), plan_t = plan_baselines(t);
  const auto bm = by_label_seed(plan_m);
  const auto bt = by_label_seed(plan_t);
  CHECK(bm.at("raw pixels 0")->id == bt.at("raw pixels 0")->id);
  CHECK(bm.at("random init 1")->id == bt.at("random init 1")->id);
  CHECK(bm.at("supervised 1")->id != bt.at("supervised 1")->id);  // another schedule trains another ceiling
  CHECK(bm.at("random init 0")->id != bm.at("random init 1")->id);
  // Other data: other baselines; a --set reaches them too.
  const auto other = plan_sweep(write_file(dir / "m.toml", sweep_text("m", "\"method.momentum\" = [0.9, 0.99]")), "",
                                {"data.train_subset=1500"}, dir / "results");
  const auto plan_o = plan_baselines(other);
  const auto bo = by_label_seed(plan_o);
  CHECK(bo.at("raw pixels 0")->id != bm.at("raw pixels 0")->id);
  CHECK(bo.at("raw pixels 0")->experiment.data.train_subset == 1500);
}

TEST_CASE("baselines: a sweep names the ones it plans, and a name that is none is one line", "[sweep][baselines]") {
  TempDir dir;
  const auto only = plan_sweep(
      write_file(dir / "o.toml", sweep_text("o", "\"method.momentum\" = [0.9]", "baselines = [\"raw_pixels\"]\n")), "",
      {}, dir / "results");
  const auto b = plan_baselines(only);
  REQUIRE(b.runs.size() == 1);
  CHECK(b.runs[0].experiment.method.name == "raw_pixels");
  CHECK(plan_baselines(plan_sweep(write_file(dir / "n.toml",
                                             sweep_text("n", "\"method.momentum\" = [0.9]", "baselines = []\n")),
                                  "", {}, dir / "results"))
            .runs.empty());
  const auto msg = message_of([&] {
    (void)plan_sweep(
        write_file(dir / "x.toml", sweep_text("x", "\"method.momentum\" = [0.9]", "baselines = [\"pixels\"]\n")), "",
        {}, dir / "results");
  });
  CHECK_THAT(msg, Catch::Contains("x.toml:4: baselines names 'pixels', which is no baseline; valid: raw_pixels, "
                                  "random_init, supervised"));
  CHECK_THAT(message_of([&] {
               (void)plan_sweep(write_file(dir / "d.toml", sweep_text("d", "\"method.momentum\" = [0.9]",
                                                                      "baselines = [\"raw_pixels\", \"raw_pixels\"]\n")),
                                "", {}, dir / "results");
             }),
             Catch::Contains("d.toml:4: baselines names 'raw_pixels' twice"));
}

TEST_CASE("baselines: the setting is read without the contrastive method's keys", "[sweep][baselines]") {
  TempDir dir;
  // The experiment file's queue (4096) is more than these 2000 images, but every run sets its own.
  const auto plan = plan_sweep(
      write_file(dir / "q.toml", "name = \"q\"\nexperiment = \"" + kExperiment +
                                     "\"\nseeds = [0]\n[grid]\n\"method.queue\" = [64, 256]\n[preset.cpu]\n"
                                     "\"data.train_subset\" = 2000\n"),
      "", {}, dir / "results");
  const auto b = plan_baselines(plan);
  CHECK(b.runs.size() == 3);
}

TEST_CASE("baselines: --rerun trains again only those another commit recorded", "[sweep][baselines]") {
  TempDir dir;
  const auto plan = plan_sweep(write_file(dir / "m.toml", sweep_text("m", "\"method.momentum\" = [0.9]")), "", {},
                               dir / "results");
  auto b = plan_baselines(plan);
  // The fixture's records say git 0000000: another commit than this binary's.
  contra::testing::report_fixtures::write_records(b, contra::testing::report_fixtures::fake_baseline);
  // One of them recorded by this very commit (an earlier sweep of the same regeneration).
  const auto& kept = b.runs.front();
  auto record = contra::store::read_run(contra::store::final_path(b.runs_dir(), kept.id));
  record.attributes["git_sha"] = contra::core::git_sha();
  contra::store::write_run(contra::store::final_path(b.runs_dir(), kept.id), record);
  contra::sweep::read_states(b);
  for (const auto& r : b.runs) REQUIRE(r.state == RunState::done);
  contra::sweep::refresh_stale_baselines(b);
  for (const auto& r : b.runs) {
    INFO(r.label << " seed " << r.seed);
    const bool this_commit = r.id == kept.id;
    CHECK(r.state == (this_commit ? RunState::done : RunState::todo));
    CHECK(fs::exists(contra::store::final_path(b.runs_dir(), r.id).string() + ".previous") == !this_commit);
  }
}

TEST_CASE("baselines: a labelled study's baselines take its cost point's data, epochs and width", "[sweep][baselines]") {
  TempDir dir;
  // The shipped recipe study: its candidates vary the images, epochs, batch, crop and width on one
  // labelled zip, and its cost is measured against "inherited" (20000 images, 6 epochs, batch 256,
  // width 16). Its baselines are computed there, not at the experiment file's 0 images, nor at the
  // longest candidate's 12 epochs.
  const auto plan = plan_sweep(contra::testing::kSource + "/sweeps/recipe.toml", "", {}, dir / "results");
  REQUIRE(plan.sweep.report.objective_cost_x == "inherited");
  const auto b = plan_baselines(plan);
  const auto runs = by_label_seed(b);
  const auto& raw = runs.at("raw pixels 0")->experiment;
  const auto& init = runs.at("random init 1")->experiment;
  const auto& sup = runs.at("supervised 0")->experiment;
  for (const auto* e : {&raw, &init, &sup}) {
    CHECK(e->data.train_subset == 20000);
    CHECK(e->data.validation == 10000);  // [fixed] still applies: the same held-out images
  }
  CHECK(sup.optim.epochs == 6);
  CHECK(sup.optim.batch == 256);
  CHECK(sup.model.width == 16);
  CHECK(init.model.width == 16);
  CHECK(sup.augment.crop_scale_min == Approx(0.5));
  // Without the cost key the same file's baselines fall back to the experiment's setting and the
  // longest row's epochs: the rule above is the study's, not every labelled zip's.
  const auto plain = plan_sweep(contra::testing::kSource + "/sweeps/recipe.toml", "", {}, dir / "results");
  auto no_cost = plain;
  no_cost.sweep.report.objective_cost_x.clear();
  const auto nb = plan_baselines(no_cost);
  CHECK(by_label_seed(nb).at("supervised 0")->experiment.optim.epochs == 12);
  CHECK(by_label_seed(nb).at("raw pixels 0")->experiment.data.train_subset != 20000);
}
