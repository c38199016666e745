// What the config reader needs to know about the methods, as data: the keys each method reads in
// [method], with their defaults, and its checks. The methods declare it (methods/registry.h,
// methods::schema()); config only reads it, so config knows no method by name (DESIGN.md, "Config";
// issue 12: a method owns its options).
//
// A method's options are a struct with in-class defaults (the paper's value, a `///` line each)
// and a visit() that names each field once, as the other sections do:
//
//   struct MocoOptions {
//     std::int64_t queue = 65536;  ///< K (MoCo v1 §3.2)
//     template <class V> void visit(V& v) { v("queue", queue); }
//   };
//
// option_specs<MocoOptions>() turns it into the schema's entries; read_options<MocoOptions>(exp.method)
// reads the resolved values back into the struct.
#pragma once

#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/config/value.h"
#include "contra/core/error.h"

namespace contra::config {

/// Flags a method can give one of its options in visit(): v("loss", loss, kExclusive).
enum OptionFlag : int {
  kNoFlags = 0,
  /// A value other than the default is refused when the method named does not read this key
  /// (e.g. method.loss = nce without a memory bank).
  kExclusive = 1,
  /// Left out of the run id: it changes how a run is checked, not what it learns.
  kUnhashed = 2,
};

/// One key of [method] as a method declares it.
struct OptionSpec {
  std::string key;      ///< the key in [method], e.g. "queue"
  Value default_value;  ///< its default, which also fixes its type
  int flags = kNoFlags;
};

/// One method as the config reader sees it.
struct MethodSpec {
  std::string name;                 ///< method.name
  std::vector<OptionSpec> options;  ///< the keys it reads
  /// Range and cross-field checks of its options in `experiment` (run for every method, so a value
  /// out of range is refused whichever method is named). Throws ContraError naming file, key, value.
  std::function<void(const Experiment& experiment)> validate;
  /// The checks that need the number of training images (the method named only; e.g. MoCo's
  /// queue against the data). Throws ContraError.
  std::function<void(const Experiment& experiment, std::int64_t train_images)> check_against_data;
  bool trains_on_labels = false;  ///< its step reads the labels: no training split without them
};

/// Every method, in registration order.
using MethodSchema = std::vector<MethodSpec>;

/// The method named `name`, or nullptr.
inline const MethodSpec* find_method(const MethodSchema& methods, const std::string& name) {
  for (const auto& spec : methods)
    if (spec.name == name) return &spec;
  return nullptr;
}

namespace detail {

/// Collects an options struct's keys, defaults and flags (option_specs).
struct CollectSpecs {
  std::vector<OptionSpec> specs;
  template <class T>
  void operator()(const char* key, T& field, int flags = kNoFlags) {
    specs.push_back({key, Value(field), flags});
  }
};

/// Reads resolved [method] values into an options struct (read_options).
struct BindOptions {
  const MethodOptions& method;
  template <class T>
  void operator()(const char* key, T& field, int = kNoFlags) {
    if (method.find(key) != nullptr) field = method.get<T>(key);
  }
};

}  // namespace detail

/// The schema entries of an options struct: its keys, defaults and flags, in visit() order.
template <class Options>
std::vector<OptionSpec> option_specs() {
  detail::CollectSpecs collect;
  Options defaults{};
  defaults.visit(collect);
  return collect.specs;
}

/// An options struct filled from the resolved [method] values; keys the section does not hold
/// (an Experiment built in code, not read) keep the struct's defaults.
template <class Options>
Options read_options(const MethodOptions& method) {
  detail::BindOptions bind{method};
  Options options{};
  options.visit(bind);
  return options;
}

}  // namespace contra::config
