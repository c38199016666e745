// The evaluation shared over a run's ranks (train/evaluation.h): the encoder's passes, the kNN's
// test rows and the linear probe's training rows split over 2 gloo ranks give one process's
// values, and every rank the same ones. The ranks are this test binary re-run on a hidden case, as
// in test_world.cpp.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include "../support/gloo.h"
#include "../support/ranks.h"
#include "contra/config/experiment.h"
#include "contra/core/seed.h"
#include "contra/dist/world.h"
#include "contra/eval/features.h"
#include "contra/eval/knn.h"
#include "contra/eval/linear_probe.h"

namespace {

using namespace contra;

/// Every rank's copy of `values` is rank 0's, bit for bit.
void require_same_on_every_rank(const std::vector<double>& values, const dist::World& world) {
  const auto mine = torch::tensor(values, torch::kFloat64).view({1, -1});
  const auto all = world.all_gather(mine);  // W×n
  for (int r = 0; r < world.size(); ++r) REQUIRE(torch::equal(all[r], all[0]));
}

}  // namespace

TEST_CASE("dist worker: shared evaluation", "[.dist-worker]") {
  auto r = dist::rendezvous_from_environment();
  r.timeout = std::chrono::seconds(30);
  const auto world = dist::World::join(r);
  const dist::World one;
  // The same encoder and data on every rank, as after a step's synchronised update.
  config::ModelOptions model;
  model.width = 4;
  model.dim = 8;
  model.bn_splits = 2;
  torch::manual_seed(0);
  models::Encoder encoder(model, 1);
  auto gen = core::make_generator(3, 0);
  // 45 images in batches of 16: 16, 16 and 13 rows, split 8/8, 8/8 and 7/6 over 2 ranks.
  const auto images = torch::randint(0, 256, {45, 1, 28, 28}, gen, torch::kUInt8);
  const auto to_float = [](const torch::Tensor& x) { return x.to(torch::kFloat32) / 255; };
  const auto alone = eval::frozen_outputs(encoder, images, to_float, 16, false, one);
  const auto shared = eval::frozen_outputs(encoder, images, to_float, 16, false, *world);
  REQUIRE(shared.sizes() == alone.sizes());
  REQUIRE(torch::allclose(shared, alone, 1e-5, 1e-5));
  // An augmenting preprocess draws from its stream as one process does: every rank preprocesses
  // every batch, so the views, and the embeddings, are one process's.
  const auto noisy = [](at::Generator g) {
    return [g](const torch::Tensor& x) mutable { return x.to(torch::kFloat32) / 255 + 0.1 * torch::randn(x.sizes(), g); };
  };
  const auto views_alone = eval::frozen_outputs(encoder, images, noisy(core::make_generator(5, 1)), 16, true, one);
  const auto views_shared = eval::frozen_outputs(encoder, images, noisy(core::make_generator(5, 1)), 16, true, *world);
  REQUIRE(torch::allclose(views_shared, views_alone, 1e-5, 1e-5));

  // kNN over 45 test rows (23 and 22 per rank): the same top-1 as one process, exactly.
  const auto unit = [](const torch::Tensor& x) { return x / x.norm(2, 1, true); };
  const auto bank = unit(torch::randn({120, 6}, gen)), test = unit(torch::randn({45, 6}, gen));
  const auto bank_labels = torch::randint(0, 3, {120}, gen, torch::kInt64);
  const auto test_labels = torch::randint(0, 3, {45}, gen, torch::kInt64);
  const double knn_alone = eval::knn_top1(bank, bank_labels, test, test_labels, 3, 5, 0.1);
  const double knn_shared = eval::knn_top1(bank, bank_labels, test, test_labels, 3, 5, 0.1, *world);
  REQUIRE(knn_shared == knn_alone);

  // The probe: the whole split's loss and gradient from the ranks' rows; one process's fit up to
  // the order of the sums, and the same on every rank.
  const auto alone_fit = eval::linear_probe(bank, bank_labels, test, test_labels, 3, {}, one);
  const auto fit = eval::linear_probe(bank, bank_labels, test, test_labels, 3, {}, *world);
  CHECK(fit.converged == alone_fit.converged);
  CHECK(std::abs(fit.train_loss - alone_fit.train_loss) < 1e-5);
  CHECK(std::abs(fit.train_top1 - alone_fit.train_top1) < 1.0);  // at most one of 120 rows moves
  CHECK(std::abs(fit.test_top1 - alone_fit.test_top1) < 2.5);     // at most one of 45 rows moves
  require_same_on_every_rank({knn_shared, fit.train_loss, fit.train_top1, fit.test_top1, fit.grad_max,
                              static_cast<double>(fit.iterations)},
                             *world);
}

TEST_CASE("dist: evaluation shared over 2 ranks gives one process's values on every rank", "[dist]") {
  contra::testing::skip_without_gloo();
  contra::testing::require_all_passed(contra::testing::run_ranks("dist worker: shared evaluation", 2));
}
