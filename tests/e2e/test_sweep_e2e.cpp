// End to end: a two-run sweep through the real `contra` executable, its report beside the
// paper's numbers, resuming, and the CLI's one-line errors (tests/CASES.md C5).
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "../support/cli.h"
#include "contra/store/run_record.h"

namespace fs = std::filesystem;
using namespace contra::testing;

TEST_CASE("e2e: a two-run momentum sweep on the CPU, its report and resuming", "[e2e]") {
  TempDir dir;
  const auto sweep = write_file(dir / "e2e-momentum.toml",
                                "name = \"e2e-momentum\"\n"
                                "experiment = \"" +
                                    kExperiment +
                                    "\"\n"
                                    "seeds = [0]\n"
                                    "[grid]\n"
                                    "\"method.momentum\" = [0.9, 0.99]\n"
                                    "[preset.cpu]\n"
                                    "\"data.train_subset\" = 2000\n"
                                    "\"data.test_subset\" = 1000\n"
                                    "\"optim.epochs\" = 1\n"
                                    "\"optim.batch\" = 128\n"
                                    "\"model.width\" = 8\n"
                                    "\"method.queue\" = 512\n"
                                    "\"optim.lr\" = 0.3\n"  // the supervised baseline learns in one epoch
                                    "[report]\n"
                                    "title = \"e2e momentum\"\n"
                                    "reference = \"moco_v1.momentum_ablation\"\n"
                                    "reference_x = \"momentum\"\n"
                                    "reference_y = \"top1\"\n"
                                    "x = \"method.momentum\"\n"
                                    "x_label = \"m\"\n"
                                    "claims = false\n");  // two of the paper's five rows
  const fs::path results = dir / "results";
  const std::string common =
      " --results " + quote(results.string()) + " --references " + quote(kSource + "/analysis/references");
  const auto first = run_cli("sweep " + quote(sweep) + common + " --jobs 2", dir);
  INFO("stdout:\n" << first.out << "\nstderr:\n" << first.err);
  REQUIRE(first.code == 0);

  const fs::path preset_dir = results / "e2e-momentum" / "cpu";
  const auto records = files_with(preset_dir / "runs", ".h5");
  CHECK(records.size() == 2);
  CHECK(files_with(preset_dir / "runs", ".partial").empty());
  // Each record names its axis value typed (a number) and as text, and its log's progress lines
  // are labelled with it.
  for (const auto& file : records) {
    const auto record = contra::store::read_run(file);
    const double m = contra::store::get_double(record.axes, "method.momentum", file.string());
    CHECK((m == 0.9 || m == 0.99));
    const std::string text = m == 0.9 ? "method.momentum=0.9" : "method.momentum=0.99";
    CHECK(contra::store::get_string(record.attributes, "axes", file.string()) == text);
    const auto log = preset_dir / "logs" / (file.stem().string() + ".log");
    CHECK_THAT(read_file(log), Catch::Contains("[moco " + text + " seed=0] "));
  }
  REQUIRE(fs::is_regular_file(preset_dir / "table.md"));
  REQUIRE(fs::is_regular_file(preset_dir / "table.csv"));

  const std::string md = read_file(preset_dir / "table.md");
  const std::string csv = read_file(preset_dir / "table.csv");
  INFO("table.md:\n" << md);
  const std::string row_09 = row_starting(md, "0.9");
  const std::string row_099 = row_starting(md, "0.99");
  REQUIRE_FALSE(row_09.empty());
  REQUIRE_FALSE(row_099.empty());
  // The three baselines, trained beside the runs into results/baselines and shown first, each with
  // a kNN and a linear top-1; every measured row says what it gains over raw pixels.
  const auto baselines = files_with(results / "baselines" / "runs", ".h5");
  CHECK(baselines.size() == 3);  // raw pixels, random init and supervised, one seed
  for (const std::string b : {"raw pixels", "random init"}) {
    const std::string row = row_starting(md, b);
    INFO(b << ": " << row);
    CHECK_THAT(row, Catch::Contains("| baseline: ok |"));
    CHECK(std::count(row.begin(), row.end(), '.') >= 2);  // two measured numbers
  }
  {  // a supervised run of 2 epochs may not learn: then it says so and is never called the ceiling
    const std::string row = row_starting(md, "supervised"), init = row_starting(md, "random init");
    INFO("supervised: " << row << "\nrandom init: " << init);
    const auto knn_of = [](const std::string& r) { return std::stod(r.substr(r.find('|', 1) + 1)); };
    CHECK_THAT(row, Catch::Contains(knn_of(row) > knn_of(init) ? "| baseline: ok |" : "not a ceiling"));
  }
  CHECK_THAT(first.out, Catch::Contains("baselines of e2e-momentum preset cpu: 3 complete"));
  CHECK_THAT(row_09, Catch::Contains("| 55.2 |"));
  CHECK_THAT(row_099, Catch::Contains("| 57.8 |"));
  CHECK_THAT(md, !Catch::Contains("INCOMPLETE"));
  // The CSV names a baseline in its own column: the x column holds only momenta.
  CHECK_THAT(csv, Catch::Contains("\nraw pixels,,"));
  CHECK_THAT(csv, Catch::StartsWith("baseline,method.momentum,"));
  // contra status: the evaluation-only baselines trained nothing; the runs trained their epoch.
  const auto status = run_cli("status " + quote(sweep) + " --results " + quote(results.string()), dir);
  INFO("status:\n" << status.out);
  CHECK(status.code == 0);
  const auto raw_at = status.out.find("[raw pixels]");
  REQUIRE(raw_at != std::string::npos);
  const auto line_at = status.out.rfind('\n', raw_at) + 1;  // the progress comes before the run's name
  CHECK_THAT(status.out.substr(line_at, raw_at - line_at), Catch::Contains("evaluated once, nothing trained"));
  CHECK_THAT(status.out, Catch::Contains("epoch 1/1"));

  // `contra report` again: the same bytes.
  std::map<fs::path, fs::file_time_type> mtimes;
  for (const auto& r : records) mtimes[r] = fs::last_write_time(r);
  const auto report = run_cli("report " + quote(sweep) + common, dir);
  CHECK(report.code == 0);
  CHECK(read_file(preset_dir / "table.md") == md);
  CHECK(read_file(preset_dir / "table.csv") == csv);

  // `contra sweep` again: nothing to run, the records untouched.
  const auto again = run_cli("sweep " + quote(sweep) + common + " --jobs 2", dir);
  INFO("second sweep stdout:\n" << again.out);
  CHECK(again.code == 0);
  CHECK_THAT(again.out, Catch::Contains("2 already done"));
  CHECK_THAT(again.out, Catch::Contains("3 already recorded"));
  CHECK_THAT(again.out, Catch::Contains("0 complete"));
  for (const auto& r : records) CHECK(fs::last_write_time(r) == mtimes[r]);
  CHECK(read_file(preset_dir / "table.md") == md);
}

TEST_CASE("e2e: contra train with a bad value exits 2 with one line and leaves no results", "[e2e]") {
  TempDir dir;
  struct Case {
    std::string set, expect;
  };
  const std::vector<Case> cases = {
      {"method.momentum=1.5", "1.5"},      {"method.temperature=0", "method.temperature"},
      {"method.queue=0", "method.queue"},  {"optim.batch=-4", "-4"},
      {"method.nmae=moco", "method.nmae"}, {"data.root=/nonexistent", "apt-get install dataset-fashion-mnist"},
  };
  for (const auto& c : cases) {
    INFO("--set " << c.set);
    const fs::path out = dir / "x";
    const auto r =
        run_cli("train " + quote(kExperiment) + " --set " + quote(c.set) + " --out " + quote(out.string()), dir);
    INFO("stderr: " << r.err);
    CHECK(r.code == 2);
    const auto lines = lines_of(r.err);
    CHECK(lines.size() == 1);
    CHECK_THAT(r.err, Catch::Contains(c.expect));
    CHECK_THAT(r.err, Catch::Contains("moco-fashion-mnist.toml"));
    CHECK_FALSE(fs::exists(out));
  }
}

TEST_CASE("e2e: contra sweep with a syntax error on line 7 exits 2 naming line 7", "[e2e]") {
  TempDir dir;
  const auto sweep = write_file(dir / "broken.toml",
                                "name = \"broken\"\n"
                                "experiment = \"" +
                                    kExperiment +
                                    "\"\n"
                                    "seeds = [0]\n"
                                    "\n"
                                    "[grid]\n"
                                    "\"method.momentum\" = [0.9]\n"
                                    "\"method.queue\" = = 3\n"  // line 7
                                    "[report]\n");
  const auto r = run_cli("sweep " + quote(sweep) + " --results " + quote((dir / "results").string()), dir);
  INFO("stderr: " << r.err);
  CHECK(r.code == 2);
  CHECK(lines_of(r.err).size() == 1);
  CHECK_THAT(r.err, Catch::Contains(sweep + ":7:"));
  CHECK_FALSE(fs::exists(dir / "results"));
}
