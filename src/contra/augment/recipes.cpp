#include "contra/augment/recipes.h"

#include <fmt/format.h>

#include <initializer_list>
#include <utility>

#include "contra/core/error.h"

namespace contra::augment {

namespace {

using A = config::AugmentOptions;

/// Sets each listed [augment] key of `a` to its value.
void set(A& a, std::initializer_list<std::pair<double A::*, double>> values) {
  for (const auto& [field, value] : values) a.*field = value;
}

// moco_v1 (MoCo v1 official code, arXiv:1911.05722 §A.4): crop 0.2-1, grayscale p 0.2, jitter
// (0.4, 0.4, 0.4, 0.4) always, flip, no blur: the defaults of config::AugmentOptions.
void moco_v1(A&) {}

// MoCo v2 aug+ (arXiv:2003.04297): jitter (0.4, 0.4, 0.4, 0.1) p 0.8, grayscale p 0.2, blur σ 0.1-2 p 0.5.
void moco_v2(A& a) { set(a, {{&A::jitter_prob, 0.8}, {&A::hue, 0.1}, {&A::blur_prob, 0.5}}); }

// SimCLR §3 / App. A (arXiv:2002.05709), strength s = 1: crop 0.08-1, jitter (0.8, 0.8, 0.8, 0.2)
// p 0.8, grayscale p 0.2, blur p 0.5.
void simclr(A& a) {
  set(a, {{&A::crop_scale_min, 0.08},
          {&A::jitter_prob, 0.8},
          {&A::brightness, 0.8},
          {&A::contrast, 0.8},
          {&A::saturation, 0.8},
          {&A::hue, 0.2},
          {&A::blur_prob, 0.5}});
}

// No augmentation: the two views are the image itself (tests, and a check of a method's
// dependence on its views).
void identity(A& a) {
  a.crop_scale_min = 1.0;  // the whole image, and no step after it draws anything
  for (double A::*p : {&A::flip_prob, &A::jitter_prob, &A::saturation, &A::hue, &A::grayscale_prob, &A::blur_prob})
    a.*p = 0.0;
}

}  // namespace

const std::vector<config::RecipeSpec>& recipe_specs() {
  static const std::vector<config::RecipeSpec> specs = {
      {"moco_v1", moco_v1}, {"moco_v2", moco_v2}, {"simclr", simclr}, {"identity", identity, {"none"}}};
  return specs;
}

config::AugmentOptions augment_recipe(const std::string& name) {
  for (const auto& r : recipe_specs()) {
    if (r.name != name) continue;
    config::AugmentOptions a;
    r.apply(a);
    a.recipe = name;
    return a;
  }
  core::fail("augment.recipe = '{}' is unknown; valid: {}", name,
             fmt::join(config::Schema::names(recipe_specs()), ", "));
}

}  // namespace contra::augment
