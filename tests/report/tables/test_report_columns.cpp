// The report's kNN and linear columns, its protocol note, rows named by zip labels and matched to
// a paper's row names, a paper table of parallel rows (SimCLR Table 5: τ and ℓ2 norm side by
// side), the per-epoch curves of report.kind = "curves", and the LaTeX rendering.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "../../support/gnuplot_script.h"
#include "../../support/report_fixtures.h"
#include "../../support/temp_dir.h"
#include "contra/config/references.h"
#include "contra/report/figures/curves.h"
#include "contra/report/figures/figure.h"
#include "contra/report/index.h"
#include "contra/report/rows.h"
#include "contra/report/tables/table.h"

using namespace contra::testing::report_fixtures;
using namespace contra::testing::gnuplot_script;
using contra::testing::TempDir;
using contra::testing::write_file;

TEST_CASE("report: zip labels name the rows in plan order, matched to the paper's row names", "[report]") {
  TempDir dir;
  const auto sweep = write_file(dir / "v2.toml",
                                "name = \"v2\"\n"
                                "experiment = \"" +
                                    kExperiment +
                                    "\"\n"
                                    "seeds = [0, 1]\n"
                                    "[[zip]]\n"
                                    "label = [\"MoCo v1\", \"MLP+aug+\", \"ours only\"]\n"
                                    "\"model.head\" = [\"linear\", \"mlp\", \"mlp\"]\n"
                                    "\"method.temperature\" = [0.07, 0.2, 0.3]\n"
                                    "[report]\n"
                                    "title = \"Recipe\"\n"
                                    "reference = \"moco_v2.recipe\"\n"
                                    "reference_x = \"rows\"\n"
                                    "reference_y = \"top1\"\n"
                                    "x = \"label\"\n"
                                    "x_label = \"recipe\"\n"
                                    "claims = false\n");  // part of the paper's table
  // kNN 60 + 10·τ + seed; linear = kNN + 5 except the MLP+aug+ seed 1 run, which has no probe.
  const auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun& run) {
    Fake f;
    f.knn = 60.0 + 10.0 * run.experiment.method.get<double>("temperature") + static_cast<double>(run.seed);
    f.linear = run.label == "MLP+aug+" && run.seed == 1 ? NAN : f.knn + 5.0;
    f.pretext = {40.0, 80.0 + static_cast<double>(run.seed)};
    f.knn_per_epoch = {NAN, f.knn};
    return f;
  });
  REQUIRE(plan.runs.size() == 6);
  CHECK(plan.runs[0].label == "MoCo v1");
  std::string csv;
  const std::string md = report_twice(plan, &csv);
  INFO("table.md:\n" << md);
  CHECK_FALSE(line_starting(md,
                            "| recipe | measured kNN top-1 (%) | measured linear top-1 (%) | n | kNN vs raw pixels | "
                            "linear vs raw pixels | pretext acc (%) | status | paper [1] |")
                  .empty());
  // Rows in the sweep's order (not alphabetical), each with its paper value by name.
  CHECK(line_index(md, "| MoCo v1 |") < line_index(md, "| MLP+aug+ |"));
  CHECK(line_index(md, "| MLP+aug+ |") < line_index(md, "| ours only |"));
  CHECK_THAT(line_starting(md, "| MoCo v1 |"), Catch::StartsWith("| MoCo v1 | 61.20 ± 0.71 | 66.20 ± 0.71 | 2 |"));
  CHECK_THAT(line_starting(md, "| MoCo v1 |"), Catch::Contains("| 80.5 | ok | 60.6 |"));
  CHECK_THAT(line_starting(md, "| MLP+aug+ |"), Catch::StartsWith("| MLP+aug+ | 62.50 ± 0.71 | 67.00 (n 1) | 2 |"));
  CHECK_THAT(line_starting(md, "| MLP+aug+ |"), Catch::Contains("| ok | 67.3 |"));
  CHECK_THAT(line_starting(md, "| ours only |"), Catch::Contains("| ok | — |"));
  // The protocol note: the paper's metric is a linear probe, so it compares with our linear column.
  CHECK_THAT(md, Catch::Contains("so it compares with our **linear** column"));
  CHECK_THAT(md, Catch::Contains("linear = test probe protocol."));
  // The paper's metric is not ours, and the caveat says so.
  CHECK_THAT(md, Catch::Contains("a different dataset and backbone, and another metric, from the measured columns"));
  CHECK_THAT(csv, Catch::Contains("\n,MoCo v1,61.2000,0.7071,66.2000,0.7071,2,"));
  CHECK_THAT(csv, Catch::Contains(",align_mean,uniform_mean\n"));
  CHECK_THAT(csv, Catch::Contains(",0.5500,-2.0000\n,MLP+aug+,"));  // MoCo v1's, the mean over seeds 0 and 1
  // LaTeX beside Markdown and CSV.
  const std::string tex = read_file(plan.dir / "table.tex");
  CHECK_THAT(tex, Catch::Contains("MoCo v1 & 61.20 $\\pm$ 0.71 & 66.20 $\\pm$ 0.71 & 2"));
  CHECK_THAT(tex, Catch::Contains("\\toprule"));
}

TEST_CASE("paper_value: parallel rows match x and series together (SimCLR Table 5)", "[report]") {
  const auto reference = contra::config::load_reference(kReferences, "simclr.temperature_norm");
  contra::config::ReportSpec spec;
  spec.reference_x = "temperature";
  spec.reference_y = "top1";
  spec.reference_series = "l2_norm";
  using contra::report::paper_value;
  CHECK(paper_value(reference, spec, "true", 0.1) == "64.4");
  CHECK(paper_value(reference, spec, "true", 0.05) == "59.7");
  CHECK(paper_value(reference, spec, "false", 10.0) == "57.2");
  CHECK(paper_value(reference, spec, "false", 0.1) == "—");  // the paper has no such row
  CHECK(paper_value(reference, spec, "true", 10.0) == "—");
  spec.reference_y = "contrastive_acc";
  CHECK(paper_value(reference, spec, "true", 0.5) == "68.2");
}

TEST_CASE("report kind curves: pretext accuracy and kNN per epoch, mean over seeds", "[report]") {
  TempDir dir;
  const auto sweep = write_file(dir / "bn.toml",
                                "name = \"bn\"\n"
                                "experiment = \"" +
                                    kExperiment +
                                    "\"\n"
                                    "seeds = [0, 1]\n"
                                    "[[zip]]\n"
                                    "label = [\"without ShuffleBN\", \"with ShuffleBN\"]\n"
                                    "\"method.shuffle_bn\" = [false, true]\n"
                                    "[report]\n"
                                    "kind = \"curves\"\n"
                                    "reference = \"moco_v1.shuffle_bn\"\n"
                                    "reference_x = \"rows\"\n"
                                    "reference_y = \"knn_at_80ep\"\n"
                                    "x = \"label\"\n");
  // Without shuffling: pretext accuracy climbs to ~99.9 while kNN falls; with it, both rise.
  const auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun& run) {
    Fake f;
    const double s = static_cast<double>(run.seed);
    if (run.experiment.method.get<bool>("shuffle_bn")) {
      f.pretext = {30.0 + s, 50.0 + s, 60.0 + s};
      f.knn_per_epoch = {70.0, 74.0, 76.0 + 2 * s};
    } else {
      f.pretext = {90.0 + s, 99.0 + s / 2, 99.9};
      f.knn_per_epoch = {70.0, 66.0, 62.0 + 2 * s};
    }
    f.knn = f.knn_per_epoch.back();
    return f;
  });
  const std::string md = report_twice(plan);
  INFO("table.md:\n" << md);
  CHECK_THAT(line_starting(md, "| without ShuffleBN |"), Catch::Contains("| 99.9 | ok | 22 |"));
  CHECK_THAT(line_starting(md, "| with ShuffleBN |"), Catch::Contains("| 60.5 | ok | 42 |"));
  CHECK_THAT(md, Catch::Contains("so it compares with our **kNN** column"));
  CHECK_THAT(md, Catch::Contains("linear = a linear probe on frozen backbone features (not recorded by these runs"));
  CHECK_THAT(md, Catch::Contains("a different dataset and backbone from the measured columns"));  // the same metric

  std::vector<contra::report::RunSummary> records;
  for (const auto& run : plan.runs) records.push_back(contra::report::read_summary(run.record));
  const auto reference = contra::config::load_reference(kReferences, "moco_v1.shuffle_bn");
  const auto rows = contra::report::group_runs(plan, records, reference);
  REQUIRE(rows.rows.size() == 2);
  const auto& without = rows.rows[0];
  CHECK(without.x_text == "without ShuffleBN");
  const auto pretext = contra::report::epoch_mean(rows, without, "pretext_acc");
  REQUIRE(pretext.size() == 3);
  CHECK(pretext[0] == Approx(90.5));
  CHECK(pretext[1] == Approx(99.25));
  CHECK(pretext[2] == Approx(99.9));
  const auto knn = contra::report::epoch_mean(rows, rows.rows[1], "knn_top1");
  CHECK(knn[2] == Approx(77.0));
  const auto figure = contra::report::curves_figure(plan, rows, reference);
  REQUIRE(figure.panels.size() == 3);
  CHECK(figure.panels[0].ylabel == "pretext top-1 (%)");
  REQUIRE(figure.panels[1].series.size() == 4);  // per row: kNN per epoch, then the linear probe
  const auto& with = figure.panels[1].series[2];
  CHECK(with.group == "with ShuffleBN");
  CHECK(with.protocol == contra::report::Protocol::knn);
  CHECK(with.y == std::vector<double>{70.0, 74.0, 77.0});
  CHECK(figure.panels[1].series[3].protocol == contra::report::Protocol::linear);
  CHECK(figure.panels[1].series[3].x.front() > 3.0);  // after the last epoch
  // The paper panel: each row's cited kNN value in the row's colour (its group).
  REQUIRE(figure.panels[2].series.size() == 2);
  CHECK(figure.panels[2].series[1].group == "with ShuffleBN");
  CHECK(figure.panels[2].series[1].cited);
  CHECK(figure.panels[2].series[1].y == std::vector<double>{42.0});
}

TEST_CASE("to_latex escapes LaTeX's special characters and maps the reports' symbols", "[report]") {
  contra::report::Table t;
  t.title = "τ and 50% of a_b";
  t.notes = {"**INCOMPLETE** & more"};
  t.columns = {"x", "measured (%)", "paper"};
  t.rows = {{"0.1", "78.07 ± 0.63", "—"}, {"0.2", "−1.5", "—"}, {"#1 {a}", "x^2 ~ y\\z", "≥ 3"}};
  t.footnotes = {"[1] He et al., CVPR 2020; θk ← m·θk"};  // ← and · are mapped too
  const std::string tex = contra::report::to_latex(t);
  INFO(tex);
  CHECK_THAT(tex, Catch::Contains("\\caption{$\\tau$ and 50\\% of a\\_b}"));
  CHECK_THAT(tex, Catch::Contains("\\begin{tabular}{lrl}"));  // numbers right, text left
  CHECK_THAT(tex, Catch::Contains("0.2 & $-$1.5 & ---"));
  CHECK_THAT(tex, Catch::Contains("0.1 & 78.07 $\\pm$ 0.63 & --- \\\\\n"));
  CHECK_THAT(
      tex, Catch::Contains("\\#1 \\{a\\} & x\\textasciicircum{}2 \\textasciitilde{} y\\textbackslash{}z & $\\geq$ 3"));
  CHECK_THAT(tex, Catch::Contains("INCOMPLETE \\& more\\par"));
  CHECK_THAT(tex, Catch::Contains("$\\theta$k $\\leftarrow$ m$\\cdot$$\\theta$k"));
  CHECK_THAT(tex, !Catch::Contains("**"));
  CHECK_THAT(tex, Catch::EndsWith("\\end{table}\n"));
}

TEST_CASE("results index: one entry per sweep with its files, run counts and INCOMPLETE", "[report]") {
  TempDir dir;
  const auto body = [&](const std::string& name) {
    return "name = \"" + name +
           "\"\n"
           "description = \"what " +
           name +
           " varies\"\n"
           "experiment = \"" +
           kExperiment +
           "\"\n"
           "seeds = [0]\n"
           "[grid]\n"
           "\"method.momentum\" = [0.9, 0.99]\n"
           "[report]\n"
           "title = \"Title of " +
           name +
           "\"\n"
           "reference = \"moco_v1.momentum_ablation\"\n"
           "reference_x = \"momentum\"\n"
           "reference_y = \"top1\"\n"
           "claims = false\n";
  };
  const auto done = write_file(dir / "done.toml", body("done"));
  const auto todo = write_file(dir / "todo.toml", body("todo"));
  auto plan = record_all(done, dir / "results", [](const contra::sweep::PlannedRun&) { return Fake{}; });
  (void)contra::report::write_report(plan, kReferences);
  const auto empty = contra::sweep::plan_sweep(todo, "", {}, dir / "results");
  const fs::path index = dir / "results" / "README.md";
  contra::report::write_results_index({plan, empty}, index);
  const std::string md = read_file(index);
  INFO(md);
  CHECK(line_index(md, "## Title of done") < line_index(md, "## Title of todo"));
  CHECK_THAT(md, Catch::Contains("- What it shows: what done varies. Cited beside it: `moco_v1.momentum_ablation`."));
  CHECK_THAT(md, Catch::Contains("- Runs: 2 of 2 recorded.\n"));
  CHECK_THAT(md,
             Catch::Contains("[table](done/cpu/table.md) · [csv](done/cpu/table.csv) · [LaTeX](done/cpu/table.tex)"));
  CHECK_THAT(md, Catch::Contains("- Runs: 0 of 2 recorded — **INCOMPLETE**."));
  CHECK_THAT(md, Catch::Contains("no table yet: run `contra report"));
  // The same plans give the same bytes; an unwritable place is one clear error.
  contra::report::write_results_index({plan, empty}, index);
  CHECK(read_file(index) == md);
  CHECK_THROWS_WITH(contra::report::write_results_index({plan}, dir / "missing" / "README.md"),
                    Catch::Contains("missing/README.md"));
}

TEST_CASE("report: categorical_x puts each x value at its own position, also with a series", "[report]") {
  TempDir dir;
  const auto sweep = write_file(dir / "cat.toml", "name = \"cat\"\nexperiment = \"" + kExperiment +
                                                      "\"\nseeds = [0]\n[grid]\n\"method.momentum\" = [0.0, 0.9, 0.99]\n"
                                                      "\"method.queue\" = [64, 256]\n[preset.cpu]\n\"data.train_subset\" = 20000\n"
                                                      "[report]\nreference = \"moco_v1.momentum_ablation\"\n"
                                                      "reference_x = \"momentum\"\nreference_y = \"top1\"\n"
                                                      "x = \"method.momentum\"\nseries = \"method.queue\"\n"
                                                      "categorical_x = true\nclaims = false\n");
  const auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun& run) {
    Fake f;
    f.linear = 70 + 10 * run.experiment.method.get<double>("momentum");
    return f;
  });
  (void)report_twice(plan);
  const auto panels = panel_blocks(read_file(plan.dir / "figure.gp"));
  REQUIRE(panels.size() == 2);
  // m = 0, 0.9, 0.99 at 0, 1, 2 in both panels, for both series; the paper's m = 0 is "fail".
  for (const auto& p : panels) CHECK_THAT(p, Catch::Contains("set xtics (\"0.0\" 0, \"0.9\" 1, \"0.99\" 2)"));
  CHECK_THAT(panels[0], Catch::Contains("K 64") || Catch::Contains("method.queue 64"));
  CHECK_THAT(panels[1], Catch::Contains("fail"));
  // The paper's table has one setting (K = 4096, in the panel's title): one curve, not named by our K.
  CHECK_THAT(panels[1], Catch::Contains("K = 4096"));
  CHECK_THAT(panels[1], !Catch::Contains("method.queue 64") && !Catch::Contains("method.queue 256"));
  CHECK_THAT(panels[1], Catch::Contains("$p1s0 using") && !Catch::Contains("$p1s1 using"));
  // With the first series not recorded, the paper's curve is drawn from the next one.
  for (const auto& run : plan.runs)
    if (run.experiment.method.get<std::int64_t>("queue") == 64) fs::remove(run.record);
  const auto again = contra::sweep::plan_sweep(sweep, "", {}, dir / "results");
  (void)contra::report::write_report(again, kReferences);
  CHECK_THAT(panel_blocks(read_file(plan.dir / "figure.gp"))[1], Catch::Contains("$p1s0 using"));
}

TEST_CASE("read_summary: a record whose status is not a finished run's is refused, naming file and value",
          "[report]") {
  TempDir dir;
  const auto sweep = write_file(dir / "m.toml", "name = \"m\"\nexperiment = \"" + kExperiment +
                                                    "\"\nseeds = [0]\n[grid]\n\"method.momentum\" = [0.9]\n");
  const auto plan = contra::sweep::plan_sweep(sweep, "", {}, dir / "results");
  write_records(plan, [](const contra::sweep::PlannedRun&) {
    Fake f;
    f.status = "weird";
    return f;
  });
  const auto file = contra::store::final_path(plan.runs_dir(), plan.runs.at(0).id);
  CHECK_THROWS_WITH(contra::report::read_summary(file),
                    Catch::Contains(file.string()) && Catch::Contains("status = 'weird'"));
  write_records(plan, [](const contra::sweep::PlannedRun&) { return Fake{}; });  // status complete
  CHECK(contra::report::read_summary(file).status == "complete");
}
