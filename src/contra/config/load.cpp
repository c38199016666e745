#include "contra/config/load.h"

#include <fmt/format.h>

#include <type_traits>
#include <utility>

#include "contra/config/toml_io.h"
#include "contra/core/hash.h"

namespace contra::config {

using detail::SectionReader;

std::string Experiment::where(const std::string& key) const {
  auto it = origins.find(key);
  return it != origins.end() ? it->second : source;
}

Override parse_set(const std::string& arg, const std::string& file) {
  const auto eq = arg.find('=');
  CONTRA_CHECK(eq != std::string::npos && eq > 0, "--set {}: expected section.key=value", arg);
  Override o{arg.substr(0, eq), arg.substr(eq + 1), fmt::format("{} (--set {})", file, arg)};
  const auto dot = o.key.find('.');
  CONTRA_CHECK(
      dot != std::string::npos && dot > 0 && dot + 1 < o.key.size() && o.key.find('.', dot + 1) == std::string::npos,
      "--set {}: the key must be section.key, e.g. method.momentum", arg);
  return o;
}

AugmentOptions augment_recipe(const std::string& name) {
  // moco_v1 (MoCo v1 official code): crop 0.2-1, grayscale p 0.2, jitter (0.4, 0.4, 0.4, 0.4)
  // always, flip, no blur.
  AugmentOptions a;
  a.recipe = name;
  if (name == "moco_v1") return a;
  if (name == "moco_v2") {  // MoCo v2 aug+: jitter (0.4, 0.4, 0.4, 0.1) p 0.8, grayscale p 0.2, blur σ 0.1-2 p 0.5
    a.jitter_prob = 0.8;
    a.hue = 0.1;
    a.blur_prob = 0.5;
    return a;
  }
  if (name == "simclr") {  // SimCLR §3 / App. A, strength s = 1: crop 0.08-1, jitter (0.8, 0.8, 0.8, 0.2) p 0.8,
    a.crop_scale_min = 0.08;  // grayscale p 0.2, blur p 0.5
    a.jitter_prob = 0.8;
    a.brightness = 0.8;
    a.contrast = 0.8;
    a.saturation = 0.8;
    a.hue = 0.2;
    a.blur_prob = 0.5;
    return a;
  }
  if (name == "none") {
    a.crop_scale_min = 1.0;
    a.flip_prob = 0.0;
    a.jitter_prob = 0.0;
    a.saturation = 0.0;
    a.hue = 0.0;
    a.grayscale_prob = 0.0;
    a.blur_prob = 0.0;
    return a;
  }
  core::fail("augment.recipe = '{}' is unknown; valid: {}", name, fmt::join(names::kRecipes, ", "));
}

namespace {

/// Inserts one override into the document, parsing its value as TOML (a bare word becomes a string).
void apply_override(toml::table& doc, const Override& o) {
  const auto dot = o.key.find('.');
  const std::string section = o.key.substr(0, dot);
  const std::string key = o.key.substr(dot + 1);
  toml::table* sec = doc[section].as_table();
  if (sec == nullptr) {
    CONTRA_CHECK(!doc.contains(section), "{}: '{}' is not a table", o.origin, section);
    doc.insert(section, toml::table{});
    sec = doc[section].as_table();
  }
  toml::table parsed;
  try {
    parsed = toml::parse("v = " + o.value);
  } catch (const toml::parse_error&) {
    parsed.insert("v", o.value);  // a bare word: a string
  }
  parsed["v"].visit([&](auto&& v) { sec->insert_or_assign(key, v); });
}

/// Reads all sections through Experiment::visit and rejects unknown sections and keys.
class DocumentReader {
 public:
  DocumentReader(const toml::table& doc, Experiment& exp, const std::map<std::string, std::string>& override_origins,
                 const MethodSchema& methods)
      : doc_(doc), exp_(exp), override_origins_(override_origins), methods_(methods) {}

  template <class S>
  void section(const char* name, S& options) {
    known_.emplace_back(name);
    // [method] holds every method's keys at their defaults, then reads the file's values over them.
    if constexpr (std::is_same_v<S, MethodOptions>) with_method_defaults(options);
    const toml::node* node = doc_.get(name);
    if (node == nullptr) return;
    const toml::table* table = node->as_table();
    CONTRA_CHECK(table != nullptr, "{}: '{}' must be a table ([{}])", detail::location_of(*node, exp_.source), name,
                 name);
    if constexpr (std::is_same_v<S, AugmentOptions>) {
      // The recipe sets the defaults of the other [augment] keys, so it is read first.
      if (const toml::node* recipe = table->get("recipe"); recipe != nullptr) {
        std::string value;
        const std::string where = where_of("augment.recipe", *recipe);
        CONTRA_CHECK(detail::read_value(*recipe, value), "{}: augment.recipe must be a string", where);
        CONTRA_CHECK(std::find(names::kRecipes.begin(), names::kRecipes.end(), value) != names::kRecipes.end(),
                     "{}: augment.recipe = '{}' is unknown; valid: {}", where, value, fmt::join(names::kRecipes, ", "));
        options = augment_recipe(value);
      }
    }
    SectionReader reader(*table, name, exp_.source, override_origins_, exp_.origins);
    options.visit(reader);
    reader.reject_unknown();
  }

  void reject_unknown() const {
    for (const auto& [key, node] : doc_) {
      const std::string k(key.str());
      if (std::find(known_.begin(), known_.end(), k) != known_.end()) continue;
      core::fail("{}: unknown section '{}'; an experiment has sections: {}", where_of(k, node), k,
                 fmt::join(known_, ", "));
    }
  }

 private:
  std::string where_of(const std::string& key, const toml::node& node) const {
    for (const auto& [k, origin] : override_origins_)
      if (k == key || k.rfind(key + ".", 0) == 0) return origin;
    return detail::location_of(node, exp_.source);
  }

  void with_method_defaults(MethodOptions& method) const {
    std::map<std::string, const OptionSpec*> first;  // the first method to declare a key gives its default
    for (const auto& spec : methods_) {
      for (const auto& o : spec.options) {
        const auto [it, added] = first.emplace(o.key, &o);
        CONTRA_ASSERT(added || it->second->default_value == o.default_value,
                      "methods declare method." + o.key + " with different defaults");
        if (!added) continue;
        method.options[o.key] = o.default_value;
        if (o.flags & kUnhashed) method.unhashed.insert(o.key);
      }
    }
  }

  const toml::table& doc_;
  Experiment& exp_;
  const std::map<std::string, std::string>& override_origins_;
  const MethodSchema& methods_;
  std::vector<std::string> known_;
};

Experiment read_document(toml::table doc, const std::string& source, const std::vector<Override>& overrides,
                         const MethodSchema& methods) {
  std::map<std::string, std::string> override_origins;
  for (const auto& o : overrides) {
    apply_override(doc, o);
    override_origins[o.key] = o.origin;
  }
  Experiment exp;
  exp.source = source;
  DocumentReader reader(doc, exp, override_origins, methods);
  exp.visit(reader);
  reader.reject_unknown();
  validate(exp, methods);
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

/// The experiment as a TOML document. The writer only reads the fields, so casting away const is safe.
toml::table to_table(const Experiment& exp) {
  DocumentWriter w;
  const_cast<Experiment&>(exp).visit(w);
  return std::move(w.doc);
}

}  // namespace

Experiment load_experiment(const std::string& file, const std::vector<Override>& overrides,
                           const MethodSchema& methods) {
  return read_document(detail::parse_file(file), file, overrides, methods);
}

Experiment parse_experiment(std::string_view text, const std::string& source, const std::vector<Override>& overrides,
                            const MethodSchema& methods) {
  return read_document(detail::parse_text(text, source), source, overrides, methods);
}

std::string to_toml(const Experiment& exp) { return detail::print_table(to_table(exp)); }

std::string config_hash(const Experiment& exp) {
  toml::table doc = to_table(exp);
  std::vector<std::string> unhashed = names::kUnhashedKeys;
  for (const auto& key : exp.method.unhashed) unhashed.push_back("method." + key);
  static const Experiment defaults;
  for (const auto& key : names::kHashedUnlessDefaultKeys)
    if (value_of(exp, key) == value_of(defaults, key)) unhashed.push_back(key);
  Experiment recipe;
  recipe.augment = augment_recipe(exp.augment.recipe);
  for (const auto& key : names::kHashedUnlessRecipeKeys)
    if (value_of(exp, key) == value_of(recipe, key)) unhashed.push_back(key);
  for (const auto& key : unhashed) {
    const auto dot = key.find('.');
    auto* section = doc.get_as<toml::table>(key.substr(0, dot));
    if (section == nullptr) continue;
    section->erase(key.substr(dot + 1));
    if (section->empty()) doc.erase(key.substr(0, dot));
  }
  return core::short_hash(detail::print_table(doc));
}

namespace {

/// Finds one key through Experiment::visit: section by section, field by field, whatever the
/// sections hold (any field whose type a Value can hold).
class KeyFinder {
 public:
  KeyFinder(std::string section, std::string key) : section_(std::move(section)), key_(std::move(key)) {}

  template <class S>
  void section(const char* name, S& options) {
    if (found_ || section_ != name) return;
    options.visit(*this);
  }

  template <class T>
  void operator()(const char* key, const T& field) {
    if constexpr (std::is_constructible_v<Value, const T&>) {
      if (!found_ && key_ == key) found_ = Value(field);
    }
  }

  const std::optional<Value>& found() const { return found_; }

 private:
  std::string section_, key_;
  std::optional<Value> found_;
};

}  // namespace

std::optional<Value> value_of(const Experiment& exp, const std::string& key) {
  const auto dot = key.find('.');
  if (dot == std::string::npos) return std::nullopt;
  KeyFinder finder(key.substr(0, dot), key.substr(dot + 1));
  const_cast<Experiment&>(exp).visit(finder);  // the finder only reads the fields
  return finder.found();
}

std::optional<std::string> value_text(const Experiment& exp, const std::string& key) {
  const auto value = value_of(exp, key);
  if (!value) return std::nullopt;
  return literal(*value);
}

std::optional<std::string> display_text(const Experiment& exp, const std::string& key) {
  const auto value = value_of(exp, key);
  if (!value) return std::nullopt;
  return display(*value);
}

std::optional<double> numeric_value(const Experiment& exp, const std::string& key) {
  const auto value = value_of(exp, key);
  if (!value) return std::nullopt;
  return as_number(*value);
}

AxisValues axis_values(const Experiment& exp, const std::vector<std::string>& keys) {
  AxisValues axes;
  for (const auto& key : keys) {
    auto value = value_of(exp, key);
    CONTRA_CHECK(value.has_value(), "{}: axis '{}' is not a config key (section.key, e.g. method.momentum)", exp.source,
                 key);
    axes.emplace_back(key, std::move(*value));
  }
  return axes;
}

}  // namespace contra::config
