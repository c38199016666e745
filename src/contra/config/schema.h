// What the config reader needs to know about the registered components, as data: the methods,
// the datasets and the augmentation recipes, each with the options it owns and their checks. The
// registries declare them (methods/registry.h, data/registry.h, augment/recipes.h) and
// methods/experiment_reader.h hands them to the reader; config/ names none of them (DESIGN.md,
// "Config").
//
// A component's options are a struct with in-class defaults (the paper's value, a `///` line each)
// and a visit() that names each field once, as the sections do (config/options.h):
//
//   struct MocoOptions {
//     std::int64_t queue = 65536;  ///< K (MoCo v1 §3.2)
//     template <class V> void visit(V& v) { v("queue", queue); }
//   };
//
// option_specs<MocoOptions>() turns it into the schema's entries; read_options<MocoOptions>(...)
// reads the resolved values back into the struct.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/config/options.h"

namespace contra::config {

/// What a baseline method is to a table (docs/baselines.md), for the sweeps that plan it and
/// the reports that show it.
struct BaselineSpec {
  /// What the table compares the rows against it for.
  enum class Role {
    input,    ///< the input itself, no encoder: "is the encoder better than its input?"
    init,     ///< the encoder as initialised: "did training help?"
    ceiling,  ///< the same encoder trained with labels: the supervised ceiling
  };
  Role role = Role::input;
  std::string label;            ///< its name in a table's rows, e.g. "raw pixels"
  std::string description;      ///< how it is computed, for a table's notes
  bool keeps_model = false;     ///< it uses the sweep's [model] (the encoder it evaluates)
  bool keeps_training = false;  ///< it trains: it keeps [augment] and [optim] and the sweep's longest epochs
  bool seeded = true;           ///< one run per seed; false: deterministic, one run at the first seed
};

/// One method as the config reader sees it.
struct MethodSpec {
  std::string name;                 ///< method.name
  std::vector<OptionSpec> options;  ///< the [method] keys it reads, with its own defaults
  /// Range and cross-field checks of its options in `experiment`. Throws ContraError naming file,
  /// key and value.
  std::function<void(const Experiment& experiment)> validate;
  /// The checks that need the number of training images (e.g. MoCo's queue against the data).
  /// Throws ContraError.
  std::function<void(const Experiment& experiment, std::int64_t train_images)> check_against_data;
  bool trains_on_labels = false;       ///< its step reads the labels: no training split without them
  std::optional<BaselineSpec> baseline;  ///< set for the methods that are a table's baselines
};

/// One dataset as the config reader sees it.
struct DatasetSpec {
  std::string name;                 ///< data.dataset
  std::vector<OptionSpec> options;  ///< the [data] keys only this dataset reads
  std::string default_root;         ///< data.root when the file sets none ("" = it must be set)
  /// Range and cross-field checks of its options. Throws ContraError naming file, key and value.
  std::function<void(const Experiment& experiment)> validate;
  /// The setting that makes the encoder also train on images without labels (STL-10's unlabeled
  /// split), as "data.<key> = <value>", or "" when it does not: a method that trains on labels
  /// cannot use them, and they can double the training images.
  std::function<std::string(const Experiment& experiment)> unlabeled_images;
};

/// One augmentation recipe: a named set of defaults for the [augment] keys.
struct RecipeSpec {
  std::string name;  ///< augment.recipe
  /// Sets the [augment] keys to the recipe's values (the file's and --set values apply over them).
  std::function<void(AugmentOptions& augment)> apply;
  /// Names it had before (a record's stored config may hold one); a file naming one is told the new name.
  std::vector<std::string> former_names = {};
};

/// The specs of a registry's entries (each holds its spec as `.spec`), in registration order.
template <class Spec, class Entry>
std::vector<Spec> specs_of(const std::vector<Entry>& entries) {
  std::vector<Spec> out;
  for (const auto& e : entries) out.push_back(e.spec);
  return out;
}

/// Every registered component, in registration order; the first of each list is the default
/// (method.name, data.dataset, augment.recipe when a file names none).
struct Schema {
  std::vector<MethodSpec> methods;
  std::vector<DatasetSpec> datasets;
  std::vector<RecipeSpec> recipes;

  const MethodSpec* method(const std::string& name) const { return find(methods, name); }
  const DatasetSpec* dataset(const std::string& name) const { return find(datasets, name); }
  const RecipeSpec* recipe(const std::string& name) const { return find(recipes, name); }

  /// The names of a list of specs, in order.
  template <class Spec>
  static std::vector<std::string> names(const std::vector<Spec>& specs) {
    std::vector<std::string> out;
    for (const auto& s : specs) out.push_back(s.name);
    return out;
  }

 private:
  template <class Spec>
  static const Spec* find(const std::vector<Spec>& specs, const std::string& name) {
    for (const auto& s : specs)
      if (s.name == name) return &s;
    return nullptr;
  }
};

}  // namespace contra::config
