// Whether a checkpoint may be resumed (train/same_execution.h): each fact a run records at its start
// refuses the resume in one line when this attempt differs, and a record that predates a fact is
// not checked on it. The refusals that a real second attempt can provoke (run.deterministic, what
// run.precision = 'auto' chose) are also run end to end in test_run_start.cpp; the memory order
// cannot be, since this contra runs every convolution NHWC, so it is tested here on a real run's
// record.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "../support/cli.h"
#include "../support/errors.h"
#include "../support/experiment.h"
#include "../support/temp_dir.h"
#include "contra/core/device.h"
#include "contra/core/precision_choice.h"
#include "contra/core/provenance.h"
#include "contra/store/run_record.h"
#include "contra/train/same_execution.h"
#include "contra/train/trainer.h"

namespace {

namespace fs = std::filesystem;
using contra::train::Execution;

/// The start record of a real run, stopped after 3 steps (its .partial holds what it recorded).
contra::store::RunRecord started_record(const fs::path& out) {
  contra::train::RunContext ctx;
  ctx.out_dir = out;
  ctx.quiet = true;
  ctx.threads = 1;
  ctx.stop_after_steps = 3;
  const auto exp =
      contra::testing::experiment_with({"data.train_subset=256", "data.test_subset=100", "optim.epochs=1",
                                        "optim.batch=64", "model.width=4", "method.queue=128", "model.bn_splits=4"});
  REQUIRE(contra::train::run_experiment(exp, ctx).status == "interrupted");
  const auto partial = contra::testing::files_with(out, ".h5.partial");
  REQUIRE(partial.size() == 1);
  return contra::store::read_run(partial.front());
}

/// How a resume on this machine would compute, as train/run_start.cpp builds it for the cpu preset.
Execution this_attempt() {
  const torch::Device cpu(torch::kCPU);
  const auto choice =
      contra::core::choose_precision(contra::core::Precision::fp32, contra::core::precision_target(cpu));
  const auto algorithms = contra::core::configure_algorithms(cpu, /*deterministic=*/false);
  return {contra::core::git_sha(),  contra::core::torch_version(), cpu, 1, choice.precision, false, choice.why,
          algorithms.channels_last, algorithms.deterministic};
}

std::string refusal(const Execution& now, const contra::store::RunRecord& started) {
  return contra::testing::message_of([&] { contra::train::check_same_execution("runs/abc.ckpt", now, started); });
}

void check_refusal(const std::string& message, const std::string& says) {
  INFO(message);
  CHECK(message.rfind("runs/abc.ckpt: ", 0) == 0);
  CHECK(message.find(says) != std::string::npos);
  CHECK(message.find("--fresh") != std::string::npos);
  CHECK(message.find('\n') == std::string::npos);
}

}  // namespace

TEST_CASE("resume: a real run's record resumes under the same execution, and each recorded fact refuses another",
          "[train][resume]") {
  contra::testing::TempDir dir;
  const auto started = started_record(dir / "runs");
  const Execution same = this_attempt();
  CHECK(refusal(same, started) == "(no ContraError thrown)");

  SECTION("memory order: a run started NCHW is not resumed NHWC, nor the other way") {
    REQUIRE(same.channels_last);  // every device runs NHWC (core/device.cpp)
    auto nchw = same;
    nchw.channels_last = false;
    check_refusal(refusal(nchw, started),
                  "started with its convolutions in NHWC memory order and this contra runs "
                  "them in NCHW");
    auto old = started;
    old.attributes["channels_last"] = std::int64_t{0};
    check_refusal(refusal(same, old), "in NCHW memory order and this contra runs them in NHWC");
  }
  SECTION("the commit: one record never holds the steps of two builds") {
    auto other = same;
    other.git_sha = "0123456789ab";
    check_refusal(refusal(other, started), "started by contra " + contra::core::git_sha() +
                                               " and this is contra 0123456789ab: one record would hold steps of two");
  }
  SECTION("LibTorch, device type, world size, run.precision and run.deterministic") {
    auto other = same;
    other.torch_version = "0.0.1";
    check_refusal(refusal(other, started), "LibTorch " + contra::core::torch_version() + " and this attempt has 0.0.1");
    other = same;
    other.device = torch::Device(torch::kCUDA, 0);
    check_refusal(refusal(other, started), "device cpu and this attempt has cuda:0");
    other = same;
    other.world_size = 2;
    check_refusal(refusal(other, started), "world size 1 and this attempt has 2");
    other = same;
    other.precision = contra::core::Precision::bf16;
    check_refusal(refusal(other, started), "run.precision = fp32 and this attempt has bf16");
    other.precision_auto = true;
    other.precision_rule = "a rule";
    check_refusal(refusal(other, started), "run.precision = 'auto', which chose fp32 there");
    other = same;
    other.deterministic = !same.deterministic;
    check_refusal(refusal(other, started), "run.deterministic =");
  }
  SECTION("a record from before a fact was recorded is not checked on it") {
    auto old = started;
    for (const char* key :
         {"git_sha", "torch_version", "device", "world_size", "precision", "channels_last", "deterministic"})
      REQUIRE(old.attributes.erase(key) == 1);
    auto other = same;
    other.git_sha = "0123456789ab";
    other.channels_last = false;
    other.world_size = 4;
    other.precision = contra::core::Precision::bf16;
    CHECK(refusal(other, old) == "(no ContraError thrown)");
  }
}
