// Momentum update (DESIGN.md, "Definitions"): θk ← m·θk + (1−m)·θq over the parameters only;
// buffers follow the key encoder's own forward passes.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "contra/core/error.h"
#include "contra/methods/momentum.h"

using contra::core::ContraError;
using contra::methods::momentum_update;

namespace {

/// A tiny module with two Linear layers and a registered buffer.
struct TinyImpl : torch::nn::Module {
  explicit TinyImpl(float buffer_value) {
    fc1 = register_module("fc1", torch::nn::Linear(3, 4));
    fc2 = register_module("fc2", torch::nn::Linear(4, 2));
    stat = register_buffer("stat", torch::full({4}, buffer_value));
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
  torch::Tensor stat;
};
TORCH_MODULE(Tiny);

std::vector<torch::Tensor> snapshot(const torch::nn::Module& m) {
  std::vector<torch::Tensor> out;
  for (const auto& p : m.parameters()) out.push_back(p.detach().clone().to(torch::kFloat64));
  return out;
}

bool same(const std::vector<torch::Tensor>& a, const std::vector<torch::Tensor>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!torch::equal(a[i], b[i])) return false;
  return true;
}

struct Pair {
  Tiny query{nullptr}, key{nullptr};
};

/// Two modules with different weights and different buffers.
Pair make_pair() {
  torch::manual_seed(1);
  Pair p{Tiny(1.0f), Tiny(-3.0f)};
  REQUIRE_FALSE(same(snapshot(*p.query), snapshot(*p.key)));
  return p;
}

}  // namespace

TEST_CASE("momentum_update m = 0 copies the query exactly", "[methods]") {
  auto p = make_pair();
  const auto q0 = snapshot(*p.query);
  momentum_update(*p.query, *p.key, 0.0);
  CHECK(same(snapshot(*p.key), q0));
  CHECK(same(snapshot(*p.query), q0));  // the query is not touched
}

TEST_CASE("momentum_update m = 0.5 gives the midpoint, m = 0.9 the formula", "[methods]") {
  for (double m : {0.5, 0.9}) {
    auto p = make_pair();
    const auto q0 = snapshot(*p.query);
    const auto k0 = snapshot(*p.key);
    momentum_update(*p.query, *p.key, m);
    const auto k1 = snapshot(*p.key);
    REQUIRE(k1.size() == k0.size());
    for (std::size_t i = 0; i < k1.size(); ++i) {
      const auto want = m * k0[i] + (1 - m) * q0[i];  // float64
      CHECK(torch::allclose(k1[i], want, 1e-6, 1e-7));
      CHECK_FALSE(torch::allclose(k1[i], k0[i]));
    }
    CHECK(same(snapshot(*p.query), q0));
  }
}

TEST_CASE("momentum_update m = 1 leaves the key unchanged", "[methods]") {
  auto p = make_pair();
  const auto k0 = snapshot(*p.key);
  momentum_update(*p.query, *p.key, 1.0);
  CHECK(same(snapshot(*p.key), k0));
}

TEST_CASE("momentum_update leaves buffers untouched", "[methods]") {
  auto p = make_pair();
  for (double m : {0.0, 0.5, 1.0}) {
    momentum_update(*p.query, *p.key, m);
    CHECK(torch::equal(p.key->stat, torch::full({4}, -3.0f)));
    CHECK(torch::equal(p.query->stat, torch::full({4}, 1.0f)));
  }
}

TEST_CASE("momentum_update does not record gradients", "[methods]") {
  auto p = make_pair();
  momentum_update(*p.query, *p.key, 0.5);
  for (const auto& k : p.key->parameters()) CHECK(k.grad_fn() == nullptr);
}

TEST_CASE("momentum_update rejects m outside [0, 1] and leaves the key alone", "[methods]") {
  auto p = make_pair();
  const auto k0 = snapshot(*p.key);
  CHECK_THROWS_AS(momentum_update(*p.query, *p.key, 1.5), ContraError);
  CHECK_THROWS_WITH(momentum_update(*p.query, *p.key, 1.5), Catch::Contains("1.5"));
  CHECK_THROWS_AS(momentum_update(*p.query, *p.key, -0.1), ContraError);
  CHECK_THROWS_AS(momentum_update(*p.query, *p.key, std::numeric_limits<double>::quiet_NaN()), ContraError);
  CHECK(same(snapshot(*p.key), k0));
}

TEST_CASE("momentum_update equals the official per-parameter loop bit for bit", "[methods]") {
  torch::manual_seed(3);
  Tiny query(0.0f), key(1.0f), key_loop(1.0f);
  {
    torch::NoGradGuard no_grad;
    for (auto& p : key->parameters()) p.uniform_(-1, 1);
    const auto src = key->parameters();
    auto dst = key_loop->parameters();
    for (std::size_t i = 0; i < src.size(); ++i) dst[i].copy_(src[i]);
  }
  for (double m : {0.9, 0.99, 0.999}) {
    momentum_update(*query, *key, m);
    torch::NoGradGuard no_grad;
    const auto q = query->parameters();
    auto k = key_loop->parameters();
    for (std::size_t i = 0; i < q.size(); ++i) k[i].mul_(m).add_(q[i], 1.0 - m);  // the official code's loop
    const auto fused = key->parameters(), loop = key_loop->parameters();
    for (std::size_t i = 0; i < fused.size(); ++i) CHECK(torch::equal(fused[i], loop[i]));
  }
}
