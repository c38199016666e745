// MoCo (methods/moco.h): the queue and the momentum encoder (DESIGN.md, "Definitions";
// tests/CASES.md C1): the queue holds the newest K keys, wraps past the end, and K need not
// divide the batch; a step enqueues its keys and moves the key encoder by the momentum rule.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <set>
#include <vector>

#include "../support/small_methods.h"
#include "contra/config/experiment.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/methods/moco.h"

using contra::methods::KeyQueue;
using contra::testing::SmallMoco;

namespace {

constexpr std::int64_t kDim = 3;

/// Keys ids [first, first + n): key i = (i, -i, 0.5), so its first coordinate names it exactly
/// (float32 is exact for these integers).
torch::Tensor keys_with_ids(std::int64_t first, std::int64_t n) {
  const auto ids = torch::arange(first, first + n, torch::kFloat32);
  return torch::stack({ids, -ids, torch::full({n}, 0.5f)}, 1);  // n×3
}

/// A reference model of the queue: which key id each column holds (-1: the initial fill),
/// written one key at a time at (total keys so far) mod K.
struct ReferenceQueue {
  explicit ReferenceQueue(std::int64_t k) : ids(static_cast<std::size_t>(k), -1) {}
  void push(std::int64_t first, std::int64_t n) {
    for (std::int64_t i = first; i < first + n; ++i) ids[static_cast<std::size_t>(total++ % size())] = i;
  }
  std::int64_t size() const { return static_cast<std::int64_t>(ids.size()); }
  std::vector<std::int64_t> ids;
  std::int64_t total = 0;
};

/// Checks every column of the queue against the reference: id columns hold (id, -id, 0.5),
/// the others still hold the initial fill.
void check_against(const KeyQueue& queue, const ReferenceQueue& ref, const torch::Tensor& initial) {
  const auto keys = queue->keys();
  REQUIRE(keys.sizes() == torch::IntArrayRef({kDim, ref.size()}));
  const auto first = keys.select(0, 0).contiguous();
  const auto second = keys.select(0, 1).contiguous();
  const float* got = first.data_ptr<float>();
  const float* got2 = second.data_ptr<float>();
  int mismatches = 0;
  for (std::int64_t c = 0; c < ref.size(); ++c) {
    const auto id = ref.ids[static_cast<std::size_t>(c)];
    const bool ok = id < 0 ? torch::equal(keys.select(1, c), initial.select(1, c))
                           : got[c] == static_cast<float>(id) && got2[c] == -static_cast<float>(id);
    if (!ok && mismatches++ < 5) FAIL_CHECK("column " << c << " holds " << got[c] << ", expected id " << id);
  }
  CHECK(mismatches == 0);
}

/// The ids held by the queue, as a set (initial-fill columns ignored: they have third coord != 0.5).
std::set<std::int64_t> held_ids(const KeyQueue& queue) {
  std::set<std::int64_t> ids;
  const auto keys = queue->keys().contiguous();
  const auto k = keys.size(1);
  const float* data = keys.data_ptr<float>();  // row-major D×K
  for (std::int64_t c = 0; c < k; ++c)
    if (data[2 * k + c] == 0.5f) ids.insert(static_cast<std::int64_t>(data[c]));
  return ids;
}

}  // namespace

TEST_CASE("KeyQueue starts as random unit vectors with pointer 0", "[methods]") {
  auto gen = contra::core::make_generator(0, 2);
  KeyQueue queue(16, 100, gen);
  CHECK(queue->pointer() == 0);
  CHECK(queue->size() == 100);
  CHECK(queue->keys().sizes() == torch::IntArrayRef({16, 100}));
  CHECK(torch::allclose(queue->keys().norm(2, 0), torch::ones({100}), 1e-5, 1e-5));
  // Not a constant fill: the columns differ.
  CHECK_FALSE(torch::allclose(queue->keys().select(1, 0), queue->keys().select(1, 1)));
  // Seeded: the same generator seed gives the same fill, another seed another.
  auto gen2 = contra::core::make_generator(0, 2);
  auto gen3 = contra::core::make_generator(1, 2);
  CHECK(torch::equal(KeyQueue(16, 100, gen2)->keys(), queue->keys()));
  CHECK_FALSE(torch::equal(KeyQueue(16, 100, gen3)->keys(), queue->keys()));
}

TEST_CASE("C1: K = 1000, batch 96: pointer (96 s) mod 1000 and the newest 1000 keys", "[methods]") {
  auto gen = contra::core::make_generator(0, 2);
  const std::int64_t k = 1000, batch = 96, images = 4000;
  KeyQueue queue(kDim, k, gen);
  const auto initial = queue->keys().clone();
  ReferenceQueue ref(k);
  std::int64_t next_id = 0;
  for (std::int64_t s = 1; s <= images / batch; ++s) {  // 41 full batches
    queue->enqueue(keys_with_ids(next_id, batch));
    ref.push(next_id, batch);
    next_id += batch;
    INFO("step " << s);
    REQUIRE(queue->pointer() == (batch * s) % k);
    if (s == 10 || s == 11 || s == 21 || s == 41) check_against(queue, ref, initial);
    if (next_id >= k) {
      // Exactly the newest 1000 keys, each once.
      const auto ids = held_ids(queue);
      CHECK(ids.size() == static_cast<std::size_t>(k));
      CHECK(*ids.begin() == next_id - k);
      CHECK(*ids.rbegin() == next_id - 1);
    }
  }
  SECTION("the batch that crosses the end is split across the end and the start") {
    // Step 11 wrote ids 960..1055: 960..999 at columns 960..999 and 1000..1055 at columns 0..55.
    auto gen2 = contra::core::make_generator(0, 2);
    KeyQueue q2(kDim, k, gen2);
    for (std::int64_t s = 0; s < 10; ++s) q2->enqueue(keys_with_ids(s * batch, batch));
    REQUIRE(q2->pointer() == 960);
    q2->enqueue(keys_with_ids(960, batch));
    CHECK(q2->pointer() == 56);
    const auto first = q2->keys().select(0, 0);
    CHECK(first[960].item<float>() == 960.0f);
    CHECK(first[999].item<float>() == 999.0f);
    CHECK(first[0].item<float>() == 1000.0f);
    CHECK(first[55].item<float>() == 1055.0f);
    CHECK(first[56].item<float>() == 56.0f);  // not yet overwritten: the oldest key, next to go
  }
  SECTION("the last, smaller batch of 64 (4000 = 41*96 + 64) is enqueued too") {
    REQUIRE(queue->pointer() == 936);
    queue->enqueue(keys_with_ids(next_id, 64));
    ref.push(next_id, 64);
    next_id += 64;
    CHECK(next_id == images);
    CHECK(queue->pointer() == (936 + 64) % k);
    check_against(queue, ref, initial);
    // After exactly 4000 keys, column c holds key 3000 + c.
    CHECK(torch::equal(queue->keys().select(0, 0), torch::arange(3000, 4000, torch::kFloat32)));
  }
}

TEST_CASE("KeyQueue with a batch larger than K keeps the newest K and advances by N mod K", "[methods]") {
  auto gen = contra::core::make_generator(4, 2);
  const std::int64_t k = 10;
  KeyQueue queue(kDim, k, gen);
  const auto initial = queue->keys().clone();
  ReferenceQueue ref(k);
  queue->enqueue(keys_with_ids(0, 3));
  ref.push(0, 3);
  REQUIRE(queue->pointer() == 3);
  queue->enqueue(keys_with_ids(3, 25));  // N = 25 > K = 10: keep ids 18..27
  ref.push(3, 25);
  const auto ids = held_ids(queue);
  CHECK(ids == std::set<std::int64_t>{18, 19, 20, 21, 22, 23, 24, 25, 26, 27});
  // "advances the pointer by N mod K" (moco.h): (3 + 25) mod 10 = 8, as if the keys were
  // written one by one; the column at the pointer holds the oldest key.
  CHECK(queue->pointer() == 8);
  check_against(queue, ref, initial);
  CHECK(queue->keys()[0][queue->pointer()].item<float>() == 18.0f);
}

TEST_CASE("KeyQueue pointer survives a state-dict round trip through sync_pointer", "[methods]") {
  auto gen = contra::core::make_generator(0, 2);
  KeyQueue a(kDim, 50, gen);
  a->enqueue(keys_with_ids(0, 17));
  auto gen2 = contra::core::make_generator(9, 2);
  KeyQueue b(kDim, 50, gen2);
  {
    torch::NoGradGuard no_grad;
    const auto src = a->named_buffers();
    auto dst = b->named_buffers();
    for (const auto& item : src) dst[item.key()].copy_(item.value());
  }
  b->sync_pointer();
  CHECK(b->pointer() == 17);
  CHECK(torch::equal(a->keys(), b->keys()));
}

namespace {

std::vector<torch::Tensor> snapshot(const std::vector<torch::Tensor>& params) {
  std::vector<torch::Tensor> out;
  for (const auto& p : params) out.push_back(p.detach().clone().to(torch::kFloat64));
  return out;
}

}  // namespace

TEST_CASE("Moco step: queue pointer advances by the batch, key encoder follows the momentum rule", "[methods]") {
  torch::manual_seed(0);
  const SmallMoco opts;
  contra::methods::Moco moco(opts.model, opts.method, {1}, 0);
  auto gen = contra::core::make_generator(0, 1);
  const std::int64_t n = 8;
  const auto views = contra::testing::random_views(n, gen);
  const auto &view_q = views.view_q, &view_k = views.view_k, &index = views.index;

  auto q_params = moco.query_encoder()->parameters();
  auto k_params = moco.key_encoder()->parameters();
  REQUIRE(q_params.size() == k_params.size());
  REQUIRE_FALSE(q_params.empty());
  for (const auto& p : k_params) CHECK_FALSE(p.requires_grad());
  for (const auto& p : q_params) CHECK(p.requires_grad());
  CHECK(moco.trainable_parameters().size() == q_params.size());
  // θk starts as a copy of θq.
  for (std::size_t i = 0; i < q_params.size(); ++i) CHECK(torch::equal(q_params[i], k_params[i]));
  CHECK(moco.negatives(n) == 1000);

  // Perturb the query so that θq ≠ θk and the momentum rule is visible.
  {
    torch::NoGradGuard no_grad;
    for (auto& p : q_params) p.add_(0.01 * torch::randn(p.sizes(), gen, torch::kFloat32));
  }
  const auto queue_before = moco.queue()->keys().clone();
  const auto ptr_before = moco.queue()->pointer();
  torch::optim::SGD opt(moco.trainable_parameters(), torch::optim::SGDOptions(0.5));
  opt.zero_grad();
  const auto out = moco.forward_step({view_q, view_k, index, {}});
  REQUIRE(std::isfinite(out.loss.item<double>()));
  CHECK(out.queries == n);
  CHECK(out.embeddings.sizes() == torch::IntArrayRef({n, 16}));
  CHECK_FALSE(out.embeddings.requires_grad());
  CHECK(out.correct.item<std::int64_t>() >= 0);
  CHECK(out.correct.item<std::int64_t>() <= n);
  // The keys this step will enqueue: the key encoder (weights unchanged so far) on view_k. With
  // one BN split, shuffling BN only permutes the batch, so the unshuffled keys equal these.
  torch::Tensor expected_keys;
  {
    torch::NoGradGuard no_grad;
    expected_keys = moco.key_encoder()->forward(view_k);  // N×16
  }
  out.loss.backward();
  for (const auto& p : k_params) CHECK_FALSE(p.grad().defined());  // no gradient reaches θk
  const auto k_old = snapshot(k_params);
  opt.step();
  const auto q_new = snapshot(q_params);
  moco.after_optimizer_step();

  // Queue: pointer advanced by the batch, the new columns hold the step's keys, the rest unchanged.
  CHECK(moco.queue()->pointer() == (ptr_before + n) % 1000);
  const auto keys_now = moco.queue()->keys();
  CHECK(torch::allclose(keys_now.slice(1, ptr_before, ptr_before + n), expected_keys.t(), 1e-5, 1e-6));
  CHECK(torch::equal(keys_now.slice(1, ptr_before + n, 1000), queue_before.slice(1, ptr_before + n, 1000)));
  // Key encoder: θk = m·θk + (1−m)·θq with θq after the optimiser step.
  const auto k_new = snapshot(moco.key_encoder()->parameters());
  bool moved = false;
  for (std::size_t i = 0; i < k_new.size(); ++i) {
    CHECK(torch::allclose(k_new[i], 0.99 * k_old[i] + 0.01 * q_new[i], 1e-6, 1e-7));
    moved = moved || !torch::equal(k_new[i], k_old[i]);
  }
  CHECK(moved);
  for (const auto& p : moco.key_encoder()->parameters()) CHECK_FALSE(p.requires_grad());

  // A second step advances the pointer again.
  opt.zero_grad();
  const auto out2 = moco.forward_step({view_k, view_q, index, {}});
  out2.loss.backward();
  opt.step();
  moco.after_optimizer_step();
  CHECK(moco.queue()->pointer() == (ptr_before + 2 * n) % 1000);
}

TEST_CASE("Moco rejects invalid options", "[methods]") {
  const SmallMoco base;
  auto bad = base;
  bad.method.momentum = 1.5;
  CHECK_THROWS_AS(contra::methods::Moco(bad.model, bad.method, {1}, 0), contra::core::ContraError);
  bad = base;
  bad.method.queue = 0;
  CHECK_THROWS_AS(contra::methods::Moco(bad.model, bad.method, {1}, 0), contra::core::ContraError);
  bad = base;
  bad.method.temperature = 0;
  CHECK_THROWS_AS(contra::methods::Moco(bad.model, bad.method, {1}, 0), contra::core::ContraError);
}
