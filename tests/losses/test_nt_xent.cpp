// NT-Xent (DESIGN.md, "Definitions"; SimCLR arXiv:2002.05709 Eq. 1): 2N views, each anchor's
// positive is its twin, its negatives the other 2N−2 views, self-similarity masked, mean over
// all 2N anchors. Checked against a float64 loop by hand, and case C2 (tests/CASES.md): low τ
// with nearly identical embeddings stays finite, and identical embeddings give ln(2N−1).
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "../support/autocast.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/losses/nt_xent.h"

using contra::core::ContraError;
using contra::losses::nt_xent;
using contra::losses::nt_xent_targets;

namespace {

namespace F = torch::nn::functional;

torch::Tensor unit_rows(const torch::Tensor& x) { return F::normalize(x, F::NormalizeFuncOptions().dim(1)); }

/// NT-Xent in double with explicit loops and no tensor ops: for each of the 2N anchors a of
/// z = [z1; z2], −s(a, twin)/τ + log Σ_{b≠a} exp(s(a, b)/τ), then the mean over anchors.
double reference_nt_xent(const torch::Tensor& z1, const torch::Tensor& z2, double tau) {
  const auto a1 = z1.to(torch::kFloat64).contiguous(), a2 = z2.to(torch::kFloat64).contiguous();
  const auto n = a1.size(0), d = a1.size(1);
  std::vector<const double*> rows;
  for (std::int64_t i = 0; i < n; ++i) rows.push_back(a1.data_ptr<double>() + i * d);
  for (std::int64_t i = 0; i < n; ++i) rows.push_back(a2.data_ptr<double>() + i * d);
  const auto dot = [d](const double* x, const double* y) {
    double s = 0;
    for (std::int64_t c = 0; c < d; ++c) s += x[c] * y[c];
    return s;
  };
  const std::int64_t views = 2 * n;
  double total = 0;
  for (std::int64_t a = 0; a < views; ++a) {
    const std::int64_t twin = a < n ? a + n : a - n;
    double mx = -INFINITY;
    for (std::int64_t b = 0; b < views; ++b)
      if (b != a) mx = std::max(mx, dot(rows[a], rows[b]) / tau);
    double sum = 0;
    for (std::int64_t b = 0; b < views; ++b)
      if (b != a) sum += std::exp(dot(rows[a], rows[b]) / tau - mx);
    total += -dot(rows[a], rows[twin]) / tau + mx + std::log(sum);
  }
  return total / static_cast<double>(views);
}

}  // namespace

TEST_CASE("nt_xent matches a float64 loop over the 2N anchors (N = 5, D = 7, tau = 0.3)", "[losses]") {
  auto gen = contra::core::make_generator(21, 0);
  const std::int64_t n = 5, d = 7;
  const auto z1 = unit_rows(torch::randn({n, d}, gen, torch::kFloat32));
  const auto z2 = unit_rows(torch::randn({n, d}, gen, torch::kFloat32));
  const double tau = 0.3;
  const auto out = nt_xent(z1, z2, tau);
  CHECK(out.loss.dim() == 0);
  CHECK(out.loss.scalar_type() == torch::kFloat32);
  REQUIRE(out.logits.sizes() == torch::IntArrayRef({2 * n, 2 * n}));
  CHECK(out.logits.scalar_type() == torch::kFloat32);
  const double want = reference_nt_xent(z1, z2, tau);
  CHECK(out.loss.item<double>() == Approx(want).epsilon(1e-5).margin(1e-5));
  // The swapped pair gives the same loss (the loss is symmetric in the two views).
  CHECK(nt_xent(z2, z1, tau).loss.item<double>() == Approx(want).epsilon(1e-5).margin(1e-5));
  // Logits: z·zᵀ/τ off the diagonal, −inf on it (self-similarity masked).
  const auto z = torch::cat({z1, z2}, 0);
  const auto expected = z.mm(z.t()) / tau;
  const auto off = torch::eye(2 * n, torch::kBool).logical_not();
  CHECK(torch::allclose(out.logits.masked_select(off), expected.masked_select(off), 1e-5, 1e-5));
  const auto diag = out.logits.diagonal();
  CHECK(torch::isinf(diag).all().item<bool>());
  CHECK((diag < 0).all().item<bool>());
  // Other temperatures too, and a shuffled twin pairing gives a different loss (the twins matter).
  for (double t : {1.0, 0.1, 0.05}) {
    INFO("tau = " << t);
    CHECK(nt_xent(z1, z2, t).loss.item<double>() == Approx(reference_nt_xent(z1, z2, t)).epsilon(1e-5).margin(1e-4));
  }
  const auto perm = torch::tensor({1, 2, 3, 4, 0}, torch::kInt64);
  CHECK(nt_xent(z1, z2.index_select(0, perm), tau).loss.item<double>() != Approx(want).margin(1e-3));
}

TEST_CASE("nt_xent: the twins' logits sit at the targets N..2N-1, 0..N-1", "[losses]") {
  const auto t = nt_xent_targets(4, torch::kCPU);
  CHECK(t.scalar_type() == torch::kInt64);
  CHECK(torch::equal(t, torch::tensor({4, 5, 6, 7, 0, 1, 2, 3}, torch::kInt64)));
  CHECK(torch::equal(nt_xent_targets(1, torch::kCPU), torch::tensor({1, 0}, torch::kInt64)));
  // With twins equal and everything else orthogonal, each anchor's largest logit is its twin.
  const std::int64_t n = 4;
  const auto z1 = torch::eye(8).slice(0, 0, n);  // 4×8, rows e0..e3
  const auto out = nt_xent(z1, z1.clone(), 0.5);
  CHECK(torch::equal(out.logits.argmax(1), nt_xent_targets(n, torch::kCPU)));
  // Each anchor: −2 + log(e² + 2N−2 terms e⁰).
  CHECK(out.loss.item<double>() == Approx(-2.0 + std::log(std::exp(2.0) + 6.0)).epsilon(1e-6));
}

TEST_CASE("C2: NT-Xent at tau = 0.01 with nearly identical embeddings is finite, with finite gradients", "[losses]") {
  auto gen = contra::core::make_generator(2, 0);
  const std::int64_t n = 8, d = 16;
  const double tau = 0.01;
  const auto u = unit_rows(torch::randn({1, d}, gen, torch::kFloat32));  // 1×D
  SECTION("gradients on the normalised views") {
    auto z1 = unit_rows(u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32))
                  .detach()
                  .set_requires_grad(true);
    auto z2 = unit_rows(u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32))
                  .detach()
                  .set_requires_grad(true);
    const auto out = nt_xent(z1, z2, tau);
    const double loss = out.loss.item<double>();
    REQUIRE(std::isfinite(loss));
    // Every similarity is ~1, so the loss is ~ln(2N−1), and it agrees with the float64 loop.
    CHECK(loss == Approx(std::log(2.0 * n - 1.0)).margin(1e-2));
    CHECK(loss == Approx(reference_nt_xent(z1.detach(), z2.detach(), tau)).margin(1e-3));
    out.loss.backward();
    REQUIRE(z1.grad().defined());
    REQUIRE(z2.grad().defined());
    CHECK(torch::isfinite(z1.grad()).all().item<bool>());
    CHECK(torch::isfinite(z2.grad()).all().item<bool>());
  }
  SECTION("gradients through the normalisation") {
    auto raw1 = (u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32)).clone().set_requires_grad(true);
    auto raw2 = (u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32)).clone().set_requires_grad(true);
    const auto out = nt_xent(unit_rows(raw1), unit_rows(raw2), tau);
    REQUIRE(std::isfinite(out.loss.item<double>()));
    out.loss.backward();
    CHECK(torch::isfinite(raw1.grad()).all().item<bool>());
    CHECK(torch::isfinite(raw2.grad()).all().item<bool>());
  }
  SECTION("bf16 inputs: float32 logits, finite loss") {
    const auto z1 =
        unit_rows(u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32)).to(torch::kBFloat16);
    const auto z2 =
        unit_rows(u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32)).to(torch::kBFloat16);
    const auto out = nt_xent(z1, z2, tau);
    CHECK(out.logits.scalar_type() == torch::kFloat32);
    CHECK(out.loss.scalar_type() == torch::kFloat32);
    CHECK(std::isfinite(out.loss.item<double>()));
    CHECK(out.loss.item<double>() == Approx(reference_nt_xent(z1, z2, tau)).margin(1e-3));
  }
}

TEST_CASE("C2: NT-Xent with exactly identical embeddings equals ln(2N-1) = ln 15 for N = 8", "[losses]") {
  auto gen = contra::core::make_generator(5, 0);
  const std::int64_t n = 8, d = 16;
  const double ln15 = std::log(15.0);
  const auto u = unit_rows(torch::randn({1, d}, gen, torch::kFloat32));
  const auto z = u.expand({n, d}).clone();
  for (double tau : {0.01, 0.07, 0.5}) {
    INFO("tau = " << tau);
    const auto out = nt_xent(z, z, tau);
    CHECK(out.loss.item<double>() == Approx(ln15).margin(1e-4));
    const auto bf = nt_xent(z.to(torch::kBFloat16), z.to(torch::kBFloat16), tau);
    CHECK(bf.logits.scalar_type() == torch::kFloat32);
    CHECK(bf.loss.item<double>() == Approx(ln15).margin(1e-4));
  }
  // Other N: ln(2N−1).
  for (std::int64_t m : {2, 3, 32}) {
    const auto zm = u.expand({m, d}).clone();
    CHECK(nt_xent(zm, zm, 0.01).loss.item<double>() ==
          Approx(std::log(2.0 * static_cast<double>(m) - 1.0)).margin(1e-4));
  }
}

TEST_CASE("NT-Xent rejects tau <= 0, N < 2 and mismatched shapes", "[losses]") {
  const auto z = torch::eye(4);  // 4×4
  for (double tau : {0.0, -0.5}) {
    CHECK_THROWS_AS(nt_xent(z, z, tau), ContraError);
  }
  CHECK_THROWS_WITH(nt_xent(z, z, 0.0), Catch::Contains("temperature"));
  const auto one = torch::eye(4).slice(0, 0, 1);  // N = 1
  CHECK_THROWS_AS(nt_xent(one, one, 0.1), ContraError);
  CHECK_THROWS_AS(nt_xent(z, torch::eye(4).slice(0, 0, 3), 0.1), ContraError);     // N differs
  CHECK_THROWS_AS(nt_xent(z, torch::ones({4, 5}), 0.1), ContraError);              // D differs
  CHECK_THROWS_AS(nt_xent(torch::ones({4}), torch::ones({4}), 0.1), ContraError);  // not N×D
  CHECK_NOTHROW(nt_xent(z.slice(0, 0, 2), z.slice(0, 2, 4), 0.1));                 // N = 2 is the smallest
}

TEST_CASE("C2 under autocast (CPU, bf16): NT-Xent keeps float32 logits and log-sum-exp", "[losses]") {
  auto gen = contra::core::make_generator(8, 0);
  const std::int64_t n = 8, d = 16;
  const double tau = 0.01;
  const auto u = unit_rows(torch::randn({1, d}, gen, torch::kFloat32));
  const auto same = u.expand({n, d}).clone();
  auto z1 =
      unit_rows(u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32)).detach().set_requires_grad(true);
  auto z2 =
      unit_rows(u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32)).detach().set_requires_grad(true);
  torch::Tensor exact_loss, exact_logits, near_loss;
  {
    contra::testing::CpuAutocast autocast;
    const auto exact = nt_xent(same, same, tau);
    exact_loss = exact.loss;
    exact_logits = exact.logits;
    near_loss = nt_xent(z1, z2, tau).loss;
  }
  // Autocast runs the mm in bf16; a bf16 log-sum-exp of logits near 1/τ = 100 rounds to steps of
  // 0.5, so ln 15 would come out 2.5.
  CHECK(exact_logits.scalar_type() == torch::kFloat32);
  CHECK(exact_loss.scalar_type() == torch::kFloat32);
  CHECK(exact_loss.item<double>() == Approx(std::log(15.0)).margin(1e-4));
  // Nearly identical embeddings: finite loss and gradients, ~ln 15.
  REQUIRE(std::isfinite(near_loss.item<double>()));
  CHECK(near_loss.scalar_type() == torch::kFloat32);
  CHECK(near_loss.item<double>() == Approx(std::log(15.0)).margin(1e-2));
  near_loss.backward();
  REQUIRE(z1.grad().defined());
  REQUIRE(z2.grad().defined());
  CHECK(torch::isfinite(z1.grad()).all().item<bool>());
  CHECK(torch::isfinite(z2.grad()).all().item<bool>());
}
