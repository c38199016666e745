// The memory bank of InstDisc (DESIGN.md, "Definitions"; tests/CASES.md C4): an n×D bank of unit
// rows, K rows drawn uniformly per query, and after the step vᵢ ← normalize(λ·vᵢ + (1−λ)·fᵢ)
// with λ = memory_momentum on the old value.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "../support/small_methods.h"
#include "contra/config/experiment.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/methods/memory_bank.h"

using contra::core::ContraError;
using contra::methods::FeatureBank;
using contra::methods::memory_update;
using contra::methods::MemoryBank;
using contra::testing::SmallBank;

namespace {

/// The InfoNCE loss of the memory bank in double, by loops: q N×D (the step's query embeddings),
/// bank n×D, index N (the positives' rows), drawn N×K (the negatives' rows).
double reference_loss(const torch::Tensor& q, const torch::Tensor& bank, const torch::Tensor& index,
                      const torch::Tensor& drawn, double tau) {
  const auto qd = q.to(torch::kFloat64).contiguous(), bd = bank.to(torch::kFloat64).contiguous();
  const auto idx = index.to(torch::kInt64).contiguous(), dr = drawn.to(torch::kInt64).contiguous();
  const auto n = qd.size(0), d = qd.size(1), k = dr.size(1);
  const double* qp = qd.data_ptr<double>();
  const double* bp = bd.data_ptr<double>();
  const auto dot = [&](std::int64_t i, std::int64_t row) {
    double s = 0;
    for (std::int64_t c = 0; c < d; ++c) s += qp[i * d + c] * bp[row * d + c];
    return s / tau;
  };
  double total = 0;
  for (std::int64_t i = 0; i < n; ++i) {
    std::vector<double> logits = {dot(i, idx.data_ptr<std::int64_t>()[i])};
    for (std::int64_t j = 0; j < k; ++j) logits.push_back(dot(i, dr.data_ptr<std::int64_t>()[i * k + j]));
    double mx = -INFINITY;
    for (double l : logits) mx = std::max(mx, l);
    double sum = 0;
    for (double l : logits) sum += std::exp(l - mx);
    total += -logits[0] + mx + std::log(sum);
  }
  return total / static_cast<double>(n);
}

}  // namespace

TEST_CASE("C4: memory_update with lambda = 0.9 on the old value gives (0.99388, 0.11043)", "[methods]") {
  const auto v = torch::tensor({1.0f, 0.0f}).view({1, 2});
  const auto f = torch::tensor({0.0f, 1.0f}).view({1, 2});
  const auto out = memory_update(v, f, 0.9);
  REQUIRE(out.sizes() == torch::IntArrayRef({1, 2}));
  CHECK(out[0][0].item<double>() == Approx(0.99388).margin(1e-4));
  CHECK(out[0][1].item<double>() == Approx(0.11043).margin(1e-4));
  CHECK(out.norm().item<double>() == Approx(1.0).margin(1e-6));
  // λ on the other term (the mmselfsup convention) would give (0.11043, 0.99388): λ = 0.1 here.
  const auto other = memory_update(v, f, 0.1);
  CHECK(other[0][0].item<double>() == Approx(0.11043).margin(1e-4));
  CHECK(other[0][1].item<double>() == Approx(0.99388).margin(1e-4));
  CHECK_FALSE(torch::allclose(other, out, 1e-3, 1e-3));
  // λ = 0.5 (InstDisc) is the normalised midpoint; several rows are updated independently.
  const auto vs = torch::tensor({1.0f, 0.0f, 0.0f, 1.0f}).view({2, 2});
  const auto fs = torch::tensor({0.0f, 1.0f, 0.0f, 1.0f}).view({2, 2});
  const auto mid = memory_update(vs, fs, 0.5);
  const double h = std::sqrt(0.5);
  CHECK(torch::allclose(mid, torch::tensor({h, h, 0.0, 1.0}, torch::kFloat32).view({2, 2}), 1e-6, 1e-6));
}

TEST_CASE("FeatureBank starts as seeded random unit rows", "[methods]") {
  auto gen = contra::core::make_generator(0, 2);
  FeatureBank bank(50, 8, gen);
  REQUIRE(bank->rows().sizes() == torch::IntArrayRef({50, 8}));
  CHECK(bank->rows().scalar_type() == torch::kFloat32);
  CHECK(torch::allclose(bank->rows().norm(2, 1), torch::ones({50}), 1e-5, 1e-5));
  CHECK_FALSE(torch::allclose(bank->rows()[0], bank->rows()[1]));
  auto same = contra::core::make_generator(0, 2);
  auto other = contra::core::make_generator(1, 2);
  CHECK(torch::equal(FeatureBank(50, 8, same)->rows(), bank->rows()));
  CHECK_FALSE(torch::equal(FeatureBank(50, 8, other)->rows(), bank->rows()));
  // The bank is a buffer (saved in checkpoints), not a parameter.
  CHECK(bank->parameters().empty());
  CHECK(bank->named_buffers().contains("bank"));
  auto g = contra::core::make_generator(0, 2);
  CHECK_THROWS_AS(FeatureBank(0, 8, g), ContraError);
  CHECK_THROWS_AS(FeatureBank(5, 0, g), ContraError);
}

TEST_CASE("FeatureBank::sample draws uniformly from 0..n-1, seeded", "[methods]") {
  auto init = contra::core::make_generator(3, 2);
  const std::int64_t n = 7;
  FeatureBank bank(n, 4, init);
  auto gen = contra::core::make_generator(3, 4);
  const auto drawn = bank->sample(100, 100, gen);  // 10000 draws
  REQUIRE(drawn.sizes() == torch::IntArrayRef({100, 100}));
  CHECK(drawn.scalar_type() == torch::kInt64);
  CHECK(drawn.min().item<std::int64_t>() == 0);
  CHECK(drawn.max().item<std::int64_t>() == n - 1);
  // Every row occurs, about equally often (10000/7 ≈ 1429 each).
  const auto counts = torch::bincount(drawn.view(-1), {}, n);
  REQUIRE(counts.size(0) == n);
  for (std::int64_t r = 0; r < n; ++r) {
    INFO("row " << r);
    CHECK(counts[r].item<std::int64_t>() > 1200);
    CHECK(counts[r].item<std::int64_t>() < 1650);
  }
  // Seeded: the same generator seed gives the same draws, another seed others.
  auto gen_a = contra::core::make_generator(3, 4);
  auto gen_b = contra::core::make_generator(4, 4);
  CHECK(torch::equal(bank->sample(100, 100, gen_a), drawn));
  CHECK_FALSE(torch::equal(bank->sample(100, 100, gen_b), drawn));
  // K larger than n is fine: rows are drawn with replacement.
  auto gen_c = contra::core::make_generator(5, 4);
  const auto many = bank->sample(3, 50, gen_c);
  CHECK(many.sizes() == torch::IntArrayRef({3, 50}));
  CHECK(many.max().item<std::int64_t>() < n);
}

TEST_CASE("FeatureBank::update writes only the indexed rows, by the rule", "[methods]") {
  auto gen = contra::core::make_generator(1, 2);
  FeatureBank bank(20, 6, gen);
  const auto before = bank->rows().clone();
  const auto index = torch::tensor({3, 17, 0}, torch::kInt64);
  auto fgen = contra::core::make_generator(9, 0);
  const auto features = torch::nn::functional::normalize(torch::randn({3, 6}, fgen, torch::kFloat32),
                                                         torch::nn::functional::NormalizeFuncOptions().dim(1));
  bank->update(index, features, 0.9);
  const auto after = bank->rows();
  const auto expected = memory_update(before.index_select(0, index), features, 0.9);
  CHECK(torch::allclose(after.index_select(0, index), expected, 1e-6, 1e-6));
  for (std::int64_t r = 0; r < 20; ++r) {
    if (r == 3 || r == 17 || r == 0) continue;
    INFO("row " << r);
    CHECK(torch::equal(after[r], before[r]));
  }
  CHECK_FALSE(torch::allclose(after[3], before[3]));
  CHECK(torch::allclose(after.norm(2, 1), torch::ones({20}), 1e-5, 1e-5));
  CHECK_FALSE(after.requires_grad());
}

TEST_CASE("MemoryBank counts: negatives = K, one view, store n x D x 4 bytes", "[methods]") {
  torch::manual_seed(0);
  const SmallBank opts;
  MemoryBank mb(opts.model, opts.method, {1, 100}, 0);
  CHECK(mb.negatives(32) == 32);
  CHECK(mb.negatives(256) == 32);  // independent of the batch
  CHECK(mb.dictionary_size(256) == 32);
  CHECK(mb.logit_pairs(8) == 8 * 33);
  CHECK(mb.views() == 1);
  CHECK(mb.negatives_store_bytes() == 100 * 16 * 4);
  CHECK(mb.bank()->rows().sizes() == torch::IntArrayRef({100, 16}));
  CHECK(mb.forwards_with_grad() == 1);
  CHECK(mb.forwards_without_grad() == 0);
  // The bank is not trained by the optimiser.
  const auto trainable = mb.trainable_parameters();
  CHECK(trainable.size() == mb.query_encoder()->parameters().size());
  for (const auto& p : trainable) CHECK(p.data_ptr() != mb.bank()->rows().data_ptr());
}

TEST_CASE("MemoryBank rejects invalid options", "[methods]") {
  const SmallBank base;
  auto bad = base;
  bad.method.negatives = 0;
  CHECK_THROWS_AS(MemoryBank(bad.model, bad.method, {1, 10}, 0), ContraError);
  bad = base;
  bad.method.memory_momentum = 1.0;
  CHECK_THROWS_AS(MemoryBank(bad.model, bad.method, {1, 10}, 0), ContraError);
  bad.method.memory_momentum = -0.1;
  CHECK_THROWS_AS(MemoryBank(bad.model, bad.method, {1, 10}, 0), ContraError);
  bad = base;
  bad.method.temperature = 0;
  CHECK_THROWS_AS(MemoryBank(bad.model, bad.method, {1, 10}, 0), ContraError);
  CHECK_THROWS_AS(MemoryBank(base.model, base.method, {1, 0}, 0), ContraError);  // no rows
}

TEST_CASE("MemoryBank step: loss from the bank rows and the drawn indices, then the batch's rows move by the rule",
          "[methods]") {
  const SmallBank opts;
  const std::uint64_t seed = 7;
  const std::int64_t n = 8, k = opts.method.negatives, d = opts.model.dim;
  // Both paths for the negatives: scoring every row (n·4 <= K·D) and gathering K rows per query.
  for (const std::int64_t rows : {std::int64_t{64}, std::int64_t{200}}) {
    INFO("bank rows " << rows << (rows * 4 <= k * d ? " (full-similarity path)" : " (gather path)"));
    torch::manual_seed(0);
    MemoryBank mb(opts.model, opts.method, {1, rows}, seed);
    // The negatives are drawn from stream 4 of the run's seed (memory_bank.cpp): the same stream here.
    auto draws = contra::core::make_generator(seed, 4);
    auto gen = contra::core::make_generator(seed, 1);
    const auto images = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
    const auto index = torch::tensor({5, 0, 63, 12, 40, 33, 2, 18}, torch::kInt64);
    torch::optim::SGD opt(mb.trainable_parameters(), torch::optim::SGDOptions(0.1));
    for (int step = 1; step <= 2; ++step) {
      INFO("step " << step);
      const auto bank_before = mb.bank()->rows().clone();
      const auto drawn = mb.bank()->sample(n, k, draws);  // what the method draws this step
      opt.zero_grad();
      const auto out = mb.forward_step({images, {}, index, {}});
      const double loss = out.loss.item<double>();
      REQUIRE(std::isfinite(loss));
      CHECK(out.queries == n);
      CHECK(out.embeddings.sizes() == torch::IntArrayRef({n, d}));
      CHECK_FALSE(out.embeddings.requires_grad());
      CHECK(torch::allclose(out.embeddings.norm(2, 1), torch::ones({n}), 1e-5, 1e-5));
      CHECK(out.correct.item<std::int64_t>() >= 0);
      CHECK(out.correct.item<std::int64_t>() <= n);
      CHECK(loss == Approx(reference_loss(out.embeddings, bank_before, index, drawn, opts.method.temperature))
                        .epsilon(1e-5)
                        .margin(1e-5));
      // The forward pass does not touch the bank; the step's features are written after the optimiser step.
      CHECK(torch::equal(mb.bank()->rows(), bank_before));
      out.loss.backward();
      for (const auto& p : mb.trainable_parameters()) {
        REQUIRE(p.grad().defined());
        CHECK(torch::isfinite(p.grad()).all().item<bool>());
      }
      opt.step();
      CHECK(torch::equal(mb.bank()->rows(), bank_before));
      mb.after_optimizer_step();
      const auto after = mb.bank()->rows();
      const auto expected =
          memory_update(bank_before.index_select(0, index), out.embeddings, opts.method.memory_momentum);
      CHECK(torch::allclose(after.index_select(0, index), expected, 1e-5, 1e-6));
      CHECK_FALSE(torch::allclose(after.index_select(0, index), bank_before.index_select(0, index), 1e-4, 1e-4));
      auto untouched = torch::ones({rows}, torch::kBool);
      untouched.index_fill_(0, index, false);
      CHECK(torch::equal(after.index({untouched}), bank_before.index({untouched})));
      // A second after_optimizer_step without a new forward pass changes nothing.
      const auto once = after.clone();
      mb.after_optimizer_step();
      CHECK(torch::equal(mb.bank()->rows(), once));
    }
  }
}

TEST_CASE("MemoryBank negatives on CPU: the same seeded draws as when they were drawn on the host and copied",
          "[methods]") {
  // Values drawn by the earlier code, torch::randint(0, n, {N, K}, make_generator(7, 4), kInt64) on
  // CPU, twice in a row (LibTorch 1.13): the draws on the bank's device must not change them on CPU.
  const auto first =
      torch::tensor({67, 882, 11, 53, 736, 256, 373, 708, 488, 458, 380, 340, 905, 403, 179}, torch::kInt64)
          .view({3, 5});
  const auto second = torch::tensor({8, 388, 535, 978, 671, 290, 593, 682}, torch::kInt64).view({2, 4});
  auto init = contra::core::make_generator(7, 2);
  FeatureBank bank(1000, 4, init);
  auto on_device = contra::core::make_generator(7, 4, bank->rows().device());
  const auto a = bank->sample(3, 5, on_device);
  CHECK(a.device() == bank->rows().device());
  CHECK(a.scalar_type() == torch::kInt64);
  CHECK(torch::equal(a, first));
  CHECK(torch::equal(bank->sample(2, 4, on_device), second));

  // The method draws from that stream (4) of its seed, through the generator it checkpoints.
  SmallBank opts;
  opts.method.negatives = 5;
  MemoryBank mb(opts.model, opts.method, {1, 1000}, 7);
  const auto gens = mb.generators();
  REQUIRE(gens.size() == 1);
  CHECK(gens[0].first == "bank_sampling");
  CHECK(gens[0].second.device() == mb.bank()->rows().device());
  auto shared = gens[0].second;  // a handle sharing the method's state
  CHECK(torch::equal(mb.bank()->sample(3, 5, shared), first));
}
