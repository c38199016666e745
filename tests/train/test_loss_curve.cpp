// The loss-curve fail rule (train/loss_curve.h; MoCo v1 §4.1, "oscillates and fails to converge"),
// on curves made by hand: its numbers are recomputed here from the definition.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "contra/train/loss_curve.h"

using contra::train::judge_loss_curve;

namespace {

/// A loss falling from `start` to `end` along an exponential, with an alternating ±noise.
std::vector<double> falling(int steps, double start, double end, double noise = 0) {
  std::vector<double> v;
  for (int t = 0; t < steps; ++t)
    v.push_back(end + (start - end) * std::exp(-5.0 * t / steps) + (t % 2 == 0 ? noise : -noise));
  return v;
}

}  // namespace

TEST_CASE("loss curve: a falling loss converges, noise and all", "[train]") {
  const auto j = judge_loss_curve(falling(400, 8.0, 4.0, 0.3));
  REQUIRE(j.judged);
  CHECK_FALSE(j.fails);
  CHECK(j.reason.empty());
  CHECK(j.window == 20);  // ⌈400/20⌉
  CHECK(j.fall > 0.3);
  CHECK(j.rebound < 0.01);
}

TEST_CASE("loss curve: a flat loss fails to converge, at the 5% boundary", "[train]") {
  std::vector<double> flat(200, 6.0);
  auto j = judge_loss_curve(flat);
  REQUIRE(j.judged);
  CHECK(j.fails);
  CHECK(j.fall == Approx(0.0));
  CHECK_THAT(j.reason, Catch::Contains("did not converge") && Catch::Contains("200 steps"));
  // a straight fall of 4% from the first window's mean to the last window's: still a fail; 6%: not
  const auto line = [](double drop) {
    std::vector<double> v;
    for (int t = 0; t < 200; ++t) v.push_back(6.0 * (1 - drop * t / 199.0));
    return v;
  };
  // w = 10: s(w) is the mean of steps 0..9, s(T) of steps 190..199: fall = drop·(190/199)/(1 − drop·4.5/199)
  CHECK(judge_loss_curve(line(0.045)).fails);
  CHECK_FALSE(judge_loss_curve(line(0.06)).fails);
}

TEST_CASE("loss curve: a loss that falls and climbs back oscillates and fails", "[train]") {
  auto v = falling(300, 8.0, 3.0);
  for (int t = 200; t < 300; ++t) v[static_cast<std::size_t>(t)] = 3.0 + 0.01 * (t - 200);  // up to 4.0
  const auto j = judge_loss_curve(v);
  REQUIRE(j.judged);
  CHECK(j.fall > 0.05);  // it did fall
  CHECK(j.rebound > 0.10);
  CHECK(j.fails);
  CHECK_THAT(j.reason, Catch::Contains("oscillated back up"));
  // a climb of 5% is within the rule
  for (int t = 200; t < 300; ++t) v[static_cast<std::size_t>(t)] = 3.0 + 0.0015 * (t - 200);
  CHECK_FALSE(judge_loss_curve(v).fails);
}

TEST_CASE("loss curve: too short a curve, or one with a non-finite loss, is not judged and never fails",
          "[train]") {
  // the batch study's short runs trained 9–39 steps: a curve needs at least 100
  auto j = judge_loss_curve(std::vector<double>(99, 6.0));
  CHECK_FALSE(j.judged);
  CHECK_FALSE(j.fails);
  CHECK(judge_loss_curve(std::vector<double>(100, 6.0)).judged);
  CHECK(judge_loss_curve(std::vector<double>(100, 6.0)).fails);
  CHECK_FALSE(judge_loss_curve({}).judged);
  auto v = falling(100, 8.0, 4.0);
  v[50] = std::numeric_limits<double>::quiet_NaN();
  CHECK_FALSE(judge_loss_curve(v).judged);
}
