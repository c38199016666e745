// The supervised ceiling (methods/supervised.h): cross-entropy on the labels through the same
// encoder, augmentation, optimiser and records as the contrastive methods.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "../support/experiment.h"
#include "../support/temp_dir.h"
#include "../support/train_run.h"
#include "contra/core/seed.h"
#include "contra/methods/registry.h"
#include "contra/methods/supervised.h"
#include "contra/store/run_record.h"
#include "contra/train/trainer.h"

namespace {

/// A separable toy set: class c lights up horizontal band c of a 28×28 image, under noise.
/// Returns images N×1×28×28 and labels N.
std::pair<torch::Tensor, torch::Tensor> bands(std::int64_t n, std::int64_t classes, at::Generator& gen) {
  const auto labels = torch::randint(0, classes, {n}, gen, torch::kInt64);
  auto images = 0.3 * torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
  const std::int64_t band = 28 / classes;
  for (std::int64_t i = 0; i < n; ++i) {
    const auto c = labels[i].item<std::int64_t>();
    images[i].slice(1, c * band, (c + 1) * band).add_(1.0);
  }
  return {images, labels};
}

contra::config::ModelOptions small_model() {
  contra::config::ModelOptions m;
  m.width = 4;
  m.bn_splits = 1;
  return m;
}

}  // namespace

TEST_CASE("supervised: it learns a separable toy set to >= 95% in a few steps", "[methods]") {
  torch::manual_seed(0);
  contra::methods::Supervised method(small_model(), {}, {1, 0, 4}, 0);
  torch::optim::SGD opt(method.trainable_parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
  auto gen = contra::core::make_generator(0, 1);
  double first_loss = 0, last_loss = 0;
  for (int step = 0; step < 30; ++step) {
    const auto [x, y] = bands(64, 4, gen);
    auto out = method.forward_step({x, {}, torch::arange(64), y});
    if (step == 0) first_loss = out.loss.item<double>();
    last_loss = out.loss.item<double>();
    opt.zero_grad();
    out.loss.backward();
    opt.step();
  }
  CHECK(first_loss == Approx(std::log(4.0)).margin(0.5));  // near chance at the start
  CHECK(last_loss < 0.5 * first_loss);                     // the loss goes down
  // Held-out images of the same set: the pretext (training) accuracy the step reports.
  torch::NoGradGuard no_grad;
  const auto [x, y] = bands(256, 4, gen);
  const auto out = method.forward_step({x, {}, torch::arange(256), y});
  CHECK(out.queries == 256);
  CHECK(out.correct.item<double>() / 256.0 >= 0.95);
}

TEST_CASE("supervised: chance, embeddings and parameters", "[methods]") {
  torch::manual_seed(0);
  contra::methods::Supervised method(small_model(), {}, {1, 0, 10}, 0);
  CHECK(method.chance_loss(256) == Approx(std::log(10.0)));
  CHECK(method.negatives(256) == 0);
  CHECK(method.views() == 1);
  CHECK(method.embedding_dim() == method.query_encoder()->feature_dim());
  auto gen = contra::core::make_generator(1, 1);
  const auto [x, y] = bands(16, 10, gen);
  const auto out = method.forward_step({x, {}, torch::arange(16), y});
  CHECK(out.embeddings.sizes() == torch::IntArrayRef({16, method.query_encoder()->feature_dim()}));
  CHECK(torch::allclose(out.embeddings.norm(2, 1), torch::ones({16}), 1e-5, 1e-5));  // unit rows
  // The backbone and the classifier train; the unused projection head does not.
  out.loss.backward();
  for (const auto& p : method.trainable_parameters()) CHECK(p.grad().defined());
  CHECK_THROWS_AS(contra::methods::Supervised(small_model(), {}, {1, 0, 1}, 0), contra::core::ContraError);
}

TEST_CASE("supervised: through the training loop, its record holds training accuracy as pretext accuracy",
          "[methods][e2e]") {
  contra::testing::TempDir dir;
  const auto exp = contra::testing::experiment_with({"method.name=supervised", "data.train_subset=1024",
                                                     "data.test_subset=200", "optim.epochs=2", "optim.lr=0.1",
                                                     "optim.batch=64", "model.width=4", "eval.knn_random_init=false"});
  const auto result = contra::testing::train_quietly(exp, dir / "runs");
  INFO(result.reason);
  CHECK(result.status == "complete");
  const auto rec = contra::store::read_run(result.file);
  const auto pretext = contra::store::column_as_double(rec.epochs, "pretext_acc");
  REQUIRE(pretext.size() == 2);
  // Ten Fashion-MNIST classes (chance 10%), under the experiment's strong augmentation.
  CHECK(pretext[1] > 20.0);
  CHECK(pretext[1] > pretext[0]);
  const auto loss = contra::store::column_as_double(rec.epochs, "loss");
  CHECK(loss[1] < loss[0]);
  CHECK(contra::store::get_double(rec.summary, "chance_loss", "/summary") == Approx(std::log(10.0)));
  CHECK(contra::store::get_double(rec.summary, "negatives", "/summary") == 0);
  CHECK(contra::store::get_double(rec.summary, "knn_top1", "/summary") > 50.0);
}
