// SimCLR (methods/simclr.h; DESIGN.md, "Definitions", NT-Xent): both views of N images through one
// encoder, 2N queries, each with its twin as the positive and the other 2N − 2 views as negatives.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>

#include "../support/experiment.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/losses/nt_xent.h"
#include "contra/methods/simclr.h"

using contra::core::ContraError;
using contra::testing::small_experiment;

TEST_CASE("SimClr: 2N queries, the NT-Xent loss over both views through one encoder", "[methods]") {
  torch::manual_seed(0);
  auto exp = small_experiment("simclr");
  exp.model.head = contra::config::Head::mlp;
  exp.model.mlp_hidden = 32;
  const auto options = contra::config::read_options<contra::methods::SimClrOptions>(exp.method);
  contra::methods::SimClr simclr(exp.model, options, {1}, 0);
  auto gen = contra::core::make_generator(1, 1);
  const std::int64_t n = 6;
  const auto view_q = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
  const auto view_k = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
  const auto out = simclr.forward_step({view_q, view_k, torch::arange(n, torch::kInt64), {}});
  REQUIRE(std::isfinite(out.loss.item<double>()));
  CHECK(out.queries == 2 * n);
  CHECK(out.embeddings.sizes() == torch::IntArrayRef({2 * n, 16}));
  CHECK(out.correct.item<std::int64_t>() >= 0);
  CHECK(out.correct.item<std::int64_t>() <= 2 * n);
  {
    // Two identical views: every row's twin is at cosine 1, its top logit beside the −inf
    // self-similarity, so every query counts as correct (pretext accuracy 100%).
    torch::NoGradGuard no_grad;
    CHECK(simclr.forward_step({view_q, view_q, torch::arange(n, torch::kInt64), {}}).correct.item<std::int64_t>() ==
          2 * n);
  }
  out.loss.backward();
  for (const auto& p : simclr.trainable_parameters()) {
    REQUIRE(p.grad().defined());
    CHECK(torch::isfinite(p.grad()).all().item<bool>());
  }
  // The same as NT-Xent on the encoder's embeddings of both views in one batch.
  {
    torch::NoGradGuard no_grad;
    const auto z = simclr.query_encoder()->forward(torch::cat({view_q, view_k}, 0));  // 2N×D
    const auto want = contra::losses::nt_xent(z.slice(0, 0, n), z.slice(0, n, 2 * n), options.temperature);
    CHECK(out.loss.item<double>() == Approx(want.loss.item<double>()).epsilon(1e-5).margin(1e-5));
    CHECK(torch::allclose(out.embeddings, z, 1e-5, 1e-6));
  }
  CHECK_THROWS_AS(
      [&] {
        auto bad = options;
        bad.temperature = -1;
        contra::methods::SimClr(exp.model, bad, {1}, 0);
      }(),
      ContraError);
}

TEST_CASE("SimClr with method.l2_norm = false: NT-Xent on the raw head outputs (SimCLR Table 5)", "[methods]") {
  torch::manual_seed(0);
  auto exp = small_experiment("simclr");
  auto options = contra::config::read_options<contra::methods::SimClrOptions>(exp.method);
  options.l2_norm = false;
  contra::methods::SimClr simclr(exp.model, options, {1}, 0);
  auto gen = contra::core::make_generator(2, 1);
  const std::int64_t n = 6;
  const auto view_q = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
  const auto view_k = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
  const auto out = simclr.forward_step({view_q, view_k, torch::arange(n, torch::kInt64), {}});
  torch::NoGradGuard no_grad;
  const auto raw = simclr.query_encoder()->project(torch::cat({view_q, view_k}, 0));  // 2N×D, not normalised
  REQUIRE_FALSE(torch::allclose(raw.norm(2, 1), torch::ones({2 * n}), 1e-2, 1e-2));
  const auto dot = contra::losses::nt_xent(raw.slice(0, 0, n), raw.slice(0, n, 2 * n), options.temperature);
  const auto unit = torch::nn::functional::normalize(raw, torch::nn::functional::NormalizeFuncOptions().dim(1));
  const auto cosine = contra::losses::nt_xent(unit.slice(0, 0, n), unit.slice(0, n, 2 * n), options.temperature);
  CHECK(out.loss.item<double>() == Approx(dot.loss.item<double>()).epsilon(1e-5).margin(1e-5));
  CHECK(out.loss.item<double>() != Approx(cosine.loss.item<double>()).epsilon(1e-3));
  // Collapse detection still sees unit vectors.
  CHECK(torch::allclose(out.embeddings, unit, 1e-5, 1e-6));
  // forward() is normalize(project()).
  CHECK(torch::allclose(simclr.query_encoder()->forward(torch::cat({view_q, view_k}, 0)), unit, 1e-5, 1e-6));
}
