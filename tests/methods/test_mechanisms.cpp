// The three sources of negatives (DESIGN.md, "Definitions"; MoCo v1 Fig. 3): how many negatives
// each mechanism has at a given batch, its dictionary size K and views; end-to-end keys come from
// the same encoder with gradients (negatives = batch − 1); SimCLR contrasts 2N views.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "contra/config/load.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/losses/nt_xent.h"
#include "contra/methods/end_to_end.h"
#include "contra/methods/registry.h"
#include "contra/methods/simclr.h"

using contra::core::ContraError;
using contra::methods::make_method;

namespace {

const std::string kExperiment = CONTRA_SOURCE_DIR "/experiments/moco-fashion-mnist.toml";

/// The CPU default experiment, made small, with method `name`.
contra::config::Experiment small_experiment(const std::string& name, std::int64_t bn_splits = 1) {
  const std::vector<contra::config::Override> sets = {
      {"method.name", "\"" + name + "\"", "test"},
      {"model.width", "4", "test"},
      {"model.dim", "16", "test"},
      {"model.bn_splits", std::to_string(bn_splits), "test"},
      {"method.queue", "1024", "test"},
      {"method.negatives", "1024", "test"},
      {"method.temperature", "0.2", "test"},
      {"optim.batch", "32", "test"},
  };
  return contra::methods::load_experiment(kExperiment, sets);
}

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

TEST_CASE("mechanisms: negatives, dictionary size and views at batch 32", "[methods]") {
  const std::int64_t batch = 32, train_size = 500, k = 1024, d = 16;
  struct Expect {
    std::string name;
    std::int64_t negatives, dictionary;
    int views;
    std::int64_t store_bytes, logit_pairs;
  };
  const std::vector<Expect> expect = {
      {"moco", k, k, 2, d * k * 4, batch * (1 + k)},
      {"memory_bank", k, k, 1, train_size * d * 4, batch * (1 + k)},
      {"end_to_end", batch - 1, batch, 2, 0, batch * batch},
      {"simclr", 2 * batch - 2, batch, 2, 0, 4 * batch * batch},
  };
  for (const auto& e : expect) {
    INFO("method " << e.name);
    torch::manual_seed(0);
    const auto exp = small_experiment(e.name, 8);
    const auto method = make_method(exp, {1, train_size});
    REQUIRE(method != nullptr);
    CHECK(method->negatives(batch) == e.negatives);
    CHECK(method->dictionary_size(batch) == e.dictionary);
    CHECK(method->views() == e.views);
    CHECK(method->negatives_store_bytes() == e.store_bytes);
    CHECK(method->logit_pairs(batch) == e.logit_pairs);
    CHECK(method->query_encoder()->dim() == d);
    CHECK_FALSE(method->trainable_parameters().empty());
  }
  // Only the batch mechanisms' negatives grow with the batch.
  const auto moco = make_method(small_experiment("moco"), {1, train_size});
  const auto e2e = make_method(small_experiment("end_to_end"), {1, train_size});
  const auto simclr = make_method(small_experiment("simclr"), {1, train_size});
  CHECK(moco->negatives(256) == k);
  CHECK(e2e->negatives(256) == 255);
  CHECK(e2e->dictionary_size(256) == 256);
  CHECK(simclr->negatives(256) == 510);
}

TEST_CASE("make_method: an unknown name lists the valid ones", "[methods]") {
  auto exp = small_experiment("moco");
  exp.method.name = "byol";
  try {
    make_method(exp, {1, 10});
    FAIL("no ContraError for method.name = byol");
  } catch (const ContraError& e) {
    const std::string msg = e.what();
    CHECK_THAT(msg, Catch::Contains("byol"));
    for (const auto& name : contra::methods::method_names()) CHECK_THAT(msg, Catch::Contains(name));
  }
}

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
  const auto view_q = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
  const auto view_k = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
  const auto index = torch::arange(n, torch::kInt64);
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

TEST_CASE("SimClr: 2N queries, the NT-Xent loss over both views through one encoder", "[methods]") {
  torch::manual_seed(0);
  auto exp = small_experiment("simclr");
  exp.model.head = "mlp";
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

TEST_CASE("train_flops_per_step at the CPU default, by hand", "[methods]") {
  // Small CNN, width 16, on 28×28 (2 FLOPs per multiply-accumulate, 3×3 convolutions):
  //   1→16 at 28×28: 2·1·16·9·784 = 225 792      16→32 at 14×14: 2·16·32·9·196 = 1 806 336
  //   32→32 at 14×14: 3 612 672                   32→64 at 7×7: 2·32·64·9·49 = 1 806 336
  //   64→64 at 7×7: 3 612 672                     backbone: 11 063 808
  const std::int64_t backbone = 11063808;
  const auto moco = make_method(contra::methods::load_experiment(kExperiment), {1, 60000});
  // Linear head 64→128; one encoder pass with gradients (3×) and one without (1×) per image;
  // 256·(1 + 4096) query–key pairs, 2·128 FLOPs each, forward and backward (3×).
  CHECK(moco->train_flops_per_step(256, 28, 28) == 256 * (backbone + 2 * 64 * 128) * 4 + 3 * 2 * 128 * 256 * 4097);
  CHECK(moco->train_flops_per_step(256, 28, 28) == 12151619584);
  const auto simclr = make_method(
      contra::methods::load_experiment(CONTRA_SOURCE_DIR "/experiments/simclr-fashion-mnist.toml"), {1, 60000});
  // MLP head 64→256→128; both views with gradients through one encoder (2 × 3×); 2N × 2N pairs.
  CHECK(simclr->train_flops_per_step(256, 28, 28) ==
        256 * (backbone + 2 * 64 * 256 + 2 * 256 * 128) * 6 + 3 * 2 * 128 * 512 * 512);
}
