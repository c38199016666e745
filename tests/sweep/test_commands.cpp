// The commands' logic in the library (sweep/commands.h), reached without a subprocess: the
// dry-run listing in training order, the [slurm] values the command line replaces, a sweep with
// nothing left to train, and the statuses.
#include <catch2/catch.hpp>

#include <string>

#include "../support/errors.h"
#include "../support/paths.h"
#include "../support/temp_dir.h"
#include "contra/sweep/baselines.h"
#include "contra/sweep/commands.h"
#include "contra/sweep/plan.h"

using contra::testing::TempDir;
using contra::testing::write_file;

namespace {

std::string tiny_sweep() {
  return "name = \"t\"\nexperiment = \"" + contra::testing::kExperiment +
         "\"\nseeds = [0]\n[grid]\n\"method.momentum\" = [0.9, 0.99]\n[preset.cpu]\n\"data.train_subset\" = 2000\n"
         "\"method.queue\" = 1024\n";
}

}  // namespace

TEST_CASE("commands: the dry run lists the baselines first, then the runs, with ids and states", "[sweep]") {
  TempDir dir;
  const auto plan = contra::sweep::plan_sweep(write_file(dir / "t.toml", tiny_sweep()), "", {}, dir / "results");
  const auto baselines = contra::sweep::plan_baselines(plan);
  const auto text = contra::sweep::dry_run_listing(plan, baselines);
  const auto b = text.find("baselines of t preset cpu: 3 runs"), s = text.find("sweep t preset cpu: 2 runs");
  REQUIRE(b != std::string::npos);
  REQUIRE(s != std::string::npos);
  CHECK(b < s);
  for (const auto& r : plan.runs) CHECK(text.find(r.id + "  planned") != std::string::npos);
  CHECK(text.find("[raw pixels] seed=0") < text.find("[random init] seed=0"));
  CHECK(text.find("[random init] seed=0") < text.find("[supervised] seed=0"));
  // baselines = []: the runs only.
  const auto none = contra::sweep::plan_sweep(write_file(dir / "n.toml", "baselines = []\n" + tiny_sweep()), "", {},
                                              dir / "results");
  CHECK(contra::sweep::dry_run_listing(none, contra::sweep::plan_baselines(none)).find("baselines of") ==
        std::string::npos);
}

TEST_CASE("commands: the command line's [slurm] values replace the file's, GPUs per rank or per node", "[sweep]") {
  contra::config::SlurmSpec file;
  file.gpus = 4;
  file.partition = "batch";
  contra::config::SlurmSpec cli;
  cli.gpus_per_task = 1;
  cli.time = "01:00:00";
  const auto r = contra::sweep::merge_slurm(file, cli, {"gpus_per_task", "time"}, "s.toml");
  CHECK(r.gpus == 0);  // the file's per-node GPUs give way to the command line's per-rank ones
  CHECK(r.gpus_per_task == 1);
  CHECK(r.time == "01:00:00");
  CHECK(r.partition == "batch");  // not set on the command line: the file's
  CHECK(contra::sweep::merge_slurm(file, cli, {}, "s.toml").gpus == 4);
  cli.cpus = 0;
  CHECK_THAT(contra::testing::message_of([&] { (void)contra::sweep::merge_slurm(file, cli, {"cpus"}, "s.toml"); }),
             Catch::Contains("the command line or s.toml: slurm.cpus = 0"));
}

TEST_CASE("commands: a sweep with every run and baseline recorded trains nothing and exits 0", "[sweep]") {
  TempDir dir;
  auto plan = contra::sweep::plan_sweep(write_file(dir / "n.toml", "baselines = []\n" + tiny_sweep()), "", {},
                                        dir / "results");
  for (auto& r : plan.runs) r.state = contra::sweep::RunState::done;  // as if recorded
  auto baselines = contra::sweep::plan_baselines(plan);
  contra::sweep::LocalOptions options;
  options.quiet = true;
  const auto done = contra::sweep::train_sweep(plan, baselines, options, "n.toml", "");
  CHECK(done.runs.launched == 0);
  CHECK(done.runs.skipped == 2);
  CHECK(done.output.code == 0);
  CHECK(done.output.err.empty());
  CHECK_THAT(done.output.out, Catch::Contains("sweep t preset cpu: 0 complete, 0 fail, 0 error") &&
                                  Catch::Contains("2 already done"));
  const auto status = contra::sweep::status_text(plan, baselines);
  CHECK_THAT(status, Catch::Contains("sweep t"));
}
