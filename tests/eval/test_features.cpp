// Frozen evaluation (DESIGN.md, "Linear probe": a check asserts that the backbone weights and BN
// statistics did not change): frozen_outputs reads an encoder in eval mode without changing it, and
// unchanged_since sees any change to a weight or a BN running statistic.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <limits>

#include "contra/config/experiment.h"
#include "contra/core/seed.h"
#include "contra/eval/features.h"

namespace {

contra::models::Encoder small_encoder() {
  contra::config::ModelOptions model;
  model.width = 4;
  model.dim = 8;
  model.bn_splits = 2;
  torch::manual_seed(0);
  return contra::models::Encoder(model, 1);
}

}  // namespace

TEST_CASE("frozen_outputs leaves the encoder, its BN statistics and its mode as they were", "[eval]") {
  auto encoder = small_encoder();
  encoder->train();
  auto gen = contra::core::make_generator(3, 0);
  const auto images = torch::randint(0, 256, {40, 1, 28, 28}, gen, torch::kUInt8);
  const auto to_float = [](const torch::Tensor& x) { return x.to(torch::kFloat32) / 255; };
  const auto before = contra::eval::snapshot(*encoder);
  const auto features = contra::eval::frozen_outputs(encoder, images, to_float, 16);
  CHECK(features.sizes() == torch::IntArrayRef({40, 16}));  // 4·width backbone features
  const auto embeddings = contra::eval::frozen_outputs(encoder, images, to_float, 16, true);
  CHECK(embeddings.sizes() == torch::IntArrayRef({40, 8}));
  CHECK(torch::allclose(embeddings.norm(2, 1), torch::ones({40}), 1e-5, 1e-5));
  CHECK(contra::eval::unchanged_since(*encoder, before));
  CHECK(encoder->is_training());
  // In batches of 16 or all at once: eval mode, so the batch does not change the features.
  CHECK(torch::allclose(contra::eval::frozen_outputs(encoder, images, to_float, 40), features, 1e-5, 1e-5));
  CHECK_THROWS(contra::eval::frozen_outputs(encoder, images, to_float, 0));
}

TEST_CASE("unchanged_since sees a changed weight and a changed BN running statistic", "[eval]") {
  auto encoder = small_encoder();
  const auto before = contra::eval::snapshot(*encoder);
  CHECK(contra::eval::unchanged_since(*encoder, before));
  {
    torch::NoGradGuard no_grad;
    encoder->parameters().front().add_(1e-3);
  }
  CHECK_FALSE(contra::eval::unchanged_since(*encoder, before));

  // NaN weights (a diverged run) that stay NaN are unchanged; NaN appearing is a change.
  {
    torch::NoGradGuard no_grad;
    encoder->parameters().front().fill_(std::numeric_limits<float>::quiet_NaN());
  }
  const auto diverged = contra::eval::snapshot(*encoder);
  CHECK(contra::eval::unchanged_since(*encoder, diverged));
  CHECK_FALSE(contra::eval::unchanged_since(*encoder, before));

  auto other = small_encoder();
  const auto other_before = contra::eval::snapshot(*other);
  other->train();
  other->forward(torch::randn({4, 1, 28, 28}));  // a training forward moves the running statistics only
  CHECK_FALSE(contra::eval::unchanged_since(*other, other_before));
}
