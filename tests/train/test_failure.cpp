// The fail rule (DESIGN.md, "Definitions").
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "contra/losses/info_nce.h"
#include "contra/train/failure.h"

using contra::train::fail_reason;
using contra::train::FailInputs;
using contra::train::loss_near_chance;

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

TEST_CASE("loss_near_chance: a last-epoch loss within 10% of chance is the did-not-learn flag, never a fail",
          "[train]") {
  const double chance = std::log(4097.0);
  auto in = healthy();
  CHECK_FALSE(loss_near_chance(in));
  in.last_epoch_loss = 0.95 * chance;
  CHECK(loss_near_chance(in));
  CHECK_FALSE(fail_reason(in).has_value());  // a flag the conditions read, not a fail
  in.last_epoch_loss = 0.9 * chance;  // the boundary is near chance
  CHECK(loss_near_chance(in));
  in.last_epoch_loss = 0.89 * chance;
  CHECK_FALSE(loss_near_chance(in));
  in.last_epoch_loss = 1.2 * chance;
  CHECK(loss_near_chance(in));
  in.last_epoch_loss = std::numeric_limits<double>::quiet_NaN();
  CHECK(loss_near_chance(in));
}

TEST_CASE("fail_reason: a loss curve that does not converge fails, naming the rule", "[train]") {
  auto in = healthy();
  in.step_losses.assign(100, 8.0);  // flat
  const auto r = fail_reason(in);
  REQUIRE(r.has_value());
  CHECK_THAT(*r, Catch::Contains("did not converge"));
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

TEST_CASE("fail_reason: the order is non-finite, then collapse, then the loss curve", "[train]") {
  auto in = healthy();
  in.loss_non_finite = true;
  in.step_losses.assign(100, 8.0);
  in.embedding_std = 0.0;
  CHECK_THAT(*fail_reason(in), Catch::Contains("non-finite"));
  in.loss_non_finite = false;
  CHECK_THAT(*fail_reason(in), Catch::Contains("collapse"));
  in.embedding_std = 0.05;
  CHECK_THAT(*fail_reason(in), Catch::Contains("converge"));
}
