// The NCE loss of InstDisc (Eq. 5–7) against a float64 computation written from the paper's
// formulas, P = exp(s/τ)/Z and h = P/(P + m/n), and the Monte-Carlo estimate of Z.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>

#include "contra/core/error.h"
#include "contra/losses/nce.h"

using contra::core::ContraError;
using contra::losses::nce_loss;
using contra::losses::nce_normaliser;

TEST_CASE("NCE loss equals the paper's h = P/(P + m·Pn) computed in float64", "[losses]") {
  torch::manual_seed(0);
  const std::int64_t batch = 6, m = 10, n = 500;
  const double tau = GENERATE(0.07, 0.1, 0.5);
  INFO("τ = " << tau);
  const auto positive = torch::rand({batch}, torch::kFloat64) * 2 - 1;  // cosines in [−1, 1]
  const auto negatives = torch::rand({batch, m}, torch::kFloat64) * 2 - 1;
  const double z = nce_normaliser(negatives, tau, n).item<double>();

  const double pn = 1.0 / static_cast<double>(n);
  const auto p_pos = (positive / tau).exp() / z;
  const auto p_neg = (negatives / tau).exp() / z;
  const auto h_pos = p_pos / (p_pos + m * pn);
  const auto h_neg = p_neg / (p_neg + m * pn);
  const double expected = -(h_pos.log().sum() + (1 - h_neg).log().sum()).item<double>() / batch;

  const auto loss = nce_loss(positive.to(torch::kFloat32), negatives.to(torch::kFloat32), tau, z, n);
  CHECK(loss.scalar_type() == torch::kFloat32);
  CHECK(loss.item<double>() == Approx(expected).epsilon(1e-5));
}

TEST_CASE("NCE's Z estimate is n times the mean of exp(s/τ) over the noise samples", "[losses]") {
  const auto negatives = torch::tensor({0.0, 0.1, -0.1, 0.2}, torch::kFloat64).view({2, 2});
  const double expected = 100 * (1 + std::exp(1.0) + std::exp(-1.0) + std::exp(2.0)) / 4;
  const auto z = nce_normaliser(negatives, 0.1, 100);
  CHECK(z.dim() == 0);  // a 0-d float64 tensor on the samples' device: the step does not read it back
  CHECK(z.scalar_type() == torch::kFloat64);
  CHECK(z.item<double>() == Approx(expected).epsilon(1e-12));
}

TEST_CASE("NCE with Z as a device tensor gives the bits of the host-side formula", "[losses]") {
  torch::manual_seed(1);
  const auto positive = torch::rand({8}, torch::kFloat32) * 2 - 1;
  const auto negatives = torch::rand({8, 16}, torch::kFloat32) * 2 - 1;
  const double tau = 0.07, m = 16, n = 50000;
  for (const double z : {1e-3, 0.7, 1234.5, 3.1e7, 51234.56789}) {
    INFO("Z = " << z);
    // The loss as it was computed with Z a host double (before Z stayed on the device).
    const double shift = std::log(z) + std::log(m / n);
    const auto host =
        -(torch::log_sigmoid(positive / tau - shift) + torch::log_sigmoid(-(negatives / tau - shift)).sum(1)).mean();
    const auto device = nce_loss(positive, negatives, tau, torch::tensor(z, torch::kFloat64), 50000);
    CHECK(device.scalar_type() == torch::kFloat32);
    CHECK(torch::equal(host, device));
  }
}

TEST_CASE("NCE stays finite at low τ and has gradients for both kinds of samples", "[losses]") {
  auto positive = torch::ones({4}, torch::kFloat32).requires_grad_(true);
  auto negatives = (torch::ones({4, 8}, torch::kFloat32) * -1).requires_grad_(true);
  const auto loss = nce_loss(positive, negatives, 0.01, 1e-30, 1000000);
  loss.backward();
  CHECK(std::isfinite(loss.item<double>()));
  CHECK(torch::isfinite(positive.grad()).all().item<bool>());
  CHECK(torch::isfinite(negatives.grad()).all().item<bool>());
  CHECK((positive.grad() <= 0).all().item<bool>());  // a higher positive similarity lowers the loss
}

TEST_CASE("NCE refuses bad τ, Z, bank size and shapes", "[losses]") {
  const auto p = torch::zeros({3});
  const auto q = torch::zeros({3, 4});
  CHECK_THROWS_AS(nce_loss(p, q, 0, 1, 10), ContraError);
  CHECK_THROWS_AS(nce_loss(p, q, 0.1, 0, 10), ContraError);
  CHECK_THROWS_AS(nce_loss(p, q, 0.1, std::nan(""), 10), ContraError);
  CHECK_THROWS_AS(nce_loss(p, q, 0.1, 1, 0), ContraError);
  CHECK_THROWS_AS(nce_loss(p, torch::zeros({2, 4}), 0.1, 1, 10), ContraError);
  CHECK_THROWS_AS(nce_loss(p, torch::zeros({3, 0}), 0.1, 1, 10), ContraError);
  CHECK_THROWS_AS(nce_normaliser(torch::zeros({0, 4}), 0.1, 10), ContraError);
  CHECK_THROWS_AS(nce_normaliser(q, 0.1, 0), ContraError);
}
