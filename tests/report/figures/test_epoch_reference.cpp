// A published per-epoch curve beside ours (config/reference_curve.h, report/figures/epoch_reference.h): the
// MoCo CIFAR-10 demo's kNN per epoch as transcribed, each bad CSV as one line, the sweep keys'
// checks, and the report drawing the curve and citing it for the presets named, and only those.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "../../support/errors.h"
#include "../../support/report_fixtures.h"
#include "../../support/temp_dir.h"
#include "contra/config/reference_curve.h"
#include "contra/config/sweep.h"
#include "contra/report/figures/epoch_reference.h"
#include "contra/report/report.h"

namespace fs = std::filesystem;
using contra::testing::message_of;
using contra::testing::read_file;
using contra::testing::TempDir;
using contra::testing::write_file;
using namespace contra::testing::report_fixtures;

TEST_CASE("reference curve: the MoCo CIFAR-10 demo's kNN per epoch, with its citation", "[report]") {
  const auto c = contra::config::load_reference_curve(kReferences, "moco_cifar10_demo_knn", "knn_top1");
  REQUIRE(c.epoch.size() == 200);
  REQUIRE(c.value.size() == 200);
  CHECK(c.epoch.front() == 1.0);
  CHECK(c.epoch.back() == 200.0);
  CHECK_THAT(c.citation, Catch::Contains("facebookresearch/moco") && Catch::Contains("moco_cifar10_demo.ipynb"));
  for (double v : c.value) CHECK((v > 10.0 && v < 100.0));  // percent, as our knn_top1
  CHECK(c.value.back() > c.value.front());
}

TEST_CASE("reference curve: each bad file is one line naming it", "[report]") {
  TempDir dir;
  const auto error = [&](const std::string& text, const std::string& column = "knn_top1") {
    write_file(dir / "c.csv", text);
    return message_of([&] { contra::config::load_reference_curve(dir.path().string(), "c", column); });
  };
  const std::string cite = "# Someone, 2020, their notebook\n";
  CHECK_NOTHROW(error(cite + "epoch,knn_top1\n1,10\n2,20\n"));
  CHECK_THAT(message_of([&] { contra::config::load_reference_curve(dir.path().string(), "none", "knn_top1"); }),
             Catch::Contains("none.csv: the reference curve 'none' is missing or not a file"));
  std::filesystem::create_directories(dir / "d.csv");
  CHECK_THAT(message_of([&] { contra::config::load_reference_curve(dir.path().string(), "d", "knn_top1"); }),
             Catch::Contains("d.csv: the reference curve 'd' is missing or not a file"));
  CHECK_THAT(error(""), Catch::Contains("c.csv: the reference curve 'c' is empty"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n0,10\n"), Catch::Contains("c.csv:3: epoch 0 is not a whole number from 1 on"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n-3,10\n"), Catch::Contains("epoch -3 is not a whole number"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n1.5,10\n"), Catch::Contains("epoch 1.5 is not a whole number"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n1,150\n"), Catch::Contains("c.csv:3: knn_top1 = 150 is not a top-1 accuracy"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n1,-7\n"), Catch::Contains("knn_top1 = -7 is not a top-1 accuracy"));
  CHECK_NOTHROW(error(cite + "epoch,loss\n1,-7\n", "loss"));  // only a top-1 column is a percentage
  CHECK_THAT(error("epoch,knn_top1\n1,10\n"), Catch::Contains("c.csv: no '#' lines naming the source"));
  CHECK_THAT(error(cite + "epoch,loss\n1,10\n"), Catch::Contains("c.csv:2: no column 'knn_top1' (the header has: epoch, loss)"));
  CHECK_THAT(error(cite + "step,knn_top1\n1,10\n"), Catch::Contains("no column 'epoch'"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n1,ten\n"), Catch::Contains("c.csv:3: knn_top1 = 'ten' is not a number"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n1,\n"), Catch::Contains("c.csv:3: knn_top1 = '' is not a number"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n1,10,3\n"), Catch::Contains("c.csv:3: 3 cells, the header has 2"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n2,10\n2,11\n"), Catch::Contains("c.csv:4: epoch 2 does not follow epoch 2"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n"), Catch::Contains("c.csv: no rows under the header"));
  CHECK_THAT(error(cite + "epoch,knn_top1\n# late\n1,2\n"), Catch::Contains("c.csv:3: a '#' line after the header"));
  for (const auto& m : {error("epoch,knn_top1\n1,10\n"), error(cite + "epoch,knn_top1\n1,ten\n")})
    CHECK(m.find('\n') == std::string::npos);
}

namespace {

std::string sweep_text(const std::string& report_tail) {
  return "name = \"m\"\nexperiment = \"" + kExperiment +
         "\"\nseeds = [0, 1]\ndefault_preset = \"demo\"\n"
         "[grid]\n\"method.momentum\" = [0.9, 0.99]\n"
         "[preset.demo]\ndescription = \"the curve's setting\"\n"
         "[preset.other]\ndescription = \"another\"\n"
         "[report]\nreference = \"moco_v1.momentum_ablation\"\nreference_x = \"momentum\"\nreference_y = \"top1\"\n"
         "x = \"method.momentum\"\n" +
         report_tail + "claims = false\n";  // part of the paper's table
}

}  // namespace

TEST_CASE("reference curve: the sweep names it with the presets it is drawn for", "[report][config]") {
  TempDir dir;
  const auto error = [&](const std::string& tail) {
    const auto file = write_file(dir / "s.toml", sweep_text(tail));
    return message_of([&] { (void)contra::config::load_sweep(file); });
  };
  CHECK_THAT(error("epoch_reference = \"moco_cifar10_demo_knn\"\n"),
             Catch::Contains("s.toml:16: report.epoch_reference and report.epoch_reference_presets go together"));
  CHECK_THAT(error("epoch_reference_presets = [\"demo\"]\n"), Catch::Contains("go together"));
  CHECK_THAT(error("epoch_reference = \"moco_cifar10_demo_knn\"\nepoch_reference_presets = [\"cifar\"]\n"),
             Catch::Contains("s.toml:17: report.epoch_reference_presets names 'cifar', which is no [preset.*]"));
  CHECK_THAT(error("epoch_reference = \"../refs/moco_cifar10_demo_knn\"\nepoch_reference_presets = [\"demo\"]\n"),
             Catch::Contains("report.epoch_reference = '../refs/moco_cifar10_demo_knn' must be the name of a CSV"));
  CHECK_THAT(error("epoch_reference = \"moco_cifar10_demo_knn\"\nepoch_reference_presets = \"demo\"\n"),
             Catch::Contains("expected an array of strings"));
}

TEST_CASE("reference curve: the report draws it beside each row's kNN per epoch, for its presets only", "[report]") {
  TempDir dir;
  const auto sweep = write_file(
      dir / "s.toml", sweep_text("epoch_reference = \"moco_cifar10_demo_knn\"\nepoch_reference_presets = [\"demo\"]\n"));
  auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun& run) {
    Fake f;
    const double s = static_cast<double>(run.seed);
    const bool high = run.experiment.method.get<double>("momentum") > 0.95;
    f.pretext = {10, 20, 30};
    f.knn_per_epoch = {NAN, 40.0 + s, (high ? 60.0 : 50.0) + 2 * s};  // epoch 1 without a kNN pass
    f.knn = f.knn_per_epoch.back();
    return f;
  });
  REQUIRE(contra::report::draws_epoch_reference(plan));
  const std::string md = report_twice(plan);
  INFO("table.md:\n" << md);
  CHECK_THAT(md, Catch::Contains("published curve moco_cifar10_demo_knn (") &&
                     Catch::Contains("82.58 at its last epoch 200 (cited, not measured here)") &&
                     Catch::Contains("ours (measured, mean over seeds): 0.9 51.0 at epoch 3; 0.99 61.0 at epoch 3"));
  const std::string script = read_file(plan.dir / "figure.gp");
  CHECK_THAT(script, Catch::Contains("published: moco_cifar10_demo_knn"));

  // Its panel: each row's kNN per epoch (mean over the seeds), then the cited curve.
  std::vector<contra::report::RunSummary> records;
  for (const auto& run : plan.runs) records.push_back(contra::report::read_summary(run.record));
  const auto rows = contra::report::group_runs(plan, records, std::nullopt);
  const auto curve = contra::config::load_reference_curve(kReferences, "moco_cifar10_demo_knn", "knn_top1");
  const auto panel = contra::report::epoch_reference_panel(plan, rows, curve);
  REQUIRE(panel.series.size() == 3);
  CHECK(panel.series[1].group == "0.99");
  CHECK(panel.series[1].x == std::vector<double>{2.0, 3.0});
  CHECK(panel.series[1].y == std::vector<double>{40.5, 61.0});
  CHECK_FALSE(panel.series[1].cited);
  CHECK(panel.series[2].cited);
  CHECK(panel.series[2].y == curve.value);

  // Another preset's setting is not the curve's: no panel, no footnote.
  plan.sweep.report.epoch_reference_presets = {"other"};
  CHECK_FALSE(contra::report::draws_epoch_reference(plan));
  const std::string without = report_twice(plan);
  CHECK_THAT(without, !Catch::Contains("moco_cifar10_demo_knn"));
  CHECK_THAT(read_file(plan.dir / "figure.gp"), !Catch::Contains("published: moco_cifar10_demo_knn"));
}
