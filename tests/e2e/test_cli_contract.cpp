// The CLI's contract on bad input and on reruns (found by a review as a new user): one line on
// stderr and exit code 2 for every user error, checks before anything runs, and a failed rerun
// never reported with a stale record.
#include <torch/cuda.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "../support/cli.h"
#include "contra/config/experiment.h"
#include "contra/core/precision.h"
#include "contra/store/run_record.h"

namespace fs = std::filesystem;
using namespace contra::testing;

namespace {

const char* const kTiny =
    " --set data.train_subset=512 --set data.test_subset=200 --set optim.epochs=1 --set optim.batch=128"
    " --set model.width=4 --set method.queue=256 --set eval.knn_random_init=false";

std::string tiny_sweep(const TempDir& dir, const std::string& name, const std::string& extra_preset = "") {
  return write_file(dir / (name + ".toml"),
                    "name = \"" + name + "\"\nexperiment = \"" + kExperiment + "\"\nseeds = [0]\nbaselines = []\n" +
                        "[grid]\n\"method.momentum\" = [0.9]\n[preset.cpu]\n\"data.train_subset\" = 512\n"
                        "\"data.test_subset\" = 200\n\"optim.epochs\" = 1\n\"optim.batch\" = 128\n\"model.width\" = 4\n"
                        "\"method.queue\" = 256\n\"eval.knn_random_init\" = false\n" +
                        extra_preset);
}

}  // namespace

TEST_CASE("e2e: command-line parse errors are one line with exit code 2", "[e2e]") {
  TempDir dir;
  check_one_line_error(run_cli("bogus", dir), "unknown command 'bogus'");
  check_one_line_error(run_cli("train", dir), "experiment");
  check_one_line_error(run_cli("sweep x.toml --jobs abc", dir), "--jobs");
  check_one_line_error(run_cli("sweep x.toml --jobs 0", dir), "--jobs");
  check_one_line_error(run_cli("train x.toml --threads -3", dir), "--threads");
  CHECK(run_cli("--help", dir).code == 0);
  CHECK(run_cli("sweep --help", dir).code == 0);
}

TEST_CASE("e2e: sweep --help and --dry-run and status say what the sweep trains and in which order", "[e2e]") {
  TempDir dir;
  const auto help = run_cli("sweep --help", dir);
  CHECK_THAT(help.out, Catch::Contains("--no-report"));
  CHECK_THAT(help.out, !Catch::Contains("{false}"));
  CHECK_THAT(help.out, Catch::Contains("a baseline is trained again only when another commit of contra recorded it"));
  // baselines = []: no baselines line. With the default baselines: listed first, as trained.
  const auto none = run_cli("sweep " + quote(tiny_sweep(dir, "none")) + " --dry-run", dir);
  CHECK(none.code == 0);
  CHECK_THAT(none.out, !Catch::Contains("baselines of"));
  const auto with = write_file(dir / "with.toml", "name = \"with\"\nexperiment = \"" + kExperiment +
                                                      "\"\nseeds = [0]\n[grid]\n\"method.momentum\" = [0.9]\n");
  const auto listed = run_cli("sweep " + quote(with) + " --dry-run", dir);
  CHECK(listed.code == 0);
  const auto baselines_at = listed.out.find("baselines of with preset cpu: 3 runs");
  REQUIRE(baselines_at != std::string::npos);
  CHECK(baselines_at < listed.out.find("sweep with preset cpu: 1 runs"));
  CHECK(listed.out.find("[raw pixels] seed=0") < listed.out.find("method.momentum=0.9"));
  // The listing says what it did not check; a data.train_subset past the dataset passes it.
  CHECK_THAT(listed.out, Catch::Contains("not checked by --dry-run: each run's device and precision, its dataset (read "
                                         "whole) and data.train_subset against it"));
  const auto too_many = run_cli("sweep " + quote(with) + " --dry-run --set data.train_subset=70000", dir);
  CHECK(too_many.code == 0);
  CHECK_THAT(too_many.out, Catch::Contains("not checked by --dry-run"));
  // contra status lists the baselines too, first.
  const auto status = run_cli("status " + quote(with), dir);
  CHECK(status.code == 0);
  const auto status_baselines = status.out.find("baselines of with preset cpu: 3 runs");
  REQUIRE(status_baselines != std::string::npos);
  CHECK(status_baselines < status.out.find("sweep with preset cpu: 1 runs"));
  CHECK_THAT(status.out, Catch::Contains("[supervised] seed=0"));
}

TEST_CASE("e2e: more bad values stop contra train before any results", "[e2e]") {
  TempDir dir;
  const fs::path out = dir / "x";
  std::vector<std::pair<std::string, std::string>> cases = {
      {"--set data.dataset=mnist", "Fashion-MNIST folder"},
      {"--set data.train_subset=257 --set data.drop_last=false --set model.bn_splits=1 --set method.queue=256",
       "last batch of 1 image"},
      {"--set run.device=gpu", "run.device"},
  };
  if (!torch::cuda::is_available()) cases.emplace_back("--set run.device=cuda", "(--set run.device=cuda)");
  for (const auto& [args, expect] : cases) {
    INFO(args);
    check_one_line_error(run_cli("train " + quote(kExperiment) + " " + args + " --out " + quote(out.string()), dir),
                         expect);
    CHECK_FALSE(fs::exists(out));
  }
  write_file(dir / "afile", "");
  check_one_line_error(
      run_cli("train " + quote(kExperiment) + kTiny + " --out " + quote((dir / "afile").string()), dir),
      "cannot create the run records (--out) folder");
}

TEST_CASE("e2e: a sweep checks devices, data and --set before it runs anything", "[e2e]") {
  TempDir dir;
  const fs::path results = dir / "results";
  const std::string common = " --results " + quote(results.string());
  const auto sweep = tiny_sweep(dir, "pre", "[preset.nodata]\n\"data.root\" = \"" + (dir / "none").string() + "\"\n");
  check_one_line_error(run_cli("sweep " + quote(sweep) + " --preset nodata" + common, dir), "dataset not found");
  check_one_line_error(run_cli("sweep " + quote(sweep) + " --dry-run --set method.momentum=0.5" + common, dir),
                       "is an axis of");
  // The seeds are an axis too: a --set seed would collapse them into one run labelled with another seed.
  check_one_line_error(run_cli("sweep " + quote(sweep) + " --dry-run --set run.seed=7" + common, dir), "`seeds`");
  if (!torch::cuda::is_available())
    check_one_line_error(run_cli("sweep " + quote(sweep) + " --set run.device=cuda" + common, dir), "no CUDA device");
  // A precision the device cannot run (fp16 on LibTorch 1.13's CPU) stops the sweep, not each run.
  if (contra::core::precision_unsupported(contra::core::Precision::fp16, torch::kCPU))
    check_one_line_error(run_cli("sweep " + quote(sweep) + " --set run.precision=fp16" + common, dir),
                         "run.precision = 'fp16' cannot run on cpu");
  CHECK_FALSE(fs::exists(results));
  // A bad key in a preset that is not selected is still found.
  const auto other = tiny_sweep(dir, "other", "[preset.gpu]\n\"optim.epochz\" = 3\n");
  check_one_line_error(run_cli("sweep " + quote(other) + " --dry-run" + common, dir), "optim.epochz");
}

TEST_CASE("e2e: a --rerun that fails leaves no stale record to report", "[e2e]") {
  TempDir dir;
  const fs::path results = dir / "results";
  const std::string common =
      " --results " + quote(results.string()) + " --references " + quote(kSource + "/analysis/references");
  // A copy of the dataset, as a user's own data folder.
  const fs::path data = copy_default_dataset(dir / "data");
  const auto sweep = tiny_sweep(dir, "rerun", "\"data.root\" = \"" + data.string() + "\"\n");
  const auto first = run_cli("sweep " + quote(sweep) + common, dir);
  INFO("first: " << first.out << first.err);
  REQUIRE(first.code == 0);
  const fs::path runs = results / "rerun" / "cpu" / "runs";
  REQUIRE(files_with(runs, ".h5").size() == 1);

  // The run fails when it starts: a folder where its lock file goes (the sweep's preflight reads the
  // dataset whole, so a spoiled dataset now stops the sweep before anything is set aside).
  const std::string id = files_with(runs, ".h5").front().stem().string();
  fs::remove(runs / (id + ".lock"));  // the lock file the first run left
  fs::create_directories(runs / (id + ".lock"));
  const auto rerun = run_cli("sweep " + quote(sweep) + " --rerun" + common, dir);
  INFO("rerun: " << rerun.out << rerun.err);
  CHECK(rerun.code == 1);
  CHECK_THAT(rerun.out, Catch::Contains("0 complete") && Catch::Contains("1 error"));
  CHECK_THAT(rerun.out, !Catch::Contains("complete kNN"));
  CHECK(files_with(runs, ".h5").empty());               // the old record is set aside ...
  CHECK(files_with(runs, ".h5.previous").size() == 1);  // ... not deleted
  CHECK_THAT(read_file(results / "rerun" / "cpu" / "table.md"), Catch::Contains("INCOMPLETE"));
  const auto status = run_cli("status " + quote(sweep) + " --results " + quote(results.string()), dir);
  CHECK_THAT(status.out, Catch::Contains("planned"));
}

TEST_CASE("e2e: contra status and the table show the world size a run was recorded with", "[e2e]") {
  TempDir dir;
  const fs::path results = dir / "results";
  const std::string common =
      " --results " + quote(results.string()) + " --references " + quote(kSource + "/analysis/references");
  const auto sweep = tiny_sweep(dir, "ranks", "");
  REQUIRE(run_cli("sweep " + quote(sweep) + common, dir).code == 0);
  const fs::path runs = results / "ranks" / "cpu" / "runs";
  const auto file = files_with(runs, ".h5").front();
  CHECK_THAT(read_file(results / "ranks" / "cpu" / "table.md"), Catch::Contains("1 process(es) (world size)"));
  auto record = contra::store::read_run(file);
  CHECK(contra::store::get_int(record.attributes, "world_size", "record") == 1);
  record.attributes["world_size"] = std::int64_t{2};  // as `contra train --nproc 2` records it
  contra::store::write_run(file, record);
  const auto status = run_cli("status " + quote(sweep) + " --results " + quote(results.string()), dir);
  CHECK_THAT(status.out, Catch::Contains(", 2 ranks"));
  REQUIRE(run_cli("report " + quote(sweep) + common, dir).code == 0);
  CHECK_THAT(read_file(results / "ranks" / "cpu" / "table.md"), Catch::Contains("2 process(es) (world size)"));
}

TEST_CASE("e2e: contra train on a recorded run trains it again and keeps the old record as .previous", "[e2e]") {
  TempDir dir;
  const std::string train = "train " + quote(kExperiment) + kTiny + " --quiet --out " + quote((dir / "runs").string());
  const auto first = run_cli(train, dir);
  INFO(first.err);
  REQUIRE((first.code == 0 || first.code == 3));
  const auto records = files_with(dir / "runs", ".h5");
  REQUIRE(records.size() == 1);
  const std::string original = read_file(records.front());
  const auto second = run_cli(train, dir);
  REQUIRE((second.code == 0 || second.code == 3));
  const fs::path previous = records.front().string() + ".previous";
  REQUIRE(fs::exists(previous));
  CHECK(read_file(previous) == original);  // the old record, byte for byte
  CHECK(files_with(dir / "runs", ".h5").size() == 1);
  CHECK(contra::store::get_string(contra::store::read_run(records.front()).attributes, "started_at", "new") !=
        contra::store::get_string(contra::store::read_run(previous).attributes, "started_at", "old"));
  // A folder where .previous goes would stop the run only when it is saved: refused before it trains.
  const std::string kept = read_file(records.front());
  fs::remove(previous);
  fs::create_directories(previous / "x");
  const auto third = run_cli(train, dir);
  CHECK(third.code == 2);
  CHECK_THAT(third.err, Catch::Contains(previous.string()) && Catch::Contains("something other than a file stands"));
  CHECK(lines_of(third.err).size() == 1);
  CHECK(read_file(records.front()) == kept);
  CHECK(files_with(dir / "runs", ".h5.partial").empty());
}

TEST_CASE("e2e: report and status refuse a --results folder that is not there, and create nothing", "[e2e]") {
  TempDir dir;
  const auto sweep = tiny_sweep(dir, "typo");
  for (const char* command : {"report ", "status "}) {
    const auto typo = run_cli(command + quote(sweep) + " --results " + quote((dir / "resluts").string()), dir);
    INFO(command << typo.err);
    CHECK(typo.code == 2);
    CHECK_THAT(typo.err, Catch::Contains("--results") && Catch::Contains("resluts"));
    CHECK(lines_of(typo.err).size() == 1);
    CHECK_FALSE(fs::exists(dir / "resluts"));
  }
}
