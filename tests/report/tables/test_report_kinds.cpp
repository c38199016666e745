// `contra report` for each [report] kind (src/contra/report/report.h): the mechanisms ablation
// (series = mechanism, x = summary.K, one paper column per mechanism), the grid report (x rows,
// series columns, a 2-D paper table) and the cost report (memory growth per negative, the
// paper's cost table). The records are fake HDF5 run records with known values, written where
// the plan expects them; tables are byte-identical when written twice.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "../../support/gnuplot_script.h"
#include "../../support/report_fixtures.h"
#include "../../support/temp_dir.h"
#include "contra/config/load.h"
#include "contra/report/tables/cost.h"
#include "contra/report/report.h"
#include "contra/report/rows.h"
#include "contra/report/runs.h"
#include "contra/store/run_record.h"
#include "contra/sweep/plan.h"

namespace fs = std::filesystem;
using contra::testing::read_file;
using contra::testing::TempDir;
using contra::testing::write_file;

using namespace contra::testing::report_fixtures;
using namespace contra::testing::gnuplot_script;

TEST_CASE("report kind ablation: mechanisms against summary.K beside MoCo v1 Fig. 3", "[report]") {
  TempDir dir;
  const auto sweep = write_file(dir / "mech.toml",
                                "name = \"mech\"\n"
                                "experiment = \"" +
                                    kExperiment +
                                    "\"\n"
                                    "seeds = [0, 1]\n"
                                    "[[block]]\n"
                                    "\"method.name\" = [\"end_to_end\"]\n"
                                    "\"optim.batch\" = [256, 512]\n"
                                    "\"optim.lr_scaling\" = \"linear\"\n"
                                    "[[block]]\n"
                                    "\"method.name\" = [\"memory_bank\"]\n"
                                    "\"method.negatives\" = [256, 1024]\n"
                                    "[[block]]\n"
                                    "\"method.name\" = [\"moco\"]\n"
                                    "\"method.queue\" = [1024, 4096]\n"
                                    "[preset.cpu]\n"
                                    "\"data.train_subset\" = 20000\n"
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
                                    "memory_bank = \"memory_bank\"\n"
                                    "moco = \"moco\"\n");
  // knn: 60 + (K / 1024) + seed, so two seeds give mean (… + 0.5) and std 0.71; MoCo K = 1024 fails.
  const auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun& run) {
    Fake f;
    f.knn = 60.0 + static_cast<double>(counts_of(run.experiment).k) / 1024.0 + static_cast<double>(run.seed);
    if (run.experiment.method.name == "moco" && run.experiment.method.get<std::int64_t>("queue") == 1024)
      fail_flat(f);
    return f;
  });
  REQUIRE(plan.runs.size() == 12);
  std::string csv;
  const std::string md = report_twice(plan, &csv);
  INFO("table.md:\n" << md);
  // A mechanism column before K.
  CHECK_FALSE(line_starting(md, "| mechanism | K | measured kNN top-1 (%) |").empty());
  CHECK_FALSE(line_starting(md, "| — | random init | 10.50 ± 0.71 |").empty());
  // Our measurements beside the paper's value at the same K, for each mechanism.
  const std::string e2e_256 = line_starting(md, "| end_to_end | 256 |");
  const std::string e2e_512 = line_starting(md, "| end_to_end | 512 |");
  const std::string mb_256 = line_starting(md, "| memory_bank | 256 |");
  const std::string mb_1024 = line_starting(md, "| memory_bank | 1024 |");
  const std::string moco_1024 = line_starting(md, "| moco | 1024 |");
  const std::string moco_4096 = line_starting(md, "| moco | 4096 |");
  CHECK_THAT(e2e_256, Catch::Contains("| 54.9 |") && Catch::Contains("| 60.75 ± 0.71 | — | 2 |"));
  CHECK_THAT(e2e_512, Catch::Contains("| 56.3 |") && Catch::Contains("| 61.00 ± 0.71 | — | 2 |"));
  CHECK_THAT(mb_256, Catch::Contains("| 50.0 |"));
  CHECK_THAT(mb_1024, Catch::Contains("| 54.1 |") && Catch::Contains("| 61.50 ± 0.71 |"));
  CHECK_THAT(moco_4096,
             Catch::Contains("| 59.0 |") && Catch::Contains("| 64.50 ± 0.71 |") && Catch::Contains("| ok |"));
  // A failed row still shows its measurement and the paper's value, and says fail with the reason.
  CHECK_THAT(moco_1024, Catch::Contains("| 57.5 |") && Catch::Contains("| 61.50 ± 0.71 |") &&
                            Catch::Contains("fail (2/2)") && Catch::Contains("chance"));
  // The mechanism whose K the paper does not report has no paper value there.
  CHECK_THAT(md, !Catch::Contains("INCOMPLETE"));
  // Rows: series in plan order, K ascending within each.
  CHECK(line_index(md, "| end_to_end | 256 |") < line_index(md, "| end_to_end | 512 |"));
  CHECK(line_index(md, "| end_to_end | 512 |") < line_index(md, "| memory_bank | 256 |"));
  CHECK(line_index(md, "| memory_bank | 1024 |") < line_index(md, "| moco | 1024 |"));
  CHECK(line_index(md, "| moco | 1024 |") < line_index(md, "| moco | 4096 |"));
  CHECK_THAT(md, Catch::Contains("arXiv:1911.05722"));
  CHECK_THAT(csv, Catch::StartsWith("baseline,method.name,summary.K,"));
  CHECK_THAT(csv, Catch::Contains("\n,moco,4096,"));
  // The figure: a mechanism has one colour in the measured and in the paper panel, and the
  // baselines' lines are labelled (the fake random init's kNN: 10 and 11 for the two seeds).
  const auto panels = panel_blocks(read_file(plan.dir / "figure.gp"));
  REQUIRE(panels.size() == 2);
  for (const std::string m : {"end_to_end", "memory_bank", "moco"}) {
    const std::string colour = colour_on(key_entry(panels[0], "mechanism " + m));
    CHECK_FALSE(colour.empty());
    CHECK(colour_on(key_entry(panels[1], "mechanism " + m)) == colour);
  }
  CHECK_THAT(panels[0], Catch::Contains("\"random init\\n(kNN)\" at graph 1, first 10.5 "));
  // moco's runs at K = 1024 failed: the measured panel says so under that K, naming the mechanism;
  // the paper panel's title gives the paper's setting.
  CHECK_THAT(panels[0], Catch::Contains("set label \"fail: mechanism moco\" at first 1024,"));
  CHECK_THAT(panels[1], Catch::Contains("paper (cited): Fig. 3, negatives = K"));
  CHECK_THAT(panels[0], Catch::Contains("\"raw pixels\\n(linear)\" at graph 1, first 45 "));
  CHECK_THAT(panels[0], Catch::Contains("\"supervised\\n(kNN)\" at graph 1, first 90 "));

  // paper_value directly: the column of the series, the row of x; "—" off the table.
  const auto reference = contra::config::load_reference(kReferences, "moco_v1.mechanisms");
  const auto& spec = plan.sweep.report;
  CHECK(contra::report::paper_value(reference, spec, "moco", 65536) == "60.6");
  CHECK(contra::report::paper_value(reference, spec, "end_to_end", 4096) == "n/a");
  CHECK(contra::report::paper_value(reference, spec, "memory_bank", 300) == "—");
  CHECK(contra::report::paper_value(reference, spec, "simclr", 256) == "—");
}

TEST_CASE("report kind grid: batch rows, epoch columns, SimCLR Fig. 9 beside", "[report]") {
  TempDir dir;
  const auto sweep = write_file(dir / "grid.toml",
                                "name = \"grid\"\n"
                                "experiment = \"" +
                                    kExperiment +
                                    "\"\n"
                                    "seeds = [0]\n"
                                    "[grid]\n"
                                    "\"optim.batch\" = [256, 512]\n"
                                    "\"optim.epochs\" = [2, 4]\n"
                                    "[report]\n"
                                    "kind = \"grid\"\n"
                                    "title = \"Batch x epochs\"\n"
                                    "reference = \"simclr.batch_epochs\"\n"
                                    "reference_x = \"batch\"\n"
                                    "reference_y = \"top1\"\n"
                                    "reference_series = \"epochs\"\n"
                                    "x = \"optim.batch\"\n"
                                    "x_label = \"batch\"\n"
                                    "series = \"optim.epochs\"\n"
                                    "series_label = \"epochs\"\n"
                                    "log_x = true\n");
  // knn = batch / 100 + epochs: 256/2 → 4.56 + … distinct per cell.
  const auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun& run) {
    Fake f;
    f.knn = 50.0 + static_cast<double>(run.experiment.optim.batch) / 100.0 +
            static_cast<double>(run.experiment.optim.epochs);
    if (run.experiment.optim.batch == 256) f.linear = f.knn + 10;  // the 512 rows have no linear probe: "—"
    return f;
  });
  REQUIRE(plan.runs.size() == 4);
  std::string csv;
  const std::string md = report_twice(plan, &csv);
  INFO("table.md:\n" << md);
  CHECK_FALSE(line_starting(md,
                            "| batch | measured, epochs 2 | measured, epochs 4 | paper, epochs 100 [1] | "
                            "paper, epochs 200 [1] | paper, epochs 400 [1] | paper, epochs 800 [1] |")
                  .empty());
  // kNN / linear [each one's gain over raw pixels: 40 and 45 in the fake baseline records].
  CHECK(line_starting(md, "| 256 |") ==
        "| 256 | 54.56 / 64.56 [+14.56 / +19.56] | 56.56 / 66.56 [+16.56 / +21.56] | 57.5 | 61.9 | 64.7 | 66.6 |");
  CHECK(line_starting(md, "| 512 |") ==
        "| 512 | 57.12 / — [+17.12 / —] | 59.12 / — [+19.12 / —] | 60.7 | 64.0 | 66.2 | 67.8 |");
  // The three baselines first, the same in each measured column, nothing in the paper's.
  CHECK(line_index(md, "| raw pixels |") < line_index(md, "| random init |"));
  CHECK(line_index(md, "| supervised |") < line_index(md, "| 256 |"));
  CHECK(line_starting(md, "| raw pixels |") ==
        "| raw pixels | 40.00 / 45.00 | 40.00 / 45.00 | — | — | — | — |");
  CHECK(line_index(md, "| 256 |") < line_index(md, "| 512 |"));
  CHECK_THAT(md, Catch::Contains("The baselines come first: raw pixels and random init train nothing, so they are "
                                 "the same in every column; the supervised ceiling trained the epochs of the table's "
                                 "longest row."));
  CHECK_THAT(md, Catch::Contains("arXiv:2002.05709"));
  CHECK_THAT(csv, Catch::StartsWith("baseline,optim.batch,optim.epochs,measured_mean,"));
  CHECK_THAT(csv, Catch::Contains("\n,512,4,59.1200,"));
  CHECK_THAT(csv, Catch::Contains("\nraw pixels,,,40.0000,"));

  const auto reference = contra::config::load_reference(kReferences, "simclr.batch_epochs");
  const auto& spec = plan.sweep.report;
  CHECK(contra::report::paper_value(reference, spec, "800", 8192) == "69.0");
  CHECK(contra::report::paper_value(reference, spec, "2", 256) == "—");    // no such paper column
  CHECK(contra::report::paper_value(reference, spec, "100", 128) == "—");  // no such paper row
}

TEST_CASE("report kind grid: the cells' note and brackets follow the baselines the sweep has", "[report]") {
  TempDir dir;
  const auto md_with = [&](const std::string& baselines) {
    const auto sweep = write_file(dir / "g.toml", "name = \"g\"\nexperiment = \"" + kExperiment +
                                                      "\"\nseeds = [0]\nbaselines = " + baselines +
                                                      "\n[grid]\n\"optim.batch\" = [256]\n\"optim.epochs\" = [2, 4]\n"
                                                      "[report]\nkind = \"grid\"\ntitle = \"G\"\nx = \"optim.batch\"\n"
                                                      "series = \"optim.epochs\"\n");
    const auto plan = record_all(sweep, dir / ("results-" + std::to_string(baselines.size())), [](const auto&) {
      Fake f;
      f.knn = 60;
      f.linear = 70;
      return f;
    });
    return report_twice(plan);
  };
  // No baselines: no brackets of gains, and no note of baselines the table does not have.
  std::string md = md_with("[]");
  INFO("table.md:\n" << md);
  CHECK(line_starting(md, "| 256 |") == "| 256 | 60.00 / 70.00 | 60.00 / 70.00 |");
  CHECK_THAT(md, Catch::Contains("means ± std over seeds.") && !Catch::Contains("The baselines come first") &&
                     !Catch::Contains("gain over raw pixels") && !Catch::Contains("Baselines, on the same data"));
  // Random init alone: the note names it, and the Baselines note describes it only.
  md = md_with("[\"random_init\"]");
  CHECK_THAT(md, Catch::Contains("means ± std over seeds. The baselines come first: random init trains nothing, so "
                                 "it is the same in every column."));
  CHECK_THAT(md, !Catch::Contains("Raw pixels:") && !Catch::Contains("supervised:"));
  CHECK(line_starting(md, "| 256 |") == "| 256 | 60.00 / 70.00 | 60.00 / 70.00 |");
}

TEST_CASE("report kind cost: memory growth per negative and MoCo v2 Table 3 beside", "[report]") {
  TempDir dir;
  const auto sweep = write_file(dir / "cost.toml",
                                "name = \"cost\"\n"
                                "experiment = \"" +
                                    kExperiment +
                                    "\"\n"
                                    "seeds = [0]\n"
                                    "[[block]]\n"
                                    "\"method.name\" = [\"moco\"]\n"
                                    "\"method.queue\" = [1024, 4096, 16384]\n"
                                    "[[block]]\n"
                                    "\"method.name\" = [\"memory_bank\"]\n"
                                    "\"method.negatives\" = [1024, 4096]\n"
                                    "[[block]]\n"
                                    "\"method.name\" = [\"end_to_end\"]\n"
                                    "\"optim.batch\" = [256, 512]\n"
                                    "[preset.cpu]\n"
                                    "\"data.train_subset\" = 20000\n"
                                    "[report]\n"
                                    "kind = \"cost\"\n"
                                    "title = \"Cost\"\n"
                                    "reference = \"moco_v2.cost\"\n"
                                    "x = \"summary.K\"\n"
                                    "x_label = \"K\"\n"
                                    "series = \"method.name\"\n"
                                    "series_label = \"mechanism\"\n");
  // Peak memory = 100 MiB + 1000 bytes per negative, for every mechanism; linear 80 in 100 s of training.
  const auto plan = record_all(sweep, dir / "results", [](const contra::sweep::PlannedRun& run) {
    Fake f;
    f.knn = 70.0;
    f.linear = 80.0;
    f.peak = 100 * kMiB + 1000.0 * static_cast<double>(counts_of(run.experiment).negatives);
    return f;
  });
  REQUIRE(plan.runs.size() == 7);

  const auto reference = contra::config::load_reference(kReferences, "moco_v2.cost");
  std::vector<contra::report::RunSummary> records;
  for (const auto& run : plan.runs) records.push_back(contra::report::read_summary(run.record));
  const auto rows = contra::report::group_runs(plan, records, reference);
  REQUIRE(rows.rows.size() == 7);
  const auto growth = contra::report::memory_growth(rows);
  REQUIRE(growth.size() == 3);
  for (const auto& g : growth) {
    INFO("series " << g.series);
    CHECK(g.bytes_per_negative == Approx(1000.0).epsilon(1e-9));
  }
  CHECK(growth[0].series == "moco");
  CHECK(growth[0].points == 3);
  CHECK(growth[0].min_negatives == 1024);
  CHECK(growth[0].max_negatives == 16384);
  CHECK(growth[0].store_bytes_per_negative == Approx(128.0 * 4.0));  // the queue: D·4 bytes per key
  CHECK(growth[1].series == "memory_bank");
  CHECK(growth[1].store_bytes_per_negative == Approx(0.0).margin(1e-9));  // the bank does not grow with K
  CHECK(growth[2].series == "end_to_end");
  CHECK(growth[2].min_negatives == 255);
  CHECK(growth[2].max_negatives == 511);
  CHECK(growth[2].store_bytes_per_negative == Approx(0.0).margin(1e-9));

  std::string csv;
  const std::string md = report_twice(plan, &csv);
  INFO("table.md:\n" << md);
  // 1000 bytes per negative = 1000·1000/2²⁰ MiB per 1000 negatives = +0.95.
  CHECK_THAT(md, Catch::Contains("Memory growth, moco: peak memory +0.95 MiB per 1000 negatives"));
  CHECK_THAT(md, Catch::Contains("Memory growth, end_to_end: peak memory +0.95 MiB per 1000 negatives"));
  CHECK_THAT(md, Catch::Contains("the negatives store alone +0.488 MiB per 1000"));  // 512·1000/2²⁰
  CHECK_FALSE(line_starting(md, "| mechanism | K | negatives |").empty());
  // moco at K = 4096: peak 100 MiB + 4096000 bytes = 103.9 MiB → "104"; the queue 128·4096·4 bytes = 2 MiB.
  // Accuracy per unit of time: linear 80 over random init's 20 (seed 0), in 100 s: 60 points / (100/60) min = 36.
  CHECK_THAT(line_starting(md, "| moco | 4096 |"), Catch::Contains("| 4096 | 70.00 | 80.00 | 1 | +30.00 | +35.00 | ok |") &&
                                                      Catch::EndsWith("| 104 | 2.00 | 2.5 | 36.00 |"));
  CHECK_THAT(md, Catch::Contains("linear over random init per train min"));
  CHECK_THAT(line_starting(md, "| end_to_end | 512 |"), Catch::Contains("| 511 |") && Catch::Contains("| 0.00 |"));
  // The paper's own cost table, cited: MoCo v2 Table 3.
  for (const std::string v : {"5.0", "7.4", "93.0", "53", "65"}) CHECK_THAT(md, Catch::Contains("| " + v + " |"));
  CHECK_THAT(md, Catch::Contains("Table 3"));
  CHECK_THAT(md, Catch::Contains("MoCo b256"));
  CHECK_THAT(md, Catch::Contains("end-to-end b4096"));
  CHECK_THAT(md, Catch::Contains("arXiv:2003.04297"));
  CHECK_THAT(csv, Catch::StartsWith("baseline,method.name,summary.K,negatives,"));
  CHECK_THAT(csv, Catch::Contains("\n,moco,16384,16384,"));
}

TEST_CASE("report kinds: one layout per name the sweep reader accepts, and no fallback for others", "[report]") {
  CHECK(contra::report::report_kinds() == contra::config::names::kReportKinds);
  // A kind the reader would refuse, set in code: an error listing the kinds, not an ablation table.
  TempDir dir;
  const auto sweep = write_file(
      dir / "pie.toml", "name = \"pie\"\nexperiment = \"" + kExperiment + "\"\n[grid]\n\"method.momentum\" = [0.9]\n");
  auto plan = contra::sweep::plan_sweep(sweep, "", {}, dir / "results");
  plan.sweep.report.kind = "pie";
  CHECK_THROWS_WITH(contra::report::write_report(plan, CONTRA_SOURCE_DIR "/analysis/references"),
                    Catch::Contains("report.kind = 'pie' is unknown; valid: ablation, grid, cost, curves"));
  CHECK_FALSE(fs::exists(plan.dir / "table.md"));
}
