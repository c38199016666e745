// Starting or resuming a run (train/run_start.cpp, train/checkpoint.h): a run stopped at any
// point, by a crash (SIGKILL) or a polite stop signal (SIGTERM, as SLURM sends before a time
// limit), and started again gives exactly the same loss curve and kNN accuracy as the same run
// uninterrupted, in the same HDF5 record. Also: the same config and seed give identical metrics,
// one process trains a run at a time (the run lock), and a damaged checkpoint is refused.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdlib>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "../support/cli.h"
#include "../support/errors.h"
#include "../support/experiment.h"
#include "../support/resume.h"
#include "contra/config/run_id.h"
#include "contra/config/load.h"
#include "contra/methods/registry.h"
#include "contra/models/split_chunks.h"
#include "contra/store/run_lock.h"
#include "contra/store/run_record.h"
#include "contra/train/checkpoint.h"
#include "contra/train/trainer.h"

namespace fs = std::filesystem;
using contra::testing::check_same_metrics;
using contra::testing::only_record;
using contra::testing::quote;
using contra::testing::run_cli;
using contra::testing::TempDir;
using contra::testing::tiny_sets;
using contra::testing::train_status;

namespace {

/// The tiny MoCo run (2 epochs of 8 steps, 4 BN splits, the random-init kNN on) trained in this
/// process into `out`, stopped by SIGTERM during step `stop_after` (0: not stopped).
contra::train::RunResult run_in_process(const fs::path& out, std::int64_t stop_after) {
  static const auto exp =
      contra::testing::experiment_with({"data.train_subset=512", "data.test_subset=200", "optim.epochs=2",
                                        "optim.batch=64", "model.width=4", "method.queue=256", "model.bn_splits=4",
                                        "eval.knn_random_init=true"});
  contra::train::RunContext ctx;
  ctx.out_dir = out;
  ctx.quiet = true;
  ctx.threads = 1;
  ctx.stop_after_steps = stop_after;
  return contra::train::run_experiment(exp, ctx);
}

}  // namespace

TEST_CASE("resume: killed or stopped mid-epoch, every mechanism continues bit for bit", "[train][resume]") {
  struct Case {
    std::string method, interruption;
    int after_step;
  };
  // Step 13 lies inside epoch 2: a kill resumes from the epoch-1 checkpoint and trains steps 9..13
  // again; a stop signal saves a checkpoint at step 13 itself.
  const std::vector<Case> cases = {{"moco", "--kill-after-steps", 13},
                                   {"memory_bank", "--stop-after-steps", 13},
                                   {"end_to_end", "--kill-after-steps", 20},
                                   {"simclr", "--stop-after-steps", 5}};
  for (const auto& c : cases) {
    INFO(c.method << " " << c.interruption << " " << c.after_step);
    TempDir dir;
    const fs::path reference = dir / "reference", resumed = dir / "resumed";
    REQUIRE(train_status(c.method, reference, "", dir) == 0);

    const int status = train_status(c.method, resumed, c.interruption + " " + std::to_string(c.after_step), dir);
    if (c.interruption == "--kill-after-steps") {
      REQUIRE(WIFSIGNALED(status));
      CHECK(WTERMSIG(status) == SIGKILL);
    } else {
      REQUIRE(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == contra::train::kExitInterrupted);
    }
    // Interrupted: a partial record and a checkpoint, nothing that claims to be complete.
    CHECK(contra::testing::files_with(resumed, ".h5").empty());
    REQUIRE(contra::testing::files_with(resumed, ".h5.partial").size() == 1);
    const bool checkpointed = !contra::testing::files_with(resumed, ".ckpt").empty();
    CHECK(checkpointed == (c.after_step > 8 || c.interruption == "--stop-after-steps"));
    if (c.interruption == "--stop-after-steps") {
      const auto partial = contra::store::read_run(contra::testing::files_with(resumed, ".h5.partial").front());
      CHECK(contra::store::get_string(partial.attributes, "status", "partial") == "interrupted");
      CHECK(contra::store::column_as_double(partial.steps, "loss").size() == static_cast<std::size_t>(c.after_step));
    }

    REQUIRE(train_status(c.method, resumed, "", dir) == 0);
    CHECK(contra::testing::files_with(resumed, ".ckpt").empty());  // removed with the final record
    CHECK(contra::testing::files_with(resumed, ".h5.partial").empty());
    const auto a = only_record(reference), b = only_record(resumed);
    check_same_metrics(a, b);
    CHECK(contra::store::column_as_double(b.steps, "loss").size() == 24);  // no step lost or repeated
    CHECK(contra::store::column_as_double(b.epochs, "epoch") == std::vector<double>{1, 2, 3});
    CHECK(contra::store::get_int(b.attributes, "attempts", "b") == 2);
    CHECK(contra::store::get_int(a.attributes, "attempts", "a") == 1);
    if (checkpointed) {
      CHECK(contra::store::get_string(b.attributes, "resumed_from_epochs", "b") ==
            (c.interruption == "--kill-after-steps" ? std::to_string((c.after_step - 1) / 8)
                                                    : std::to_string(c.after_step / 8)));
    }
  }
}

TEST_CASE("resume: two kills in a row still give the uninterrupted run", "[train][resume]") {
  TempDir dir;
  REQUIRE(train_status("moco", dir / "reference", "", dir) == 0);
  CHECK(WIFSIGNALED(train_status("moco", dir / "resumed", "--kill-after-steps 10", dir)));
  CHECK(WIFSIGNALED(train_status("moco", dir / "resumed", "--kill-after-steps 20", dir)));
  REQUIRE(train_status("moco", dir / "resumed", "", dir) == 0);
  const auto b = only_record(dir / "resumed");
  check_same_metrics(only_record(dir / "reference"), b);
  CHECK(contra::store::get_int(b.attributes, "attempts", "b") == 3);
  CHECK(contra::store::get_string(b.attributes, "resumed_from_epochs", "b") == "1 2");
}

TEST_CASE("resume: --fresh starts over instead of resuming", "[train][resume]") {
  TempDir dir;
  CHECK(WIFSIGNALED(train_status("moco", dir / "runs", "--kill-after-steps 12", dir)));
  REQUIRE(contra::testing::files_with(dir / "runs", ".ckpt").size() == 1);
  REQUIRE(train_status("moco", dir / "runs", "--fresh", dir) == 0);
  const auto rec = only_record(dir / "runs");
  CHECK(contra::store::get_int(rec.attributes, "attempts", "rec") == 1);
  CHECK(rec.attributes.count("resumed_from_epochs") == 0);
}

TEST_CASE("reproducibility: the same config and seed on CPU give identical metrics", "[train][resume]") {
  TempDir dir;
  REQUIRE(train_status("moco", dir / "a", "", dir) == 0);
  REQUIRE(train_status("moco", dir / "b", "", dir) == 0);
  check_same_metrics(only_record(dir / "a"), only_record(dir / "b"));
  // Another seed gives another run.
  REQUIRE(train_status("moco", dir / "c", "--set run.seed=1", dir) == 0);
  CHECK(contra::store::column_as_double(only_record(dir / "a").steps, "loss") !=
        contra::store::column_as_double(only_record(dir / "c").steps, "loss"));
}

TEST_CASE("run lock: a held lock stops a second trainer, and a dead holder's lock does not", "[train][lock]") {
  TempDir dir;
  const fs::path out = dir / "runs";
  fs::create_directories(out);
  const auto exp = contra::methods::load_experiment(
      contra::testing::kExperiment,
      {contra::config::parse_set("data.train_subset=512", "t"), contra::config::parse_set("method.queue=256", "t")});
  const std::string id = contra::config::run_id(exp);
  {
    auto lock = contra::store::RunLock::try_acquire(out, id);
    REQUIRE(lock.has_value());
    CHECK(contra::store::is_locked(out, id));
    CHECK_FALSE(contra::store::RunLock::try_acquire(out, id).has_value());  // not twice, even in one process
    contra::train::RunContext ctx;
    ctx.out_dir = out;
    ctx.quiet = true;
    CHECK_THROWS_AS(contra::train::run_experiment(exp, ctx), contra::train::RunBusy);
    CHECK(contra::testing::files_with(out, ".h5.partial").empty());  // nothing written by the refused trainer
  }
  CHECK_FALSE(contra::store::is_locked(out, id));
  // A process that dies holding the lock (SIGKILL) leaves a lock file that blocks nobody.
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    auto lock = contra::store::RunLock::try_acquire(out, id);
    raise(SIGKILL);
    _exit(lock ? 0 : 1);
  }
  int status = 0;
  waitpid(child, &status, 0);
  CHECK(WIFSIGNALED(status));
  CHECK(fs::exists(contra::store::lock_path(out, id)));
  CHECK_FALSE(contra::store::is_locked(out, id));
  CHECK(contra::store::RunLock::try_acquire(out, id).has_value());
}

TEST_CASE("checkpoint: a damaged checkpoint is refused, set aside, and the next attempt starts over",
          "[train][resume]") {
  TempDir dir;
  REQUIRE(train_status("moco", dir / "reference", "", dir) == 0);
  // Truncated, and (a subtler case) one flipped byte in the middle: both must be refused.
  for (const bool truncate : {true, false}) {
    INFO((truncate ? "truncated" : "one byte flipped"));
    const fs::path runs = dir / (truncate ? "truncated" : "flipped");
    CHECK(WIFSIGNALED(train_status("moco", runs, "--kill-after-steps 12", dir)));
    const auto ckpt = contra::testing::files_with(runs, ".ckpt");
    REQUIRE(ckpt.size() == 1);
    auto bytes = contra::testing::read_file(ckpt.front());
    if (truncate) {
      bytes = bytes.substr(0, bytes.size() / 2);
    } else {
      bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x01);
    }
    contra::testing::write_file(ckpt.front(), bytes);
    const std::string train = "train " + quote(contra::testing::kExperiment) + tiny_sets("moco") +
                              " --threads 1 --quiet --out " + quote(runs.string());
    const auto r = run_cli(train, dir);
    CHECK(r.code == 2);
    CHECK_THAT(r.err,
               Catch::Contains(ckpt.front().string()) && Catch::Contains("damaged") && Catch::Contains("--fresh"));
    CHECK(contra::testing::lines_of(r.err).size() == 1);
    CHECK(contra::testing::files_with(runs, ".h5").empty());  // nothing claims to be complete
    CHECK(fs::exists(ckpt.front().string() + ".damaged"));    // kept for a look
    // The next attempt starts over and gives the uninterrupted run.
    REQUIRE(run_cli(train, dir).code == 0);
    check_same_metrics(only_record(dir / "reference"), only_record(runs));
  }
}

TEST_CASE("resume: a run resumed under another split chunk budget keeps the one it started with", "[train][resume]") {
  // A SLURM requeue can land on a node whose cache differs; the chunk count then differs, and with
  // it the last bits of every step. The record carries the budget, and the resumed attempt uses it.
  const auto run = run_in_process;
  TempDir dir;
  const std::int64_t machine_budget = contra::models::split_chunk_budget();
  REQUIRE(run(dir / "reference", 0).status != "interrupted");
  {
    const contra::models::SplitChunkBudgetScope other_node(1);  // one split per chunk
    REQUIRE(run(dir / "chunked", 0).status != "interrupted");
  }
  const auto reference = only_record(dir / "reference");
  CHECK(contra::store::get_int(reference.attributes, "split_chunk_budget_bytes", "reference") == machine_budget);
  // The budget matters: the same run in 4 chunks differs in the last bits.
  CHECK(contra::store::column_as_double(only_record(dir / "chunked").steps, "loss") !=
        contra::store::column_as_double(reference.steps, "loss"));

  REQUIRE(run(dir / "resumed", 5).status == "interrupted");
  {
    const contra::models::SplitChunkBudgetScope other_node(1);
    REQUIRE(run(dir / "resumed", 0).status != "interrupted");
    CHECK(contra::models::split_chunk_budget() == 1);  // the run gave the process's budget back
  }
  check_same_metrics(reference, only_record(dir / "resumed"));
}

namespace {

/// One attempt at a run: a --set override, and the CPU features the precision rule is told
/// (CONTRA_CPU_FEATURES; nullptr: this CPU's own).
struct Attempt {
  std::string set;
  const char* cpu_features = nullptr;
};

/// A run stopped after 5 steps as `started` is refused as `other`, in one line that names the
/// checkpoint, `says` and --fresh; the refusal writes nothing, and as `started` the run resumes and
/// completes.
void check_refused_resume(const Attempt& started, const Attempt& other, const std::string& says) {
  const std::vector<std::string> sets = {"data.train_subset=512", "data.test_subset=200", "optim.epochs=2",
                                         "optim.batch=64",        "model.width=4",        "method.queue=256",
                                         "model.bn_splits=4"};
  const auto run = [&](const fs::path& out, const Attempt& attempt, std::int64_t stop_after) {
    if (attempt.cpu_features != nullptr)
      setenv("CONTRA_CPU_FEATURES", attempt.cpu_features, 1);
    else
      unsetenv("CONTRA_CPU_FEATURES");
    auto with = sets;
    with.push_back(attempt.set);
    contra::train::RunContext ctx;
    ctx.out_dir = out;
    ctx.quiet = true;
    ctx.threads = 1;
    ctx.stop_after_steps = stop_after;
    return contra::train::run_experiment(contra::testing::experiment_with(with), ctx);
  };
  TempDir dir;
  REQUIRE(run(dir / "runs", started, 5).status == "interrupted");
  REQUIRE(contra::testing::files_with(dir / "runs", ".ckpt").size() == 1);
  const auto partial = contra::testing::files_with(dir / "runs", ".h5.partial");
  REQUIRE(partial.size() == 1);
  const auto before = contra::store::column_as_double(contra::store::read_run(partial.front()).steps, "loss");

  const std::string message = contra::testing::message_of([&] { run(dir / "runs", other, 0); });
  INFO(message);
  CHECK(message.find(".ckpt") != std::string::npos);
  CHECK(message.find(says) != std::string::npos);
  CHECK(message.find("--fresh") != std::string::npos);
  CHECK(message.find('\n') == std::string::npos);
  // The refused attempt wrote nothing: the checkpoint and the partial record are as they were.
  CHECK(contra::testing::files_with(dir / "runs", ".ckpt").size() == 1);
  CHECK(contra::store::column_as_double(contra::store::read_run(partial.front()).steps, "loss") == before);
  CHECK(contra::testing::files_with(dir / "runs", ".h5").empty());
  // Under the setting it started with, it resumes and completes.
  CHECK(run(dir / "runs", started, 0).status != "interrupted");
  CHECK(contra::testing::files_with(dir / "runs", ".h5").size() == 1);
  unsetenv("CONTRA_CPU_FEATURES");
}

}  // namespace

TEST_CASE("resume: a checkpoint is not continued under another run.deterministic, and nothing is lost",
          "[train][resume]") {
  // Deterministic algorithms change the kernels and with them the last bits: resuming under the
  // other setting would splice two computations into one record that claims to be one run.
  check_refused_resume({"run.deterministic=false"}, {"run.deterministic=true"}, "run.deterministic = false");
}

TEST_CASE("resume: run.precision = auto is not continued in the precision another CPU chooses, and nothing is lost",
          "[train][resume]") {
  // The run id hashes "auto", not what it chose: a run started with bf16 on a CPU with avx512_bf16,
  // requeued on one without, would splice two arithmetics into one record.
  check_refused_resume({"run.precision=auto", "avx512_bf16"}, {"run.precision=auto", "none"},
                       "run.precision = 'auto', which chose bf16 there (auto: x86_64 with avx512_bf16: bf16 in "
                       "hardware), and chooses fp32 here");
}

TEST_CASE("checkpoint: one from another machine shape resumes where its streams apply, and is refused in one line, "
          "never set aside, where they are missing",
          "[train][resume]") {
  // A checkpoint written where other GPUs were visible holds streams this process has no generator
  // for; one written on a CUDA run lacks streams a CPU run would draw from. Made here on a CPU by
  // adding and dropping entries as save_checkpoint writes them.
  const auto run = run_in_process;
  TempDir dir;
  REQUIRE(run(dir / "reference", 0).status == "complete");
  const auto other_gpu_state = torch::arange(16, torch::kUInt8);
  {
    const contra::train::RngEntriesForTesting other_machine({{"global_cuda", other_gpu_state},
                                                             {"global_cuda1", other_gpu_state}},
                                                            {});
    REQUIRE(run(dir / "more_streams", 5).status == "interrupted");
  }
  REQUIRE(run(dir / "more_streams", 0).status == "complete");  // the CUDA streams are not this run's: ignored
  check_same_metrics(only_record(dir / "reference"), only_record(dir / "more_streams"));

  {
    const contra::train::RngEntriesForTesting other_machine({}, {"global_cpu"});
    REQUIRE(run(dir / "fewer_streams", 5).status == "interrupted");
  }
  const auto ckpt = contra::testing::files_with(dir / "fewer_streams", ".ckpt");
  REQUIRE(ckpt.size() == 1);
  const auto message = contra::testing::message_of([&] { run(dir / "fewer_streams", 0); });
  CHECK_THAT(message, Catch::Contains(ckpt.front().string()) && Catch::Contains("no random state for global_cpu") &&
                          Catch::Contains("--fresh") && !Catch::Contains("damaged"));
  CHECK(message.find('\n') == std::string::npos);
  CHECK(fs::exists(ckpt.front()));                                // progress kept: the file stays where it was
  CHECK_FALSE(fs::exists(ckpt.front().string() + ".damaged"));
  CHECK(contra::testing::files_with(dir / "fewer_streams", ".h5").empty());  // nothing claims to be complete

  // The decision on its own: a CUDA run needs its GPU's stream, which a CPU run's checkpoint lacks.
  CHECK(contra::train::missing_rng_states({"global_cpu", "data_order"}, {"global_cpu", "global_cuda", "data_order"}) ==
        std::vector<std::string>{"global_cuda"});
  CHECK(contra::train::missing_rng_states({"global_cpu", "global_cuda", "global_cuda1"}, {"global_cpu"}).empty());
}
