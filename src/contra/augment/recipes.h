// One registry from augmentation recipe name to the [augment] values it sets (DESIGN.md,
// example 5). A recipe is a named set of defaults: the file's and --set values apply over it.
// A new recipe is one entry in recipes.cpp; nothing in config/, sweep/ or report/ names one.
#pragma once

#include <string>
#include <vector>

#include "contra/config/schema.h"

namespace contra::augment {

/// Every registered recipe, for the config reader; the first is the default.
const std::vector<config::RecipeSpec>& recipe_specs();

/// [augment] as recipe `name` sets it (augment.recipe = name). Throws ContraError listing the valid
/// names when there is no such recipe.
config::AugmentOptions augment_recipe(const std::string& name);

}  // namespace contra::augment
