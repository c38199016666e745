// The fail rule (DESIGN.md, "Definitions") and the learning-rate schedules.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "contra/config/experiment.h"
#include "contra/losses/info_nce.h"
#include "contra/train/failure.h"
#include "contra/train/schedule.h"

using contra::train::fail_reason;
using contra::train::FailInputs;
using contra::train::learning_rate;

namespace {

FailInputs healthy() {
  FailInputs in;
  in.chance_loss = std::log(4097.0);
  in.dim = 128;
  in.last_epoch_loss = 0.5 * std::log(4097.0);
  in.embedding_std = 0.05;  // threshold 0.1/√128 ≈ 0.00884
  return in;
}

}  // namespace

TEST_CASE("chance loss and collapse threshold", "[train]") {
  CHECK(contra::losses::info_nce_chance_loss(4096) == Approx(std::log(4097.0)));
  CHECK(contra::losses::info_nce_chance_loss(0) == 0.0);
  CHECK(contra::train::collapse_threshold(128) == Approx(0.1 / std::sqrt(128.0)));
}

TEST_CASE("fail_reason: a healthy run does not fail", "[train]") { CHECK_FALSE(fail_reason(healthy()).has_value()); }

TEST_CASE("fail_reason: a non-finite loss fails and names the step", "[train]") {
  auto in = healthy();
  in.loss_non_finite = true;
  in.non_finite_step = 137;
  const auto r = fail_reason(in);
  REQUIRE(r.has_value());
  CHECK_THAT(*r, Catch::Contains("137"));
  CHECK_THAT(*r, Catch::Contains("non-finite"));
}

TEST_CASE("fail_reason: a last-epoch loss within 10% of chance fails mentioning chance", "[train]") {
  const double chance = std::log(4097.0);
  auto in = healthy();
  in.last_epoch_loss = 0.95 * chance;
  const auto r = fail_reason(in);
  REQUIRE(r.has_value());
  CHECK_THAT(*r, Catch::Contains("chance"));
  in.last_epoch_loss = 0.9 * chance;  // the boundary fails
  CHECK(fail_reason(in).has_value());
  in.last_epoch_loss = 0.89 * chance;
  CHECK_FALSE(fail_reason(in).has_value());
  in.last_epoch_loss = 1.2 * chance;
  CHECK(fail_reason(in).has_value());
  in.last_epoch_loss = std::numeric_limits<double>::quiet_NaN();
  CHECK(fail_reason(in).has_value());
}

TEST_CASE("fail_reason: embedding std below 0.1/sqrt(D) is collapse", "[train]") {
  auto in = healthy();
  in.embedding_std = 0.005;
  const auto r = fail_reason(in);
  REQUIRE(r.has_value());
  CHECK_THAT(*r, Catch::Contains("collapse"));
  in.embedding_std = 0.1 / std::sqrt(128.0) * 1.01;
  CHECK_FALSE(fail_reason(in).has_value());
  in.dim = 16;  // threshold 0.025 > 0.0089
  CHECK(fail_reason(in).has_value());
}

TEST_CASE("fail_reason: the order is non-finite, then chance, then collapse", "[train]") {
  auto in = healthy();
  in.loss_non_finite = true;
  in.last_epoch_loss = 10.0;
  in.embedding_std = 0.0;
  CHECK_THAT(*fail_reason(in), Catch::Contains("non-finite"));
  in.loss_non_finite = false;
  CHECK_THAT(*fail_reason(in), Catch::Contains("chance"));
}

TEST_CASE("learning_rate: cosine starts at lr and ends near 0", "[train]") {
  contra::config::OptimOptions o;
  o.schedule = "cosine";
  o.lr = 0.06;
  o.epochs = 10;
  o.warmup_epochs = 0;
  const std::int64_t spe = 20, total = 200;
  CHECK(learning_rate(o, 0, spe) == Approx(0.06));
  CHECK(learning_rate(o, total / 2, spe) == Approx(0.03));
  CHECK(learning_rate(o, total - 1, spe) < 1e-3 * 0.06);
  CHECK(learning_rate(o, total - 1, spe) >= 0.0);
  double previous = learning_rate(o, 0, spe);
  for (std::int64_t s = 1; s < total; ++s) {
    const double lr = learning_rate(o, s, spe);
    CHECK(lr <= previous);
    previous = lr;
  }
}

TEST_CASE("learning_rate: step schedule multiplies by gamma at the milestones", "[train]") {
  contra::config::OptimOptions o;
  o.schedule = "step";
  o.lr = 0.03;
  o.epochs = 6;
  o.lr_steps = {2, 4};
  o.lr_gamma = 0.1;
  const std::int64_t spe = 10;
  CHECK(learning_rate(o, 0, spe) == Approx(0.03));
  CHECK(learning_rate(o, 19, spe) == Approx(0.03));   // epoch 1
  CHECK(learning_rate(o, 20, spe) == Approx(0.003));  // epoch 2
  CHECK(learning_rate(o, 39, spe) == Approx(0.003));
  CHECK(learning_rate(o, 40, spe) == Approx(0.0003));  // epoch 4
  CHECK(learning_rate(o, 59, spe) == Approx(0.0003));
}

TEST_CASE("learning_rate: warm-up ramps linearly to lr, then the schedule starts", "[train]") {
  contra::config::OptimOptions o;
  o.schedule = "cosine";
  o.lr = 0.1;
  o.epochs = 10;
  o.warmup_epochs = 2;
  const std::int64_t spe = 5;  // 10 warm-up steps
  for (std::int64_t s = 0; s < 10; ++s)
    CHECK(learning_rate(o, s, spe) == Approx(0.1 * static_cast<double>(s + 1) / 10.0));
  CHECK(learning_rate(o, 10, spe) == Approx(0.1));  // cosine starts at lr after warm-up
  CHECK(learning_rate(o, 49, spe) < 0.01 * 0.1);
  o.schedule = "step";
  o.lr_steps = {5};
  CHECK(learning_rate(o, 0, spe) == Approx(0.01));
  CHECK(learning_rate(o, 10, spe) == Approx(0.1));
  CHECK(learning_rate(o, 25, spe) == Approx(0.01));  // epoch 5: ×0.1
}
