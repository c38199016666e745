// Batched two-view augmentation: shape, dtype and device kept; seeded; finite.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <string>

#include "contra/augment/recipes.h"
#include "contra/augment/two_view.h"
#include "contra/config/load.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"

using contra::augment::TwoViewAugment;
using contra::augment::augment_recipe;

namespace {

const std::vector<double> kMean = {0.2860};
const std::vector<double> kStd = {0.3530};

torch::Tensor images(std::int64_t n = 8) {
  auto gen = contra::core::make_generator(42, 0);
  return torch::randint(0, 256, {n, 1, 28, 28}, gen, torch::kUInt8);
}

}  // namespace

TEST_CASE("augment: views are float32 N x 1 x 28 x 28 on the input's device, finite", "[augment]") {
  const auto x = images();
  for (const auto& recipe : contra::config::Schema::names(contra::augment::recipe_specs())) {
    INFO("recipe " << recipe);
    const TwoViewAugment aug(augment_recipe(recipe), kMean, kStd);
    auto gen = contra::core::make_generator(1, 1);
    const auto [q, k] = aug.two_views(x, gen);
    for (const auto& v : {q, k}) {
      CHECK(v.sizes() == x.sizes());
      CHECK(v.scalar_type() == torch::kFloat32);
      CHECK(v.device() == x.device());
      CHECK(torch::isfinite(v).all().item<bool>());
      // Normalised pixel range: (0 - mean)/std .. (1 - mean)/std, with a little slack for blur.
      CHECK(v.min().item<double>() >= (0.0 - kMean[0]) / kStd[0] - 1e-4);
      CHECK(v.max().item<double>() <= (1.0 - kMean[0]) / kStd[0] + 1e-4);
    }
  }
}

TEST_CASE("augment: the same seed gives the same views, another seed other views", "[augment]") {
  const auto x = images();
  for (const std::string recipe : {"moco_v1", "moco_v2", "simclr"}) {
    INFO("recipe " << recipe);
    const TwoViewAugment aug(augment_recipe(recipe), kMean, kStd);
    auto g1 = contra::core::make_generator(5, 1);
    auto g2 = contra::core::make_generator(5, 1);
    auto g3 = contra::core::make_generator(6, 1);
    const auto a = aug.two_views(x, g1);
    const auto b = aug.two_views(x, g2);
    const auto c = aug.two_views(x, g3);
    CHECK(torch::equal(a.first, b.first));
    CHECK(torch::equal(a.second, b.second));
    CHECK_FALSE(torch::equal(a.first, c.first));
    // The two views of one call differ, and differ from the plain image.
    CHECK_FALSE(torch::equal(a.first, a.second));
    CHECK_FALSE(torch::allclose(a.first, aug.normalize(x)));
  }
}

TEST_CASE("augment: recipe none equals normalize()", "[augment]") {
  const auto x = images();
  const TwoViewAugment aug(augment_recipe("identity"), kMean, kStd);
  auto gen = contra::core::make_generator(0, 1);
  const auto v = aug.view(x, gen);
  const auto n = aug.normalize(x);
  CHECK(torch::equal(v, n));
  // normalize is (x/255 - mean)/std.
  const auto want = (x.to(torch::kFloat64) / 255.0 - kMean[0]) / kStd[0];
  CHECK(torch::allclose(n.to(torch::kFloat64), want, 1e-5, 1e-6));
}

TEST_CASE("augment: a full-image crop with certain flip is an exact horizontal flip", "[augment]") {
  // crop area in [1, 1]: the whole image (two_view.h: "area in [crop_scale_min, crop_scale_max]").
  auto options = augment_recipe("identity");
  options.crop_scale_min = 1.0;
  options.crop_scale_max = 1.0;
  options.flip_prob = 1.0;
  const auto x = images();
  const TwoViewAugment aug(options, kMean, kStd);
  auto gen = contra::core::make_generator(0, 1);
  const auto v = aug.view(x, gen);
  CHECK(torch::allclose(v, aug.normalize(x).flip({3}), 1e-4, 1e-4));
}

TEST_CASE("augment: blur keeps the mean and lowers the variance", "[augment]") {
  auto options = augment_recipe("identity");
  options.blur_prob = 1.0;
  options.blur_sigma_min = 1.0;
  options.blur_sigma_max = 2.0;
  const auto x = images();
  const TwoViewAugment aug(options, kMean, kStd);
  auto gen = contra::core::make_generator(0, 1);
  const auto v = aug.view(x, gen);
  const auto n = aug.normalize(x);
  const auto mean_v = v.mean({1, 2, 3}), mean_n = n.mean({1, 2, 3});
  CHECK(torch::allclose(mean_v, mean_n, 0.0, 0.05));
  CHECK((v.std() < 0.7 * n.std()).item<bool>());
}

TEST_CASE("augment: the normalisation constants are checked", "[augment]") {
  CHECK_THROWS_AS(TwoViewAugment(augment_recipe("identity"), {}, {}), contra::core::ContraError);
  CHECK_THROWS_AS(TwoViewAugment(augment_recipe("identity"), {0.5}, {0.0}), contra::core::ContraError);
  CHECK_THROWS_AS(TwoViewAugment(augment_recipe("identity"), {0.5, 0.5}, {0.2}), contra::core::ContraError);
  // Three constants for one-channel images are rejected when the view is drawn.
  const TwoViewAugment aug(augment_recipe("identity"), {0.1, 0.2, 0.3}, {0.1, 0.2, 0.3});
  CHECK_THROWS_AS(aug.normalize(images(2)), contra::core::ContraError);
}
