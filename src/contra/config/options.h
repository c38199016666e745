// How a config key is declared (DESIGN.md, "Config" and "Run identity"): every section's struct,
// and every registered component's options struct (a method's, a dataset's), names each key once
// in visit(), with flags that say what the key means for the run id:
//
//   template <class V> void visit(V& v) {
//     v("queue", queue);                              // part of the run id
//     v("allow_own_keys", allow_own_keys, kExecution);  // how the run executes: never in the id
//     v("warmup", warmup, kAddedLater);              // added later: in the id unless at its default
//   }
//
// Enumerations are typed fields: an enum class E with a free function `names_of(E)` (found by
// argument-dependent lookup) listing its names in the order of its values. The reader turns the
// name into E once, where it reads it; the writer and the run id use the name.
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "contra/config/value.h"
#include "contra/core/error.h"

namespace contra::config {

/// What a key means for the run id (config/run_id.h). Declared on the key, in visit().
enum KeyFlag : int {
  kNoFlags = 0,
  /// It changes how a run executes or is checked, not what it computes: never part of the run id
  /// (checkpoint interval, process-group backend, a check's override).
  kExecution = 1,
  /// Added after runs were recorded, with a default that reproduces what those runs did: left out
  /// of the run id while it holds its default, so their ids stay; any other value is a new run.
  kAddedLater = 2,
};

/// Whether T is an enumeration a config key can hold (it has names_of(T)).
template <class T, class = void>
struct is_config_enum : std::false_type {};
template <class T>
struct is_config_enum<T, std::void_t<decltype(names_of(std::declval<T>()))>> : std::is_enum<T> {};
template <class T>
inline constexpr bool is_config_enum_v = is_config_enum<T>::value;

/// The name of enumeration value `e` (names_of(E) in the order of E's values).
template <class E>
std::string enum_name(E e) {
  const auto& names = names_of(E{});
  const auto i = static_cast<std::size_t>(e);
  CONTRA_ASSERT(i < names.size(), "an enumeration value without a name");
  return names[i];
}

/// The value of E named `name`, or nullopt when it names none.
template <class E>
std::optional<E> enum_from(std::string_view name) {
  const auto& names = names_of(E{});
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end()) return std::nullopt;
  return static_cast<E>(it - names.begin());
}

/// A field's value as a Value: enumerations as their names.
template <class T>
Value to_value(const T& field) {
  if constexpr (is_config_enum_v<T>)
    return Value(enum_name(field));
  else
    return Value(field);
}

/// Assigns `value` to `field` when its type fits: the same type, an integer where a real number
/// is expected (also element-wise in arrays), an empty array of any type, or an enumeration's
/// name. Returns false, leaving `field` as it was, otherwise.
template <class T>
bool assign(T& field, const Value& value) {
  if constexpr (is_config_enum_v<T>) {
    const auto* name = std::get_if<std::string>(&value);
    if (name == nullptr) return false;
    const auto e = enum_from<T>(*name);
    if (!e) return false;
    field = *e;
    return true;
  } else {
    if (const T* exact = std::get_if<T>(&value)) {
      field = *exact;
      return true;
    }
    if constexpr (std::is_same_v<T, double>) {
      if (const auto* i = std::get_if<std::int64_t>(&value)) return field = static_cast<double>(*i), true;
    }
    if constexpr (std::is_same_v<T, std::vector<double>>) {
      if (const auto* ints = std::get_if<std::vector<std::int64_t>>(&value)) {
        field.assign(ints->begin(), ints->end());
        return true;
      }
    }
    if constexpr (std::is_same_v<T, std::vector<double>> || std::is_same_v<T, std::vector<std::int64_t>> ||
                  std::is_same_v<T, std::vector<std::string>>) {
      const bool empty = std::visit(
          [](const auto& v) {
            if constexpr (std::is_same_v<std::decay_t<decltype(v)>, std::vector<std::int64_t>> ||
                          std::is_same_v<std::decay_t<decltype(v)>, std::vector<double>> ||
                          std::is_same_v<std::decay_t<decltype(v)>, std::vector<std::string>>)
              return v.empty();
            return false;
          },
          value);
      if (empty) return field = T{}, true;
    }
    return false;
  }
}

/// "a number", "one of fp32, bf16, fp16", ...: what a key of T's type accepts, for messages.
template <class T>
std::string expected_of(const T& field) {
  if constexpr (is_config_enum_v<T>) {
    std::string names;
    for (const auto& n : names_of(field)) names += (names.empty() ? "" : ", ") + n;
    return "one of " + names;
  } else {
    return type_of(Value(field));
  }
}

/// One option of a registered component (a method, a dataset), as it declares it.
struct OptionSpec {
  std::string key;                   ///< the key in its section, e.g. "queue"
  Value default_value;               ///< its default, which also fixes its type
  int flags = kNoFlags;              ///< KeyFlag bits
  std::vector<std::string> choices;  ///< an enumeration's names; empty for other types
};

/// The options of the component a section names, resolved: one entry per option the component
/// declares, in its visit() order, holding the value the run reads.
class ComponentOptions {
 public:
  struct Entry {
    OptionSpec spec;
    Value value;
  };

  ComponentOptions() = default;
  /// Every option of `specs` at its default.
  explicit ComponentOptions(const std::vector<OptionSpec>& specs) {
    for (const auto& s : specs) entries_.push_back({s, s.default_value});
  }

  /// The value of `key`, or nullptr when the component has no such option.
  const Value* find(const std::string& key) const {
    const auto* e = entry(key);
    return e == nullptr ? nullptr : &e->value;
  }
  /// The value of `key` as T (an enumeration from its name; an integer as a double). Aborts when
  /// the component has no such key or it holds another type: a programming error.
  template <class T>
  T get(const std::string& key) const {
    const Value* v = find(key);
    CONTRA_ASSERT(v != nullptr, key + " is not an option of this component");
    T out{};
    CONTRA_ASSERT(assign(out, *v), key + " holds another type");
    return out;
  }
  /// Sets an option the component declares (as code does in tests and benchmarks; files and
  /// --set go through the reader). Aborts on a key it does not declare.
  void set(const std::string& key, Value value) {
    Entry* e = entry(key);
    CONTRA_ASSERT(e != nullptr, key + " is not an option of this component");
    e->value = std::move(value);
  }
  /// The keys, in declaration order.
  std::vector<std::string> keys() const {
    std::vector<std::string> out;
    for (const auto& e : entries_) out.push_back(e.spec.key);
    return out;
  }
  const std::vector<Entry>& entries() const { return entries_; }
  std::vector<Entry>& entries() { return entries_; }
  const Entry* entry(const std::string& key) const {
    for (const auto& e : entries_)
      if (e.spec.key == key) return &e;
    return nullptr;
  }
  Entry* entry(const std::string& key) {
    for (auto& e : entries_)
      if (e.spec.key == key) return &e;
    return nullptr;
  }
  bool empty() const { return entries_.empty(); }

  /// Each option as a typed field, with its flags, as a section's visit() names its keys.
  template <class V>
  void visit(V& v) {
    for (auto& e : entries_)
      std::visit([&](auto& typed) { v(e.spec.key.c_str(), typed, e.spec.flags); }, e.value);
  }

 private:
  std::vector<Entry> entries_;
};

namespace detail {

/// Collects an options struct's keys, defaults and flags (option_specs).
struct CollectSpecs {
  std::vector<OptionSpec> specs;
  template <class T>
  void operator()(const char* key, T& field, int flags = kNoFlags) {
    OptionSpec s{key, to_value(field), flags, {}};
    if constexpr (is_config_enum_v<T>) s.choices = names_of(field);
    specs.push_back(std::move(s));
  }
};

/// Reads resolved values into an options struct (read_options).
struct BindOptions {
  const ComponentOptions& options;
  template <class T>
  void operator()(const char* key, T& field, int = kNoFlags) {
    if (const Value* v = options.find(key); v != nullptr) CONTRA_ASSERT(assign(field, *v), std::string(key) + " holds another type");
  }
};

}  // namespace detail

/// The options an options struct declares: its keys, defaults and flags, in visit() order.
template <class Options>
std::vector<OptionSpec> option_specs() {
  detail::CollectSpecs collect;
  Options defaults{};
  defaults.visit(collect);
  return collect.specs;
}

/// An options struct filled from resolved values; keys the component does not hold keep the
/// struct's defaults.
template <class Options>
Options read_options(const ComponentOptions& resolved) {
  detail::BindOptions bind{resolved};
  Options options{};
  options.visit(bind);
  return options;
}

}  // namespace contra::config
