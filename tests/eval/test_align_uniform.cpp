// Alignment and uniformity (Wang & Isola 2020, Eq. 2 and 3) against hand computations on 2–4
// points, and uniformity's chunked log-sum-exp against the official code's torch.pdist form.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>

#include "contra/core/error.h"
#include "contra/eval/align_uniform.h"

using contra::core::ContraError;
using contra::eval::alignment;
using contra::eval::uniformity;

TEST_CASE("alignment: the mean α-th power of the distance between the two views, by hand", "[eval]") {
  const auto x = torch::tensor({1.0f, 0.0f, 0.0f, 1.0f}).view({2, 2});
  const auto y = torch::tensor({0.0f, 1.0f, 0.0f, 1.0f}).view({2, 2});
  // Image 0: views (1,0) and (0,1), distance √2; image 1: the same point, distance 0.
  CHECK(alignment(x, y) == Approx((2.0 + 0.0) / 2).epsilon(1e-12));
  CHECK(alignment(x, y, 1) == Approx((std::sqrt(2.0) + 0.0) / 2).epsilon(1e-12));
  CHECK(alignment(x, x) == 0);
}

TEST_CASE("uniformity: log of the mean Gaussian potential over distinct pairs, by hand", "[eval]") {
  SECTION("three points at 120° on the unit circle: every squared distance is 3") {
    const double a = 2 * M_PI / 3;
    const auto x =
        torch::tensor({1.0, 0.0, std::cos(a), std::sin(a), std::cos(2 * a), std::sin(2 * a)}, torch::kFloat64)
            .view({3, 2});
    CHECK(uniformity(x) == Approx(-2.0 * 3.0).epsilon(1e-12));  // log exp(−2·3)
    CHECK(uniformity(x, 1) == Approx(-3.0).epsilon(1e-12));
  }
  SECTION("four points at 90°: four neighbour pairs at d² = 2 and two opposite pairs at d² = 4") {
    const auto x = torch::tensor({1.0, 0.0, 0.0, 1.0, -1.0, 0.0, 0.0, -1.0}, torch::kFloat64).view({4, 2});
    const double expected = std::log((4 * std::exp(-4.0) + 2 * std::exp(-8.0)) / 6);
    CHECK(uniformity(x) == Approx(expected).epsilon(1e-12));
    CHECK(uniformity(x, 2, 1) == Approx(expected).epsilon(1e-12));  // one row at a time
    CHECK(uniformity(x, 2, 3) == Approx(expected).epsilon(1e-12));  // a chunk that does not divide N
  }
  SECTION("all points equal: the potential is 1 everywhere, uniformity 0 (its maximum)") {
    CHECK(uniformity(torch::ones({5, 3}) / std::sqrt(3.0)) == Approx(0).margin(1e-12));
  }
}

TEST_CASE("uniformity in chunks equals the official torch.pdist form", "[eval]") {
  torch::manual_seed(0);
  const auto x = torch::nn::functional::normalize(torch::randn({200, 16}, torch::kFloat64),
                                                  torch::nn::functional::NormalizeFuncOptions().dim(1));
  const double reference = torch::pdist(x, 2).pow(2).mul(-2).exp().mean().log().item<double>();
  for (std::int64_t chunk : {1, 7, 64, 199, 200, 4096}) {
    INFO("chunk " << chunk);
    CHECK(uniformity(x, 2, chunk) == Approx(reference).epsilon(1e-10));
  }
  CHECK(uniformity(x.to(torch::kFloat32)) == Approx(reference).epsilon(1e-5));  // float32 input, float64 inside
}

TEST_CASE("alignment and uniformity refuse shapes and parameters they cannot use", "[eval]") {
  CHECK_THROWS_AS(alignment(torch::zeros({3, 2}), torch::zeros({2, 2})), ContraError);
  CHECK_THROWS_AS(alignment(torch::zeros({3}), torch::zeros({3})), ContraError);
  CHECK_THROWS_AS(alignment(torch::zeros({3, 2}), torch::zeros({3, 2}), 0), ContraError);
  CHECK_THROWS_AS(uniformity(torch::zeros({1, 2})), ContraError);
  CHECK_THROWS_AS(uniformity(torch::zeros({4, 2}), 0), ContraError);
  CHECK_THROWS_AS(uniformity(torch::zeros({4, 2}), 2, 0), ContraError);
}
