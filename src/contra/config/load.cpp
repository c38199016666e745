// Reading an experiment (config/load.h): the components named first, then their defaults, the
// file's values and the typed overrides, each through Experiment::visit.
#include "contra/config/load.h"

#include <fmt/format.h>

#include <algorithm>
#include <type_traits>
#include <utility>

#include "contra/config/keys.h"
#include "contra/config/overrides.h"
#include "contra/config/toml_io.h"

namespace contra::config {

using detail::FieldVisitor;
using detail::for_each_field;
using detail::owner_of;
using detail::SectionReader;

std::string Experiment::where(const std::string& key) const {
  auto it = origins.find(key);
  return it != origins.end() ? it->second : source;
}

namespace {

/// The component keys: the key of a section that names what the section's other keys belong to.
struct Named {
  const char* section;
  const char* key;
};
constexpr Named kMethodName{"method", "name"};
constexpr Named kDatasetName{"data", "dataset"};
constexpr Named kRecipeName{"augment", "recipe"};

/// A name as the file writes it (with its location), or nullopt when the file does not.
std::optional<std::pair<std::string, std::string>> file_name(const toml::table& doc, Named named,
                                                             const std::string& source) {
  const auto* table = doc.get_as<toml::table>(named.section);
  const toml::node* node = table == nullptr ? nullptr : table->get(named.key);
  if (node == nullptr) return std::nullopt;
  std::string value;
  const std::string where = detail::location_of(*node, source);
  CONTRA_CHECK(detail::read_value(*node, value), "{}: {}.{} = {} has the wrong type: expected a string, got {}", where,
               named.section, named.key, detail::literal_of(*node), detail::type_name(*node));
  return std::make_pair(value, where);
}

/// The last override of a name, or nullopt.
const Override* name_override(const std::vector<Override>& overrides, Named named) {
  const std::string key = std::string(named.section) + "." + named.key;
  const Override* last = nullptr;
  for (const auto& o : overrides)
    if (o.key == key) last = &o;
  if (last != nullptr)
    CONTRA_CHECK(std::holds_alternative<std::string>(last->value),
                 "{}: {} = {} has the wrong type: expected a string, got {}", last->origin, key, literal(last->value),
                 type_of(last->value));
  return last;
}

/// The component a section names: the file's (or the default, the first registered), and the one
/// the run uses (the last override's, else the file's).
struct Resolved {
  std::string from_file;
  std::string name;
  std::string where;   ///< where `name` was set
  bool named = false;  ///< the file names it (else from_file is the default)
};

template <class Spec>
Resolved resolve(const toml::table& doc, const std::vector<Override>& overrides, Named named,
                 const std::vector<Spec>& specs, const std::string& source, ReadMode mode) {
  CONTRA_ASSERT(!specs.empty(), std::string("no registered component for ") + named.section);
  Resolved r{specs.front().name, specs.front().name, source};
  if (auto f = file_name(doc, named, source)) r = {f->first, f->first, f->second, true};
  if (const Override* o = name_override(overrides, named)) {
    r.name = std::get<std::string>(o->value);
    r.where = o->origin;
  }
  for (auto* name : {&r.from_file, &r.name}) {
    const std::string where = name == &r.name ? r.where : source;
    if constexpr (std::is_same_v<Spec, RecipeSpec>) {
      // A former name: a stored config of an older scheme takes the new one; a file is told it.
      for (const auto& s : specs) {
        if (std::find(s.former_names.begin(), s.former_names.end(), *name) == s.former_names.end()) continue;
        CONTRA_CHECK(mode == ReadMode::flat_v1, "{}: {}.{} = '{}' was renamed '{}'", where, named.section, named.key,
                     *name, s.name);
        *name = s.name;
      }
    }
    const bool known = std::any_of(specs.begin(), specs.end(), [&](const Spec& s) { return s.name == *name; });
    CONTRA_CHECK(known, "{}: {}.{} = '{}' is unknown; valid: {}", where, named.section, named.key, *name,
                 fmt::join(Schema::names(specs), ", "));
  }
  return r;
}

/// A component option that is an enumeration holds one of its names.
void check_choices(const Experiment& exp, const char* section, const ComponentOptions& options) {
  for (const auto& e : options.entries()) {
    if (e.spec.choices.empty()) continue;
    const auto& name = std::get<std::string>(e.value);
    const std::string key = std::string(section) + "." + e.spec.key;
    CONTRA_CHECK(std::find(e.spec.choices.begin(), e.spec.choices.end(), name) != e.spec.choices.end(),
                 "{}: {} = '{}' is unknown; valid: {}", exp.where(key), key, name, fmt::join(e.spec.choices, ", "));
  }
}

/// Reads the file's sections into an experiment whose components are already chosen.
class DocumentReader {
 public:
  DocumentReader(const toml::table& doc, Experiment& exp, const Schema& schema, ReadMode mode,
                 const Resolved& method, const Resolved& dataset)
      : doc_(doc), exp_(exp), schema_(schema), mode_(mode), method_(method), dataset_(dataset) {}

  template <class S>
  void section(const char* name, S& options) {
    known_.emplace_back(name);
    const toml::node* node = doc_.get(name);
    if (node == nullptr) return;
    const toml::table* table = node->as_table();
    CONTRA_CHECK(table != nullptr, "{}: '{}' must be a table ([{}])", detail::location_of(*node, exp_.source), name,
                 name);
    if constexpr (std::is_same_v<S, MethodOptions>) {
      read_component(*table, name, options, method_, schema_.methods);
    } else if constexpr (std::is_same_v<S, DataOptions>) {
      read_component(*table, name, options, dataset_, schema_.datasets);
    } else {
      SectionReader reader(*table, name, exp_.source, no_overrides_, exp_.origins);
      options.visit(reader);
      reader.reject_unknown();
    }
  }

  void reject_unknown() const {
    for (const auto& [key, node] : doc_) {
      const std::string k(key.str());
      if (std::find(known_.begin(), known_.end(), k) != known_.end()) continue;
      core::fail("{}: unknown section '{}'; an experiment has sections: {}", detail::location_of(node, exp_.source), k,
                 fmt::join(known_, ", "));
    }
  }

 private:
  /// [method] or [data]: the section's own keys always apply; the component's options apply when
  /// the run uses the component the file names, and are read (so checked) but dropped otherwise.
  template <class S, class Spec>
  void read_component(const toml::table& table, const char* name, S& options, const Resolved& component,
                      const std::vector<Spec>& specs) {
    std::vector<std::string> ignored;
    if (mode_ == ReadMode::flat_v1) {
      // A flat v1 config holds every registered component's keys; those of others are left out.
      for (const auto& [key, node] : table) {
        const std::string k(key.str());
        if (options.options.entry(k) == nullptr && !owner_of(specs, component.name, k).empty()) ignored.push_back(k);
      }
    }
    // Read into a copy whose options are the file's own component's, so that its keys are checked.
    S scratch = options;
    const bool same = component.from_file == component.name;
    if (!same)
      for (const auto& s : specs)
        if (s.name == component.from_file) scratch.options = ComponentOptions(s.options);
    std::map<std::string, std::string> origins;
    SectionReader reader(table, name, exp_.source, no_overrides_, origins);
    for (auto& k : ignored) reader.ignore(k);
    scratch.visit(reader);
    try {
      reader.reject_unknown();
    } catch (const core::ContraError& e) {
      rethrow_unknown(e, table, name, component, scratch, specs, ignored);
    }
    if (!same) check_unused(name, scratch, origins, specs, component.from_file);
    const ComponentOptions file_options = scratch.options;
    if (!same) scratch.options = options.options;  // the run's component keeps its own defaults
    options = std::move(scratch);
    for (const auto& [key, where] : origins)
      if (same || file_options.entry(key.substr(key.find('.') + 1)) == nullptr) exp_.origins[key] = where;
  }

  /// The file's options of a component the run does not use are checked as that component checks
  /// them (ranges, enumerations), though they are not applied: a bad value is never passed over.
  template <class S, class Spec>
  void check_unused(const char* name, const S& scratch, const std::map<std::string, std::string>& origins,
                    const std::vector<Spec>& specs, const std::string& component) {
    Experiment probe = exp_;
    for (const auto& [key, where] : origins) probe.origins[key] = where;
    if constexpr (std::is_same_v<S, MethodOptions>) {
      probe.method = scratch;
      probe.method.name = component;
    } else {
      probe.data = scratch;
      probe.data.dataset = component;
    }
    check_choices(probe, name, scratch.options);
    for (const auto& spec : specs)
      if (spec.name == component && spec.validate) spec.validate(probe);
  }

  /// An unknown key in [method] or [data]: say whose option it is, when another component's.
  template <class S, class Spec>
  [[noreturn]] void rethrow_unknown(const core::ContraError& e, const toml::table& table, const char* name,
                                    const Resolved& resolved, const S& target, const std::vector<Spec>& specs,
                                    const std::vector<std::string>& ignored) {
    const std::string& component = resolved.from_file;
    std::vector<std::string> keys;
    FieldVisitor collect([&](const std::string&, const std::string& key, auto&, int) { keys.push_back(key); });
    const_cast<S&>(target).visit(collect);
    for (const auto& [key, node] : table) {
      const std::string k(key.str());
      if (std::find(keys.begin(), keys.end(), k) != keys.end()) continue;
      if (std::find(ignored.begin(), ignored.end(), k) != ignored.end()) continue;
      const std::string owner = owner_of(specs, component, k);
      if (owner.empty()) break;
      core::fail("{}: {}.{} is not an option of {} '{}'{} but of '{}'; [{}] here has keys: {}",
                 detail::location_of(node, exp_.source), name, k, name == std::string("method") ? "method" : "dataset",
                 component, resolved.named ? "" : " (the file names none: the default)", owner, name,
                 fmt::join(keys, ", "));
    }
    throw e;
  }

  const toml::table& doc_;
  Experiment& exp_;
  const Schema& schema_;
  ReadMode mode_;
  const Resolved& method_;
  const Resolved& dataset_;
  const std::map<std::string, std::string> no_overrides_;
  std::vector<std::string> known_;
};

Experiment read_document(const toml::table& doc, const std::string& source, const std::vector<Override>& overrides,
                         const Schema& schema, ReadMode mode) {
  for (const auto& o : overrides) {
    const auto dot = o.key.find('.');
    CONTRA_CHECK(dot != std::string::npos && dot > 0 && dot + 1 < o.key.size(),
                 "{}: the key '{}' must be section.key, e.g. method.momentum", o.origin, o.key);
  }
  const Resolved method = resolve(doc, overrides, kMethodName, schema.methods, source, mode);
  const Resolved dataset = resolve(doc, overrides, kDatasetName, schema.datasets, source, mode);
  const Resolved recipe = resolve(doc, overrides, kRecipeName, schema.recipes, source, mode);
  Experiment exp;
  exp.source = source;
  // The components' defaults: the method's options, the dataset's options and folder, the recipe's [augment].
  exp.method.name = method.name;
  exp.method.options = ComponentOptions(schema.method(method.name)->options);
  const DatasetSpec& data_spec = *schema.dataset(dataset.name);
  exp.data.dataset = dataset.name;
  exp.data.root = data_spec.default_root;
  exp.data.options = ComponentOptions(data_spec.options);
  exp.augment.recipe = recipe.name;
  schema.recipe(recipe.name)->apply(exp.augment);
  exp.augment.recipe = recipe.name;
  for_each_field(exp, [&](const std::string& s, const std::string& k, const auto& field, int) {
    exp.defaults[s + "." + k] = to_value(field);
  });
  // The file's values, then the overrides in order.
  DocumentReader reader(doc, exp, schema, mode, method, dataset);
  exp.visit(reader);
  reader.reject_unknown();
  exp.method.name = method.name;  // the file's names were read with its sections
  exp.data.dataset = dataset.name;
  exp.augment.recipe = recipe.name;
  for (const auto& o : overrides) detail::apply_override(exp, o, schema);
  for (const Resolved* r : {&method, &dataset, &recipe})
    if (r->where != source) exp.origins[r == &method ? "method.name" : r == &dataset ? "data.dataset" : "augment.recipe"] = r->where;
  check_choices(exp, "method", exp.method.options);
  check_choices(exp, "data", exp.data.options);
  validate(exp, schema);
  return exp;
}

/// Writes every section through Experiment::visit.
struct DocumentWriter {
  toml::table doc;
  template <class S>
  void section(const char* name, S& options) {
    toml::table t;
    detail::SectionWriter w(t);
    options.visit(w);
    doc.insert_or_assign(name, std::move(t));
  }
};

}  // namespace

Experiment load_experiment(const std::string& file, const std::vector<Override>& overrides, const Schema& schema,
                           ReadMode mode) {
  return read_document(detail::parse_file(file), file, overrides, schema, mode);
}

Experiment parse_experiment(std::string_view text, const std::string& source, const std::vector<Override>& overrides,
                            const Schema& schema, ReadMode mode) {
  return read_document(detail::parse_text(text, source), source, overrides, schema, mode);
}

std::string to_toml(const Experiment& exp) {
  DocumentWriter w;
  const_cast<Experiment&>(exp).visit(w);  // the writer only reads the fields
  return detail::print_table(w.doc);
}

}  // namespace contra::config
