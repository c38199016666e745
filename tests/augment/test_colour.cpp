// Colour augmentation (augment/colour.h and the colour steps of TwoViewAugment): saturation 0 is
// grayscale, hue 0 and jitter 0 are the identity, a hue shift of pure red lands where HSV says,
// grayscale p = 1 gives three equal channels, the blur keeps the mean in colour, and one-channel
// images are untouched by the colour keys (no step, no random draw).
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include "contra/augment/recipes.h"
#include "contra/augment/colour.h"
#include "contra/augment/two_view.h"
#include "contra/config/load.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"

using contra::augment::TwoViewAugment;
using contra::augment::augment_recipe;

namespace {

torch::Tensor rgb_images(std::int64_t n = 6, std::int64_t side = 16) {
  auto gen = contra::core::make_generator(7, 0);
  return torch::randint(0, 256, {n, 3, side, side}, gen, torch::kUInt8);
}

torch::Tensor unit(const torch::Tensor& u8) { return u8.to(torch::kFloat32).div(255.0); }

/// One pixel (r, g, b) as a 1×3×1×1 image.
torch::Tensor pixel(float r, float g, float b) { return torch::tensor({r, g, b}).view({1, 3, 1, 1}); }

torch::Tensor hue_of(const torch::Tensor& x, double shift) {
  return contra::augment::adjust_hue(x, torch::full({x.size(0)}, shift));
}

// Constants that leave the pixels in [0, 1] units, so the channels can be compared directly.
const std::vector<double> kZero = {0.0};
const std::vector<double> kOne = {1.0};

}  // namespace

TEST_CASE("colour: saturation 0 is the luma in three channels, 1 the identity", "[augment]") {
  const auto x = unit(rgb_images());
  const auto grey = contra::augment::adjust_saturation(x, torch::zeros({x.size(0)}));
  const auto luma = 0.299 * x.select(1, 0) + 0.587 * x.select(1, 1) + 0.114 * x.select(1, 2);
  for (int c = 0; c < 3; ++c) CHECK(torch::allclose(grey.select(1, c), luma, 1e-6, 1e-6));
  CHECK(torch::equal(contra::augment::adjust_saturation(x, torch::ones({x.size(0)})), x));
}

TEST_CASE("colour: a hue shift moves pure red along the HSV circle", "[augment]") {
  const auto red = pixel(1, 0, 0);
  CHECK(torch::allclose(hue_of(red, 1.0 / 3), pixel(0, 1, 0), 0, 1e-6));   // 120°: green
  CHECK(torch::allclose(hue_of(red, 2.0 / 3), pixel(0, 0, 1), 0, 1e-6));   // 240°: blue
  CHECK(torch::allclose(hue_of(red, 1.0 / 6), pixel(1, 1, 0), 0, 1e-6));   // 60°: yellow
  CHECK(torch::allclose(hue_of(red, -1.0 / 6), pixel(1, 0, 1), 0, 1e-6));  // -60°: magenta
  // A pale red (h 0, s 0.5, v 1) keeps its saturation and value: (0.5, 1, 0.5) at 120°.
  CHECK(torch::allclose(hue_of(pixel(1, 0.5f, 0.5f), 1.0 / 3), pixel(0.5f, 1, 0.5f), 0, 1e-6));
  // Half-way into a sector: h = 0.25 of red at 1/12 (30°) is (1, 0.5, 0).
  CHECK(torch::allclose(hue_of(red, 1.0 / 12), pixel(1, 0.5f, 0), 0, 1e-6));
  // Grey has no hue.
  CHECK(torch::allclose(hue_of(pixel(0.3f, 0.3f, 0.3f), 0.37), pixel(0.3f, 0.3f, 0.3f), 0, 1e-6));
}

TEST_CASE("colour: hue 0 is the identity and a shift is undone by its opposite", "[augment]") {
  const auto x = unit(rgb_images());
  CHECK(torch::allclose(hue_of(x, 0.0), x, 0, 1e-5));
  CHECK(torch::allclose(hue_of(hue_of(x, 0.3), -0.3), x, 0, 1e-5));
  CHECK_FALSE(torch::allclose(hue_of(x, 0.3), x, 0, 1e-2));
  CHECK_THROWS_AS(contra::augment::luma(torch::zeros({1, 1, 4, 4})), contra::core::ContraError);
}

TEST_CASE("colour: jitter with every strength 0 is the identity on colour images", "[augment]") {
  auto options = augment_recipe("identity");
  options.jitter_prob = 1.0;
  options.brightness = options.contrast = options.saturation = options.hue = 0.0;
  const auto x = rgb_images();
  const TwoViewAugment aug(options, {0.5, 0.4, 0.3}, {0.2, 0.25, 0.3});
  auto gen = contra::core::make_generator(0, 1);
  CHECK(torch::equal(aug.view(x, gen), aug.normalize(x)));
  // Saturation alone at full strength moves the pixels.
  options.saturation = 0.9;
  const TwoViewAugment saturating(options, {0.5, 0.4, 0.3}, {0.2, 0.25, 0.3});
  CHECK_FALSE(torch::allclose(saturating.view(x, gen), aug.normalize(x), 0, 1e-3));
}

TEST_CASE("colour: grayscale p = 1 gives three equal channels, p = 0 leaves colour", "[augment]") {
  auto options = augment_recipe("identity");
  options.grayscale_prob = 1.0;
  const auto x = rgb_images();
  auto gen = contra::core::make_generator(0, 1);
  const auto v = TwoViewAugment(options, kZero, kOne).view(x, gen);
  CHECK(torch::equal(v.select(1, 0), v.select(1, 1)));
  CHECK(torch::equal(v.select(1, 1), v.select(1, 2)));
  CHECK(torch::allclose(v.select(1, 0), contra::augment::luma(unit(x)).squeeze(1), 0, 1e-6));
  options.grayscale_prob = 0.0;
  const auto colour = TwoViewAugment(options, kZero, kOne).view(x, gen);
  CHECK_FALSE(torch::equal(colour.select(1, 0), colour.select(1, 1)));
}

TEST_CASE("colour: the blur keeps each channel's mean", "[augment]") {
  auto options = augment_recipe("identity");
  options.blur_prob = 1.0;
  const auto x = rgb_images(4, 32);
  auto gen = contra::core::make_generator(0, 1);
  const TwoViewAugment aug(options, kZero, kOne);
  const auto v = aug.view(x, gen), n = aug.normalize(x);
  CHECK(torch::allclose(v.mean({2, 3}), n.mean({2, 3}), 0.0, 0.02));
  CHECK((v.std() < n.std()).item<bool>());
}

TEST_CASE("colour: the recipes' colour keys do not touch one-channel images", "[augment]") {
  auto gen_images = contra::core::make_generator(42, 0);
  const auto x = torch::randint(0, 256, {8, 1, 28, 28}, gen_images, torch::kUInt8);
  for (const auto& recipe : contra::config::Schema::names(contra::augment::recipe_specs())) {
    INFO("recipe " << recipe);
    auto grey = augment_recipe(recipe);
    grey.saturation = grey.hue = grey.grayscale_prob = 0.0;
    auto strong = augment_recipe(recipe);
    strong.saturation = 0.9;
    strong.hue = 0.5;
    strong.grayscale_prob = 1.0;
    auto g1 = contra::core::make_generator(3, 1), g2 = contra::core::make_generator(3, 1);
    const auto a = TwoViewAugment(grey, {0.286}, {0.353}).two_views(x, g1);
    const auto b = TwoViewAugment(strong, {0.286}, {0.353}).two_views(x, g2);
    CHECK(torch::equal(a.first, b.first));
    CHECK(torch::equal(a.second, b.second));
  }
}

TEST_CASE("colour: recipes differ in colour views, and one seed gives one view", "[augment]") {
  const auto x = rgb_images();
  for (const auto& recipe : {"moco_v1", "moco_v2", "simclr"}) {
    INFO("recipe " << recipe);
    const TwoViewAugment aug(augment_recipe(recipe), {0.49, 0.48, 0.45}, {0.25, 0.24, 0.26});
    auto g1 = contra::core::make_generator(5, 1), g2 = contra::core::make_generator(5, 1);
    const auto a = aug.view(x, g1), b = aug.view(x, g2);
    CHECK(torch::equal(a, b));
    CHECK(a.sizes() == x.sizes());
    CHECK(torch::isfinite(a).all().item<bool>());
  }
}
