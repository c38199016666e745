#include "contra/methods/registry.h"

#include <fmt/format.h>

#include <functional>
#include <utility>

#include "contra/augment/recipes.h"
#include "contra/core/error.h"
#include "contra/data/registry.h"
#include "contra/methods/byol.h"
#include "contra/methods/end_to_end.h"
#include "contra/methods/memory_bank.h"
#include "contra/methods/moco.h"
#include "contra/methods/random_init.h"
#include "contra/methods/raw_pixels.h"
#include "contra/methods/simclr.h"
#include "contra/methods/supervised.h"

namespace contra::methods {

namespace {

/// A registered method: its schema entry (name, options, checks), factory and header line.
struct Entry {
  config::MethodSpec spec;
  std::function<std::shared_ptr<Method>(const config::Experiment&, const DataShape&)> make;
  std::function<std::string(const DistinctValues&)> describe;
};

config::Checks checks_of(const config::Experiment& e) {
  return config::Checks([&e](const std::string& key) { return e.where(key); });
}

/// Everything the registry needs from method class M (method.h lists what M declares).
/// Whether method class M is a baseline (declares `static config::BaselineSpec baseline()`).
template <class M, class = void>
struct is_baseline : std::false_type {};
template <class M>
struct is_baseline<M, std::void_t<decltype(M::baseline())>> : std::true_type {};

template <class M>
Entry entry(const char* name) {
  using Options = typename M::Options;
  const auto options = [](const config::Experiment& e) { return config::read_options<Options>(e.method.options); };
  Entry r;
  r.spec.name = name;
  r.spec.options = config::option_specs<Options>();
  r.spec.trains_on_labels = M::kTrainsOnLabels;
  if constexpr (is_baseline<M>::value) r.spec.baseline = M::baseline();
  r.spec.validate = [options](const config::Experiment& e) { M::validate(options(e), checks_of(e)); };
  r.spec.check_against_data = [options](const config::Experiment& e, std::int64_t n) {
    M::check_against_data(options(e), n, checks_of(e));
  };
  r.make = [options](const config::Experiment& e, const DataShape& d) {
    return std::make_shared<M>(e.model, options(e), d, static_cast<std::uint64_t>(e.run.seed));
  };
  r.describe = &M::describe;
  return r;
}

const std::vector<Entry>& registry() {
  static const std::vector<Entry> entries = {
      entry<Moco>("moco"), entry<MemoryBank>("memory_bank"), entry<EndToEnd>("end_to_end"), entry<SimClr>("simclr"),
      entry<Byol>("byol"),
      // The baselines, in the order a table lists them (each declares its BaselineSpec).
      entry<RawPixels>("raw_pixels"), entry<RandomInit>("random_init"), entry<Supervised>("supervised"),
  };
  return entries;
}

const Entry& find(const config::Experiment& e) {
  for (const auto& entry : registry())
    if (entry.spec.name == e.method.name) return entry;
  core::fail("{}: method.name = '{}' is unknown; valid: {}", e.where("method.name"), e.method.name,
             fmt::join(method_names(), ", "));
}

}  // namespace

std::vector<std::string> method_names() {
  std::vector<std::string> names;
  for (const auto& entry : registry()) names.push_back(entry.spec.name);
  return names;
}

const std::vector<config::MethodSpec>& method_specs() {
  static const auto methods = config::specs_of<config::MethodSpec>(registry());
  return methods;
}

const config::Schema& schema() {
  static const config::Schema s{method_specs(), data::dataset_specs(), augment::recipe_specs()};
  return s;
}

config::Experiment load_experiment(const std::string& file, const std::vector<config::Override>& overrides,
                                   config::ReadMode mode) {
  return config::load_experiment(file, overrides, schema(), mode);
}

config::Experiment parse_experiment(std::string_view text, const std::string& source,
                                    const std::vector<config::Override>& overrides, config::ReadMode mode) {
  return config::parse_experiment(text, source, overrides, schema(), mode);
}

std::vector<const config::MethodSpec*> baselines() {
  std::vector<const config::MethodSpec*> out;
  for (const auto& spec : method_specs())
    if (spec.baseline) out.push_back(&spec);
  return out;
}

const config::MethodSpec* baseline(config::BaselineSpec::Role role) {
  for (const auto* spec : baselines())
    if (spec->baseline->role == role) return spec;
  return nullptr;
}

std::string label_of(const std::string& name) {
  for (const auto* spec : baselines())
    if (spec->name == name) return spec->baseline->label;
  return name;
}

std::shared_ptr<Method> make_method(const config::Experiment& experiment, const DataShape& data) {
  return find(experiment).make(experiment, data);
}

void check_against_data(const config::Experiment& experiment, std::int64_t train_images) {
  find(experiment).spec.check_against_data(experiment, train_images);
}

std::string describe(const std::string& name, const DistinctValues& values) {
  for (const auto& entry : registry())
    if (entry.spec.name == name) return entry.describe(values);
  return fmt::format("{} (not a registered method)", name);
}

}  // namespace contra::methods
