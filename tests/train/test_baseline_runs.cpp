// The baselines that only evaluate (methods/raw_pixels.h, methods/random_init.h) through the real
// training loop: no step is taken, the kNN monitor and the linear probe are recorded as the run's
// result with status complete (the fail rule is about training), and the random-init encoder is
// the one the supervised method starts from at the same seed.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <variant>
#include <vector>

#include "../support/temp_dir.h"
#include "../support/train_run.h"
#include "contra/eval/knn.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"

using contra::testing::TempDir;
using contra::testing::train_quietly;

namespace {

contra::config::Experiment small(const std::string& method, std::int64_t seed = 0, bool knn_random_init = false) {
  return contra::methods::load_experiment(
      CONTRA_SOURCE_DIR "/experiments/moco-fashion-mnist.toml",
      {contra::config::parse_set("method.name=" + method, "test"), contra::config::parse_set("data.train_subset=600", "test"),
       contra::config::parse_set("data.test_subset=300", "test"), contra::config::parse_set("optim.epochs=1", "test"),
       contra::config::parse_set("optim.batch=120", "test"), contra::config::parse_set("model.width=4", "test"),
       contra::config::parse_set("eval.knn_k=20", "test"),
       contra::config::parse_set(std::string("eval.knn_random_init=") + (knn_random_init ? "true" : "false"), "test"),
       contra::config::parse_set("run.seed=" + std::to_string(seed), "test")});
}

double summary(const contra::store::RunRecord& r, const std::string& key) {
  return contra::store::get_double(r.summary, key, "/summary");
}

}  // namespace

TEST_CASE("baseline runs: raw pixels and random init evaluate once, take no step and are complete",
          "[train][baselines]") {
  TempDir dir;
  for (const std::string method : {"raw_pixels", "random_init"}) {
    INFO(method);
    const auto result = train_quietly(small(method), dir.path());
    CHECK(result.status == "complete");
    const auto rec = contra::store::read_run(result.file);
    CHECK(contra::store::get_string(rec.attributes, "method", "attrs") == method);
    const double knn = summary(rec, "knn_top1"), linear = summary(rec, "linear_top1");
    CHECK(knn > 20.0);  // ten classes: chance is 10
    CHECK(knn <= 100.0);
    CHECK(linear > 20.0);
    CHECK(linear <= 100.0);
    CHECK(rec.steps.empty());  // no training step
    REQUIRE(rec.epochs.count("epoch") == 1);
    const auto& epochs = std::get<std::vector<std::int64_t>>(rec.epochs.at("epoch"));
    CHECK(epochs == std::vector<std::int64_t>{0});
    const auto& align = std::get<std::vector<double>>(rec.epochs.at("align"));
    REQUIRE(align.size() == 1);
    CHECK(std::isnan(align.front()));  // an untrained head's embeddings are not measured
  }
}

TEST_CASE("baseline runs: raw pixels is the kNN monitor on the normalised images themselves", "[train][baselines]") {
  TempDir dir;
  const auto exp = small("raw_pixels");
  const auto rec = contra::store::read_run(train_quietly(exp, dir.path()).file);
  // Independently: the same weighted kNN on the flattened, normalised pixels.
  const auto data = contra::data::load_dataset(exp.data, "test");
  const auto normalise = [&](const torch::Tensor& x) {
    auto f = x.to(torch::kFloat32) / 255.0;
    f = (f - data.mean[0]) / data.std[0];
    return torch::nn::functional::normalize(f.flatten(1), torch::nn::functional::NormalizeFuncOptions().dim(1));
  };
  const double knn = contra::eval::knn_top1(normalise(data.train.images), data.train.labels,
                                            normalise(data.test.images), data.test.labels, data.num_classes,
                                            exp.eval.knn_k, exp.eval.knn_t);
  CHECK(summary(rec, "knn_top1") == Approx(knn).margin(1.0));  // summation order may move a vote or two
}

TEST_CASE("baseline runs: the random-init encoder is the one supervised training starts from", "[train][baselines]") {
  TempDir dir;
  for (const std::int64_t seed : {0, 3}) {
    const auto init = contra::store::read_run(train_quietly(small("random_init", seed), dir.path()).file);
    const auto sup =
        contra::store::read_run(train_quietly(small("supervised", seed, /*knn_random_init=*/true), dir.path()).file);
    CHECK(summary(init, "knn_top1") == summary(sup, "knn_top1_random_init"));
  }
  const auto a = contra::store::read_run(train_quietly(small("random_init", 0), dir.path() / "a").file);
  const auto b = contra::store::read_run(train_quietly(small("random_init", 3), dir.path() / "b").file);
  CHECK(summary(a, "linear_top1") != summary(b, "linear_top1"));  // the seed draws the weights
}
