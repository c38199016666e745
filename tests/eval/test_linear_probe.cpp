// The linear probe (DESIGN.md, "Definitions"): a multinomial logistic regression on frozen,
// cached features. Near 100% on a linearly separable toy set, near chance on shuffled labels.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>

#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/eval/linear_probe.h"

using contra::core::ContraError;
using contra::eval::linear_probe;

namespace {

/// `classes` well-separated centres in `dim` dimensions.
torch::Tensor centres(std::int64_t classes, std::int64_t dim, at::Generator& gen) {
  return torch::randn({classes, dim}, gen) * 4;
}

/// n points per class around each centre (standard deviation 0.5), with their labels.
std::pair<torch::Tensor, torch::Tensor> blobs(const torch::Tensor& centres, std::int64_t n, at::Generator& gen) {
  const auto labels = torch::arange(centres.size(0), torch::kInt64).repeat_interleave(n);
  const auto x = centres.index_select(0, labels) + torch::randn({centres.size(0) * n, centres.size(1)}, gen) * 0.5;
  return {x, labels};
}

}  // namespace

TEST_CASE("linear probe: a linearly separable toy set is classified near 100%", "[eval]") {
  auto gen = contra::core::make_generator(0, 0);
  const auto c = centres(4, 8, gen);
  const auto [train, train_labels] = blobs(c, 100, gen);
  const auto [test, test_labels] = blobs(c, 50, gen);
  const auto r = linear_probe(train, train_labels, test, test_labels, 4);
  CHECK(r.train_top1 == Approx(100));
  CHECK(r.test_top1 >= 99.0);
  CHECK(r.iterations >= 1);
  CHECK(r.converged);  // stopped on the tolerance, well before the cap
  CHECK(r.iterations < contra::eval::LinearProbeOptions{}.max_iter);
  CHECK(r.grad_max <= contra::eval::LinearProbeOptions{}.tolerance_grad);
  CHECK(r.seconds >= 0);
  CHECK(std::isfinite(r.train_loss));
}

TEST_CASE("linear probe: one that reaches its cap says it did not converge", "[eval]") {
  auto gen = contra::core::make_generator(3, 0);
  const auto [x, y] = blobs(centres(4, 16, gen), 100, gen);
  contra::eval::LinearProbeOptions capped;
  capped.max_iter = 3;
  const auto r = linear_probe(x, y, x, y, 4, capped);
  CHECK(r.iterations <= 3);  // the cap (or the function evaluations it allows, 5/4 of it)
  CHECK_FALSE(r.converged);
  CHECK(r.grad_max > capped.tolerance_grad);  // the gradient it stopped at, recorded
  const auto full = linear_probe(x, y, x, y, 4);
  CHECK(full.converged);
  CHECK(full.train_loss < r.train_loss);
  CHECK(full.grad_max < r.grad_max);
}

TEST_CASE("linear probe: shuffled labels give test top-1 near chance", "[eval]") {
  auto gen = contra::core::make_generator(1, 0);
  const auto c = centres(4, 8, gen);
  const auto [train, train_labels] = blobs(c, 200, gen);
  const auto [test, test_labels] = blobs(c, 200, gen);
  // Both splits' labels shuffled: a label says nothing about its features, so no classifier can beat
  // chance on the test split, however well it fits the training one.
  const auto shuffle = [&](const torch::Tensor& y) {
    return y.index_select(0, torch::randperm(y.size(0), gen, torch::kInt64));
  };
  const auto r = linear_probe(train, shuffle(train_labels), test, shuffle(test_labels), 4);
  // Chance is 25%; 800 test points give a standard error of about 1.5 points.
  CHECK(r.test_top1 > 17.0);
  CHECK(r.test_top1 < 33.0);
  CHECK(r.train_top1 < 50.0);  // and the training fit is poor too: four blobs, labels at random within each
}

TEST_CASE("linear probe: the L2 penalty shrinks the fit and the result is deterministic", "[eval]") {
  auto gen = contra::core::make_generator(2, 0);
  const auto [x, y] = blobs(centres(3, 5, gen), 60, gen);
  const auto a = linear_probe(x, y, x, y, 3);
  const auto b = linear_probe(x, y, x, y, 3);
  CHECK(a.test_top1 == b.test_top1);
  CHECK(a.train_loss == b.train_loss);
  contra::eval::LinearProbeOptions strong;
  strong.weight_decay = 10;
  CHECK(linear_probe(x, y, x, y, 3, strong).train_loss > a.train_loss);
  CHECK_THAT(strong.describe(), Catch::Contains("L-BFGS") && Catch::Contains("λ = 10"));
}

TEST_CASE("linear probe: bad shapes, labels and options are refused", "[eval]") {
  const auto x = torch::randn({10, 3});
  const auto y = torch::zeros({10}, torch::kInt64);
  CHECK_THROWS_AS(linear_probe(x, y.slice(0, 0, 9), x, y, 2), ContraError);
  CHECK_THROWS_AS(linear_probe(x, y, torch::randn({10, 4}), y, 2), ContraError);
  CHECK_THROWS_AS(linear_probe(x, y + 2, x, y, 2), ContraError);  // label 2 of 2 classes
  CHECK_THROWS_AS(linear_probe(x, y, x, y - 1, 2), ContraError);
  CHECK_THROWS_AS(linear_probe(x, y, x, y, 1), ContraError);
  contra::eval::LinearProbeOptions bad;
  bad.max_iter = 0;
  CHECK_THROWS_AS(linear_probe(x, y, x, y, 2, bad), ContraError);
  bad = {};
  bad.weight_decay = -1;
  CHECK_THROWS_AS(linear_probe(x, y, x, y, 2, bad), ContraError);
  bad = {};
  bad.tolerance_grad = 0;
  CHECK_THROWS_AS(linear_probe(x, y, x, y, 2, bad), ContraError);
}
