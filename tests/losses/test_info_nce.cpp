// InfoNCE (DESIGN.md, "Definitions"): logits = [q·k₊ | q·K⁻] / τ, N×(1+K), label 0, mean
// cross-entropy, log-sum-exp in float32. Checked against a float64 computation by hand.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "../support/autocast.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/losses/info_nce.h"

using contra::core::ContraError;
using contra::losses::count_correct;
using contra::losses::info_nce;
using contra::losses::info_nce_from_similarities;

namespace {

namespace F = torch::nn::functional;

torch::Tensor unit_rows(const torch::Tensor& x) { return F::normalize(x, F::NormalizeFuncOptions().dim(1)); }
torch::Tensor unit_cols(const torch::Tensor& x) { return F::normalize(x, F::NormalizeFuncOptions().dim(0)); }

/// Mean over rows of -s₊/τ + log Σ_j exp(s_j/τ), in double, from similarities (positive N,
/// negatives N×K), with an explicit loop and no tensor ops.
double reference_loss(const torch::Tensor& positive, const torch::Tensor& negatives, double tau) {
  const auto pos = positive.to(torch::kFloat64).contiguous();
  const auto neg = negatives.to(torch::kFloat64).contiguous();
  const auto n = pos.size(0), k = neg.size(1);
  const double* p = pos.data_ptr<double>();
  const double* s = neg.data_ptr<double>();
  double total = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    double mx = p[i] / tau;
    for (std::int64_t j = 0; j < k; ++j) mx = std::max(mx, s[i * k + j] / tau);
    double sum = std::exp(p[i] / tau - mx);
    for (std::int64_t j = 0; j < k; ++j) sum += std::exp(s[i * k + j] / tau - mx);
    total += -p[i] / tau + mx + std::log(sum);
  }
  return total / static_cast<double>(n);
}

/// The same from embeddings: q N×D, k N×D, negatives D×K, all dot products in double by loops.
double reference_loss(const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& negatives, double tau) {
  const auto qd = q.to(torch::kFloat64).contiguous(), kd = k.to(torch::kFloat64).contiguous();
  const auto nd = negatives.to(torch::kFloat64).contiguous();
  const auto n = qd.size(0), d = qd.size(1), kk = nd.size(1);
  auto pos = torch::zeros({n}, torch::kFloat64);
  auto neg = torch::zeros({n, kk}, torch::kFloat64);
  const double* qp = qd.data_ptr<double>();
  const double* kp = kd.data_ptr<double>();
  const double* np = nd.data_ptr<double>();
  double* pp = pos.data_ptr<double>();
  double* sp = neg.data_ptr<double>();
  for (std::int64_t i = 0; i < n; ++i) {
    for (std::int64_t c = 0; c < d; ++c) pp[i] += qp[i * d + c] * kp[i * d + c];
    for (std::int64_t j = 0; j < kk; ++j)
      for (std::int64_t c = 0; c < d; ++c) sp[i * kk + j] += qp[i * d + c] * np[c * kk + j];
  }
  return reference_loss(pos, neg, tau);
}

}  // namespace

TEST_CASE("info_nce_from_similarities matches a float64 loop", "[losses]") {
  auto gen = contra::core::make_generator(7, 0);
  const std::int64_t n = 6, k = 9;
  const auto positive = torch::rand({n}, gen, torch::kFloat32) * 2 - 1;
  const auto negatives = torch::rand({n, k}, gen, torch::kFloat32) * 2 - 1;
  for (double tau : {1.0, 0.2, 0.07, 0.01}) {
    const auto out = info_nce_from_similarities(positive, negatives, tau);
    CHECK(out.loss.dim() == 0);
    CHECK(out.loss.scalar_type() == torch::kFloat32);
    CHECK(out.logits.sizes() == torch::IntArrayRef({n, 1 + k}));
    CHECK(out.logits.scalar_type() == torch::kFloat32);
    const double want = reference_loss(positive, negatives, tau);
    CHECK(out.loss.item<double>() == Approx(want).epsilon(1e-5).margin(1e-5));
    // Column 0 holds the positives, the rest the negatives, all divided by τ.
    CHECK(torch::allclose(out.logits.select(1, 0), positive / tau, 1e-5, 1e-5));
    CHECK(torch::allclose(out.logits.slice(1, 1, 1 + k), negatives / tau, 1e-5, 1e-5));
  }
}

TEST_CASE("info_nce on embeddings matches a float64 loop, shape N x (1+K)", "[losses]") {
  auto gen = contra::core::make_generator(11, 0);
  const std::int64_t d = 8;
  for (auto [n, k] : std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 1}, {4, 16}, {7, 33}}) {
    const auto q = unit_rows(torch::randn({n, d}, gen, torch::kFloat32));
    const auto kp = unit_rows(torch::randn({n, d}, gen, torch::kFloat32));
    const auto queue = unit_cols(torch::randn({d, k}, gen, torch::kFloat32));
    const double tau = 0.07;
    const auto out = info_nce(q, kp, queue, tau);
    CHECK(out.logits.sizes() == torch::IntArrayRef({n, 1 + k}));
    CHECK(out.loss.item<double>() == Approx(reference_loss(q, kp, queue, tau)).epsilon(1e-5).margin(1e-5));
  }
}

TEST_CASE("info_nce casts half-precision similarities to float32 and stays finite", "[losses]") {
  auto gen = contra::core::make_generator(3, 0);
  const auto positive = (torch::rand({8}, gen, torch::kFloat32) * 2 - 1).to(torch::kBFloat16);
  const auto negatives = (torch::rand({8, 20}, gen, torch::kFloat32) * 2 - 1).to(torch::kBFloat16);
  const auto out = info_nce_from_similarities(positive, negatives, 0.01);
  CHECK(out.logits.scalar_type() == torch::kFloat32);
  CHECK(out.loss.scalar_type() == torch::kFloat32);
  CHECK(std::isfinite(out.loss.item<double>()));
  CHECK(out.loss.item<double>() == Approx(reference_loss(positive, negatives, 0.01)).epsilon(1e-5).margin(1e-4));
}

TEST_CASE("C2: InfoNCE at tau = 0.01 with nearly identical embeddings is finite, with finite gradients", "[losses]") {
  auto gen = contra::core::make_generator(2, 0);
  const std::int64_t n = 8, d = 16, k = 32;
  const double tau = 0.01;
  const auto u = unit_rows(torch::randn({1, d}, gen, torch::kFloat32));  // 1×D
  auto q_raw = (u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32)).clone().set_requires_grad(true);
  const auto k_emb = unit_rows(u.expand({n, d}) + 1e-4 * torch::randn({n, d}, gen, torch::kFloat32));
  const auto queue = unit_cols(u.t().expand({d, k}) + 1e-4 * torch::randn({d, k}, gen, torch::kFloat32));
  const auto q = unit_rows(q_raw);
  const auto out = info_nce(q, k_emb, queue, tau);
  const double loss = out.loss.item<double>();
  REQUIRE(std::isfinite(loss));
  CHECK(torch::isfinite(out.logits).all().item<bool>());
  // Every similarity is ~1, so the loss is ~ln(1+K), and it agrees with the float64 loop.
  CHECK(loss == Approx(std::log(1.0 + static_cast<double>(k))).margin(1e-2));
  CHECK(loss == Approx(reference_loss(q.detach(), k_emb, queue, tau)).margin(1e-3));
  out.loss.backward();
  REQUIRE(q_raw.grad().defined());
  CHECK(torch::isfinite(q_raw.grad()).all().item<bool>());
}

TEST_CASE("C2: InfoNCE with exactly identical embeddings equals ln(1+K)", "[losses]") {
  auto gen = contra::core::make_generator(5, 0);
  const std::int64_t n = 8, d = 16;
  const auto u = unit_rows(torch::randn({1, d}, gen, torch::kFloat32));
  for (std::int64_t k : {1, 15, 4096}) {
    const auto q = u.expand({n, d}).clone();
    const auto queue = u.t().expand({d, k}).clone();
    for (double tau : {0.01, 0.07}) {
      const auto out = info_nce(q, q, queue, tau);
      CHECK(out.loss.item<double>() == Approx(std::log(1.0 + static_cast<double>(k))).margin(1e-4));
    }
  }
}

// C2 under autocast: the similarities are computed in float32 with autocast off (losses/similarity.h),
// so a bf16 mm cannot shift the logits (it did: 1.858 instead of ln 9 = 2.197 at τ = 0.01).
TEST_CASE("C2 under autocast (CPU, bf16): InfoNCE with identical embeddings equals ln(1+K)", "[losses]") {
  auto gen = contra::core::make_generator(8, 0);
  const std::int64_t n = 8, d = 16;
  const auto u = unit_rows(torch::randn({1, d}, gen, torch::kFloat32));
  const auto q = u.expand({n, d}).clone();
  contra::testing::CpuAutocast autocast;
  const auto out = info_nce(q, q, q.t().contiguous(), 0.01);  // K = 8 negatives
  CHECK(out.logits.scalar_type() == torch::kFloat32);
  CHECK(out.loss.item<double>() == Approx(std::log(9.0)).margin(1e-4));
}

TEST_CASE("count_correct counts rows whose top logit is the target", "[losses]") {
  const auto logits = torch::tensor({3.0f, 1.0f, 2.0f,     // argmax 0
                                     0.0f, 5.0f, 1.0f,     // argmax 1
                                     -1.0f, -2.0f, -0.5f,  // argmax 2
                                     9.0f, 8.0f, 7.0f})    // argmax 0
                          .view({4, 3});
  const auto zeros = torch::zeros({4}, torch::kInt64);
  CHECK(count_correct(logits, zeros).item<std::int64_t>() == 2);
  CHECK(count_correct(logits, torch::tensor({0, 1, 2, 0}, torch::kInt64)).item<std::int64_t>() == 4);
  CHECK(count_correct(logits, torch::tensor({1, 0, 0, 2}, torch::kInt64)).item<std::int64_t>() == 0);
  CHECK(count_correct(logits, zeros).dim() == 0);
  // A diverged row (NaN logits) is not correct, though argmax of NaN points at column 0.
  auto diverged = logits.clone();
  diverged[0].fill_(std::numeric_limits<float>::quiet_NaN());
  CHECK(count_correct(diverged, zeros).item<std::int64_t>() == 1);
  diverged[0].fill_(std::numeric_limits<float>::infinity());
  CHECK(count_correct(diverged, zeros).item<std::int64_t>() == 1);
  // A masked-out column (−inf, NT-Xent's self-similarity) leaves the row counted.
  auto masked = logits.clone();
  masked[0][2] = -std::numeric_limits<float>::infinity();
  masked[3][1] = -std::numeric_limits<float>::infinity();
  CHECK(count_correct(masked, zeros).item<std::int64_t>() == 2);
}

TEST_CASE("InfoNCE rejects tau <= 0 and mismatched shapes", "[losses]") {
  const auto positive = torch::ones({4});
  const auto negatives = torch::zeros({4, 3});
  const auto q = torch::eye(4).slice(0, 0, 2);  // 2×4
  const auto queue = torch::eye(4);             // 4×4
  for (double tau : {0.0, -0.1}) {
    CHECK_THROWS_AS(info_nce_from_similarities(positive, negatives, tau), ContraError);
    CHECK_THROWS_AS(info_nce(q, q, queue, tau), ContraError);
  }
  CHECK_THROWS_WITH(info_nce_from_similarities(positive, negatives, 0.0), Catch::Contains("temperature"));
  CHECK_THROWS_AS(info_nce_from_similarities(positive, torch::zeros({5, 3}), 0.1), ContraError);
  CHECK_THROWS_AS(info_nce_from_similarities(positive.view({4, 1}), negatives, 0.1), ContraError);
  CHECK_THROWS_AS(info_nce(q, q, torch::eye(3), 0.1), ContraError);                     // D of the queue differs
  CHECK_THROWS_AS(info_nce(q, torch::eye(4).slice(0, 0, 3), queue, 0.1), ContraError);  // k is not N×D
}
