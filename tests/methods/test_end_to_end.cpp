// End-to-end (methods/end_to_end.h; DESIGN.md, "Definitions"; MoCo v1 Fig. 3): keys come from
// the same encoder, with gradients, and the negatives are the other keys of the batch
// (negatives = batch − 1).
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <utility>
#include <vector>

#include "../support/experiment.h"
#include "../support/small_methods.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/methods/end_to_end.h"

using contra::core::ContraError;
using contra::testing::small_experiment;

namespace {

/// Every parameter's gradient, cloned (an undefined gradient becomes an empty tensor).
std::vector<torch::Tensor> grads_of(const std::vector<torch::Tensor>& params) {
  std::vector<torch::Tensor> out;
  for (const auto& p : params) out.push_back(p.grad().defined() ? p.grad().clone() : torch::Tensor());
  return out;
}

void zero_grads(const std::vector<torch::Tensor>& params) {
  for (auto p : params)
    if (p.grad().defined()) p.mutable_grad() = torch::Tensor();
}

bool all_close(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b, double rtol, double atol) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i].defined() || !b[i].defined()) return false;
    if (!torch::allclose(a[i], b[i], rtol, atol)) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("EndToEnd: N x N logits over the batch's keys, which carry gradients", "[methods]") {
  torch::manual_seed(0);
  const auto exp = small_experiment("end_to_end");  // one BN split: shuffling BN only permutes
  const auto options = contra::config::read_options<contra::methods::EndToEndOptions>(exp.method);
  REQUIRE(options.shuffle_bn);
  contra::methods::EndToEnd e2e(exp.model, options, {1}, 3);
  CHECK_THROWS_AS(
      [&] {
        auto bad = options;
        bad.temperature = 0;
        contra::methods::EndToEnd(exp.model, bad, {1}, 3);
      }(),
      ContraError);
  auto gen = contra::core::make_generator(0, 1);
  const std::int64_t n = 8;
  const double tau = options.temperature;
  const auto views = contra::testing::random_views(n, gen);
  const auto &view_q = views.view_q, &view_k = views.view_k, &index = views.index;
  const auto params = e2e.trainable_parameters();
  auto encoder = e2e.query_encoder();

  const auto out = e2e.forward_step({view_q, view_k, index, {}});
  REQUIRE(std::isfinite(out.loss.item<double>()));
  CHECK(out.queries == n);
  CHECK(out.embeddings.sizes() == torch::IntArrayRef({n, 16}));
  CHECK_FALSE(out.embeddings.requires_grad());
  CHECK(out.correct.item<std::int64_t>() >= 0);
  CHECK(out.correct.item<std::int64_t>() <= n);
  zero_grads(params);
  out.loss.backward();
  const auto g_method = grads_of(params);
  for (const auto& g : g_method) {
    REQUIRE(g.defined());
    CHECK(torch::isfinite(g).all().item<bool>());
  }

  // By hand: logits q·kᵀ/τ, N×N, the positive on the diagonal: row i holds its own key and the
  // other N−1 keys of the batch. Keys from the same encoder (train mode, so the same batch statistics).
  const auto hand = [&](bool detach_keys) {
    zero_grads(params);
    const auto q = encoder->forward(view_q);  // N×D
    auto k = encoder->forward(view_k);        // N×D
    if (detach_keys) k = k.detach();
    const auto logits = q.mm(k.t()) / tau;  // N×N
    const auto loss = torch::nn::functional::cross_entropy(logits, torch::arange(n, torch::kInt64));
    loss.backward();
    return std::make_pair(loss.item<double>(), grads_of(params));
  };
  const auto [loss_with, g_with] = hand(false);
  CHECK(out.loss.item<double>() == Approx(loss_with).epsilon(1e-5).margin(1e-5));
  // Double-check the N×N form against a float64 loop.
  {
    torch::NoGradGuard no_grad;
    const auto q = encoder->forward(view_q).to(torch::kFloat64);
    const auto k = encoder->forward(view_k).to(torch::kFloat64);
    double total = 0;
    for (std::int64_t i = 0; i < n; ++i) {
      double sum = 0;
      for (std::int64_t j = 0; j < n; ++j) sum += std::exp(q[i].dot(k[j]).item<double>() / tau);
      total += -q[i].dot(k[i]).item<double>() / tau + std::log(sum);
    }
    CHECK(out.loss.item<double>() == Approx(total / n).epsilon(1e-5).margin(1e-5));
  }
  // The gradients are those with the keys attached, not those with detached keys (MoCo's case).
  CHECK(all_close(g_method, g_with, 1e-4, 1e-6));
  const auto [loss_detached, g_detached] = hand(true);
  CHECK(loss_detached == Approx(loss_with).epsilon(1e-6));
  CHECK_FALSE(all_close(g_method, g_detached, 1e-3, 1e-6));
  e2e.after_optimizer_step();  // nothing to do, and nothing breaks
}

TEST_CASE("EndToEnd: the negatives gathered by column equal the masked selection they replace", "[methods]") {
  // masked_select read its output's size back from the device every step; the gather must give
  // the same values in the same order, for one process (own = i) and for a rank's strided rows.
  torch::manual_seed(3);
  for (const auto& [n, total, rank, world] : std::vector<std::array<std::int64_t, 4>>{{8, 8, 0, 1}, {4, 8, 1, 2},
                                                                                     {3, 12, 2, 4}, {1, 2, 1, 2}}) {
    INFO(n << " queries of " << total << " keys, rank " << rank << " of " << world);
    const auto similarity = torch::randn({n, total});
    const auto own = torch::arange(n, torch::kInt64) * world + rank;  // dist::own_rows
    const auto mine = torch::zeros({n, total}, torch::kBool).scatter_(1, own.unsqueeze(1), true);
    const auto selected = similarity.masked_select(mine.logical_not()).view({n, total - 1});
    const auto columns = contra::methods::negative_columns(own, total);
    CHECK(columns.sizes() == torch::IntArrayRef({n, total - 1}));
    CHECK(torch::equal(similarity.gather(1, columns), selected));
  }
}
