// The weighted kNN monitor (DESIGN.md, "Definitions"; tests/CASES.md C3): cosine similarity,
// the k nearest vote with weight exp(s/t) summed per class.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/eval/knn.h"

using contra::eval::knn_predict;
using contra::eval::knn_top1;

namespace {

struct C3 {
  // a = (1, 0) class 0; b = (0.8, 0.6) class 1; c = (0.6, 0.8) class 1; x = (0.96, 0.28).
  torch::Tensor train = torch::tensor({1.0f, 0.0f, 0.8f, 0.6f, 0.6f, 0.8f}).view({3, 2});
  torch::Tensor labels = torch::tensor({0, 1, 1}, torch::kInt64);
  torch::Tensor test = torch::tensor({0.96f, 0.28f}).view({1, 2});
};

}  // namespace

TEST_CASE("C3: weighted cosine kNN, k = 3, t = 0.1, predicts class 0", "[eval]") {
  const C3 c;
  // Weights: class 0 e^9.6 ≈ 14764.8; class 1 e^9.36 + e^8.0 ≈ 14595.3: a close vote for class 0.
  const auto pred = knn_predict(c.train, c.labels, c.test, 2, 3, 0.1);
  REQUIRE(pred.sizes() == torch::IntArrayRef({1}));
  CHECK(pred.scalar_type() == torch::kInt64);
  CHECK(pred[0].item<std::int64_t>() == 0);
  CHECK(knn_top1(c.train, c.labels, c.test, torch::tensor({0}, torch::kInt64), 2, 3, 0.1) == Approx(100.0));
}

TEST_CASE("C3: the vote is weighted: a nearly flat weight (large t) gives the majority class 1", "[eval]") {
  const C3 c;
  // With t = 100 every weight is ≈ 1, so this is a plain majority vote: class 1 (2 of 3).
  CHECK(knn_predict(c.train, c.labels, c.test, 2, 3, 100.0)[0].item<std::int64_t>() == 1);
  // And with t = 0.1 but a slightly closer class-1 neighbour, the weights tip to class 1:
  // b' = (0.9, 0.436) has cosine 0.986 with x.
  auto train = c.train.clone();
  train[1] = torch::tensor({0.9f, 0.43589f});
  CHECK(knn_predict(train, c.labels, c.test, 2, 3, 0.1)[0].item<std::int64_t>() == 1);
}

TEST_CASE("kNN: a small t does not overflow the weights exp(s/t)", "[eval]") {
  // C3 with the labels swapped (a: class 1; b, c: class 0) and t = 0.005: the weights
  // e^192 and e^187.2 + e^160 overflow float32, yet the vote must still go to a's class.
  const C3 c;
  const auto swapped = torch::tensor({1, 0, 0}, torch::kInt64);
  CHECK(knn_predict(c.train, swapped, c.test, 2, 3, 0.005)[0].item<std::int64_t>() == 1);
  CHECK(knn_predict(c.train, c.labels, c.test, 2, 3, 0.005)[0].item<std::int64_t>() == 0);
  // And the same at a moderate t, where nothing overflows.
  CHECK(knn_predict(c.train, swapped, c.test, 2, 3, 0.1)[0].item<std::int64_t>() == 1);
}

TEST_CASE("kNN: k larger than the bank is clipped", "[eval]") {
  const C3 c;
  CHECK(knn_predict(c.train, c.labels, c.test, 2, 200, 0.1)[0].item<std::int64_t>() == 0);
  // k = 1: the nearest neighbour, a (class 0).
  CHECK(knn_predict(c.train, c.labels, c.test, 2, 1, 0.1)[0].item<std::int64_t>() == 0);
  // k = 2: a and b: e^9.6 vs e^9.36, class 0.
  CHECK(knn_predict(c.train, c.labels, c.test, 2, 2, 0.1)[0].item<std::int64_t>() == 0);
}

TEST_CASE("kNN top-1 is 100 on a separable toy set, independent of the chunk size", "[eval]") {
  namespace F = torch::nn::functional;
  auto gen = contra::core::make_generator(3, 0);
  const std::int64_t per_class = 20, classes = 3, dim = 5;
  // Class c lives near the basis vector e_c.
  const auto centres = torch::eye(dim).slice(0, 0, classes);  // C×D
  const auto labels = torch::arange(classes, torch::kInt64).repeat_interleave(per_class);
  auto make = [&](std::int64_t n_per) {
    const auto base = centres.repeat_interleave(n_per, 0);
    return F::normalize(base + 0.1 * torch::randn({classes * n_per, dim}, gen, torch::kFloat32),
                        F::NormalizeFuncOptions().dim(1));
  };
  const auto train = make(per_class);
  const auto test = make(per_class);
  CHECK(knn_top1(train, labels, test, labels, classes, 5, 0.1) == Approx(100.0));
  CHECK(knn_top1(train, labels, test, labels, classes, 200, 0.1) == Approx(100.0));
  const auto whole = knn_predict(train, labels, test, classes, 5, 0.1);
  const auto chunked = knn_predict(train, labels, test, classes, 5, 0.1, 7);
  CHECK(torch::equal(whole, chunked));
  // Shuffled labels give far lower accuracy: the test can fail.
  const auto wrong = (labels + 1) % classes;
  CHECK(knn_top1(train, wrong, test, labels, classes, 5, 0.1) == Approx(0.0));
}

TEST_CASE("kNN rejects k < 1, t <= 0 and mismatched shapes", "[eval]") {
  const C3 c;
  CHECK_THROWS_AS(knn_predict(c.train, c.labels, c.test, 2, 0, 0.1), contra::core::ContraError);
  CHECK_THROWS_AS(knn_predict(c.train, c.labels, c.test, 2, 3, 0.0), contra::core::ContraError);
  CHECK_THROWS_AS(knn_predict(c.train, c.labels.slice(0, 0, 2), c.test, 2, 3, 0.1), contra::core::ContraError);
  CHECK_THROWS_AS(knn_predict(c.train, c.labels, torch::ones({1, 3}), 2, 3, 0.1), contra::core::ContraError);
}
