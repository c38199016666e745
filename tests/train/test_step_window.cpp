// A diverging run through the real training loop (DESIGN.md, "Definitions", Fail): the loss is
// read back from the device only every --log-every steps (train/step_window.h), so a non-finite
// loss stops the run at most one log interval late, and the record names the first non-finite step.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "../support/experiment.h"
#include "../support/temp_dir.h"
#include "contra/config/load.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"
#include "contra/train/trainer.h"

using contra::testing::TempDir;

namespace {

constexpr std::int64_t kStepsPerEpoch = 16;  // 512 images in batches of 32

/// A run that diverges within a few steps: a learning rate of 1e30.
contra::config::Experiment diverging_run() {
  return contra::testing::experiment_with({"data.train_subset=512", "data.test_subset=100", "optim.epochs=3",
                                           "optim.batch=32", "optim.lr=1e30", "model.width=4", "method.queue=256",
                                           "eval.knn_random_init=false"});
}

struct Diverged {
  std::string status, reason;
  std::vector<double> loss;  ///< /steps/loss
  std::int64_t steps = 0;    ///< /summary steps
};

Diverged train(std::int64_t log_every) {
  TempDir dir;
  contra::train::RunContext ctx;
  ctx.out_dir = dir / "runs";
  ctx.quiet = true;
  ctx.threads = 1;
  ctx.log_every = log_every;
  const auto result = contra::train::run_experiment(diverging_run(), ctx);
  const auto rec = contra::store::read_run(result.file);
  Diverged out{result.status, result.reason, contra::store::column_as_double(rec.steps, "loss"),
               contra::store::get_int(rec.summary, "steps", "summary")};
  return out;
}

std::int64_t first_non_finite(const std::vector<double>& loss) {
  for (std::size_t i = 0; i < loss.size(); ++i)
    if (!std::isfinite(loss[i])) return static_cast<std::int64_t>(i) + 1;
  return 0;
}

std::int64_t round_up(std::int64_t x, std::int64_t m) { return (x + m - 1) / m * m; }

}  // namespace

TEST_CASE("a non-finite loss stops the run at most one log interval late, naming the first such step",
          "[train][fail]") {
  // Every step read back: the run stops at the step itself, as when each step waited for the host.
  const auto each = train(1);
  REQUIRE(each.status == "fail");
  const std::int64_t first = first_non_finite(each.loss);
  REQUIRE(first > 1);
  CHECK_THAT(each.reason, Catch::Contains("non-finite at step " + std::to_string(first)));
  CHECK(each.steps == first);
  CHECK(static_cast<std::int64_t>(each.loss.size()) == first);

  // Read back every 5 steps: the same first step is named, and the run ends at the read-back that
  // found it: the next multiple of 5, or the end of the epoch if that comes first.
  for (const std::int64_t every : {std::int64_t{5}, std::int64_t{7}}) {
    INFO("--log-every " << every);
    const auto late = train(every);
    REQUIRE(late.status == "fail");
    CHECK_THAT(late.reason, Catch::Contains("non-finite at step " + std::to_string(first)));
    CHECK(first_non_finite(late.loss) == first);
    const std::int64_t stop = std::min(round_up(first, every), round_up(first, kStepsPerEpoch));
    CHECK(late.steps == stop);
    CHECK(late.steps - first < every);                           // at most one log interval late
    CHECK(static_cast<std::int64_t>(late.loss.size()) == stop);  // every step trained is recorded
    // The steps before the first non-finite one are the same as with every step read back.
    for (std::int64_t i = 0; i + 1 < first; ++i)
      CHECK(late.loss[static_cast<std::size_t>(i)] == each.loss[static_cast<std::size_t>(i)]);
  }
}
