// What a resume refuses, and how (train/resume.h): one line naming the checkpoint, exit 2, and the
// checkpoint left where it is unless its bytes are damaged. A folder or a FIFO where the checkpoint
// goes, another run's checkpoint; a run on 2 ranks whose checkpoint is damaged stops every rank
// with one line and leaves its partial record as it was; a CPU run resumed with other --threads
// goes on with the ones it started with, bit for bit; and a second stop signal to the --nproc
// launcher reaches the ranks, which still checkpoint.
#include <sys/stat.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <string>
#include <thread>

#include "../support/cli.h"
#include "../support/errors.h"
#include "../support/gloo.h"
#include "../support/resume.h"
#include "../support/text.h"
#include "contra/store/run_record.h"
#include "contra/sweep/children.h"
#include "contra/train/trainer.h"

namespace fs = std::filesystem;
using contra::testing::files_with;
using contra::testing::lines_of;
using contra::testing::quote;
using contra::testing::read_file;
using contra::testing::run_cli;
using contra::testing::TempDir;
using contra::testing::tiny_sets;
using contra::testing::train_status;

namespace {

std::string train_command(const fs::path& out, const std::string& extra = "") {
  return "train " + quote(contra::testing::kExperiment) + tiny_sets("moco") + " --threads 1 --quiet --out " +
         quote(out.string()) + " " + extra;
}

/// The run id of the tiny MoCo run, from the checkpoint a stopped attempt leaves.
fs::path stopped_checkpoint(const fs::path& out, const TempDir& dir, const std::string& extra = "") {
  REQUIRE(WEXITSTATUS(train_status("moco", out, "--stop-after-steps 5 " + extra, dir)) == 76);
  const auto ckpt = files_with(out, ".ckpt");
  REQUIRE(ckpt.size() == 1);
  return ckpt.front();
}

}  // namespace

TEST_CASE("resume: a folder or a FIFO where the checkpoint goes is refused in one line and left there",
          "[train][resume]") {
  TempDir dir;
  const auto ckpt = stopped_checkpoint(dir / "runs", dir);
  fs::remove(ckpt);
  for (const bool fifo : {false, true}) {
    INFO((fifo ? "FIFO" : "folder"));
    if (fifo) {
      REQUIRE(mkfifo(ckpt.c_str(), 0644) == 0);
    } else {
      fs::create_directory(ckpt);
    }
    const auto r = run_cli(train_command(dir / "runs"), dir);  // a FIFO must not block the read
    CHECK(r.code == 2);
    CHECK(lines_of(r.err).size() == 1);
    CHECK_THAT(r.err, Catch::Contains(ckpt.string()) && Catch::Contains("not a regular file"));
    CHECK(fs::exists(ckpt));
    CHECK_FALSE(fs::exists(ckpt.string() + ".damaged"));
    fs::remove(ckpt);
  }
  // A file contra did not write (no checkpoint header) is not a damaged checkpoint: kept too.
  for (const std::string text : {"", "my notes\n"}) {
    INFO("a file holding '" << text << "'");
    contra::testing::write_file(ckpt, text);
    const auto r = run_cli(train_command(dir / "runs"), dir);
    CHECK(r.code == 2);
    CHECK(lines_of(r.err).size() == 1);
    CHECK_THAT(r.err, Catch::Contains(ckpt.string()) && Catch::Contains("not a contra checkpoint"));
    CHECK(read_file(ckpt) == text);
    CHECK_FALSE(fs::exists(ckpt.string() + ".damaged"));
  }
}

TEST_CASE("resume: another run's checkpoint under this run's name is refused, naming both runs", "[train][resume]") {
  TempDir dir;
  const auto theirs = stopped_checkpoint(dir / "other", dir, "--set run.seed=1");
  const auto mine = stopped_checkpoint(dir / "runs", dir);
  fs::copy_file(theirs, mine, fs::copy_options::overwrite_existing);
  const auto r = run_cli(train_command(dir / "runs"), dir);
  CHECK(r.code == 2);
  CHECK(lines_of(r.err).size() == 1);
  CHECK_THAT(r.err, Catch::Contains("the checkpoint is run " + theirs.stem().string() + "'s, not run " +
                                    mine.stem().string() + "'s"));
  CHECK(fs::exists(mine));  // not set aside: its bytes are whole
  CHECK(files_with(dir / "runs", ".h5").empty());
}

TEST_CASE("resume: a CPU run resumed with other --threads goes on with the ones it started with, bit for bit",
          "[train][resume]") {
  TempDir dir;
  REQUIRE(train_status("moco", dir / "reference", "", dir) == 0);  // --threads 1
  stopped_checkpoint(dir / "resumed", dir);
  const auto r = run_cli("train " + quote(contra::testing::kExperiment) + tiny_sets("moco") + " --threads 2 --out " +
                             quote((dir / "resumed").string()),
                         dir);
  REQUIRE(r.code == 0);
  CHECK_THAT(r.out + r.err, Catch::Contains("resuming with the 1 threads the run started with (this attempt was given 2)"));
  contra::testing::check_same_metrics(contra::testing::only_record(dir / "reference"),
                                      contra::testing::only_record(dir / "resumed"));
}

TEST_CASE("resume: 2 ranks whose checkpoint is damaged stop in one line, and the partial record stays as it was",
          "[train][resume][dist]") {
  contra::testing::skip_without_gloo();
  TempDir dir;
  const auto out = dir / "runs";
  REQUIRE(WEXITSTATUS(train_status("moco", out, "--nproc 2 --log-every 5 --stop-after-steps 5", dir)) == 76);
  const auto ckpt = files_with(out, ".ckpt");
  REQUIRE(ckpt.size() == 1);
  const auto partial = files_with(out, ".h5.partial");
  REQUIRE(partial.size() == 1);
  const auto bytes = read_file(ckpt.front());
  // Several tries: whichever rank reads first, rank 0 alone sets the file aside and every rank stops.
  for (int attempt = 0; attempt < 3; ++attempt) {
    INFO("attempt " << attempt);
    contra::testing::write_file(ckpt.front(), bytes.substr(0, bytes.size() / 2));
    fs::remove(ckpt.front().string() + ".damaged");
    const auto r = run_cli(train_command(out, "--nproc 2"), dir);
    CHECK(r.code == 2);
    CHECK(lines_of(r.err).size() == 1);
    CHECK_THAT(r.err, Catch::Contains(ckpt.front().string()) && Catch::Contains("damaged") &&
                          Catch::Contains("set aside as"));
    const auto record = contra::store::read_run(partial.front());
    CHECK(contra::store::get_string(record.attributes, "status", "partial") == "interrupted");
  }
}

TEST_CASE("resume: a second stop signal to the --nproc launcher reaches the ranks, which still checkpoint",
          "[train][resume][dist]") {
  contra::testing::skip_without_gloo();
  TempDir dir;
  const auto out = dir / "runs";
  // Long enough to be signalled while it trains: 3 epochs of 8192 images in batches of 64.
  const std::vector<std::string> args = {contra::testing::kCli, "train", contra::testing::kExperiment,
                                         "--set", "data.train_subset=8192", "--set", "data.test_subset=200",
                                         "--set", "optim.epochs=3", "--set", "optim.batch=64",
                                         "--set", "model.width=4", "--set", "method.queue=256",
                                         "--threads", "2", "--nproc", "2", "--log-every", "1000",
                                         "--quiet", "--out", out.string()};
  const pid_t launcher = contra::sweep::spawn(args, dir / "log");
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (files_with(out, ".h5.partial").empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // into the first epoch's steps
  kill(launcher, SIGTERM);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  kill(launcher, SIGTERM);  // a repeat of the same request (within 2 s): the ranks take it as one
  int status = 0;
  waitpid(launcher, &status, 0);
  INFO(read_file(dir / "log"));
  REQUIRE(WIFEXITED(status));  // the launcher was not ended by the second signal
  CHECK(WEXITSTATUS(status) == contra::train::kExitInterrupted);
  CHECK(files_with(out, ".ckpt").size() == 1);
  CHECK(files_with(out, ".h5").empty());
}
