// Reading an experiment's keys by name ("section.key"), typed, through Experiment::visit: what a
// sweep's axes, a report's rows and the run id read of a resolved config; no TOML text.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/config/value.h"

namespace contra::config {

/// The typed value of "section.key" (e.g. method.momentum -> 0.99; an enumeration as its name),
/// or nullopt when there is no such key. It walks Experiment::visit, the same keys the reader and
/// the writer see; no TOML text.
std::optional<Value> value_of(const Experiment& exp, const std::string& key);
/// The value of "section.key" as TOML text (e.g. "0.99"), or nullopt when there is no such key.
std::optional<std::string> value_text(const Experiment& exp, const std::string& key);
/// The value of "section.key" as a table shows it (config/value.h display: mlp, not 'mlp'), or
/// nullopt when there is no such key.
std::optional<std::string> display_text(const Experiment& exp, const std::string& key);
/// The value of "section.key" as a number when it is one (integers convert), else nullopt.
std::optional<double> numeric_value(const Experiment& exp, const std::string& key);

/// The run's values of a sweep's axis keys, in their order, from its resolved config: what the
/// plan lists and the run records (an axis value is the run's config value). Throws ContraError
/// naming a key that is not "section.key" of the config.
AxisValues axis_values(const Experiment& exp, const std::vector<std::string>& keys);

/// Every key of the experiment ("section.key") with its value and flags, in section order and
/// each section's visit() order: the run id and the documentation's key table read this.
struct KeyEntry {
  std::string key;
  Value value;
  int flags = kNoFlags;
};
std::vector<KeyEntry> key_entries(const Experiment& exp);

namespace detail {

/// Visits every field of an experiment with its section's name: f(section, key, field, flags).
template <class F>
class FieldVisitor {
 public:
  explicit FieldVisitor(F f) : f_(std::move(f)) {}
  template <class S>
  void section(const char* name, S& options) {
    section_ = name;
    options.visit(*this);
  }
  template <class T>
  void operator()(const char* key, T& field, int flags = kNoFlags) {
    f_(section_, std::string(key), field, flags);
  }

 private:
  F f_;
  std::string section_;
};

template <class F>
void for_each_field(Experiment& exp, F f) {
  FieldVisitor<F> v(std::move(f));
  exp.visit(v);
}
template <class F>
void for_each_field(const Experiment& exp, F f) {
  for_each_field(const_cast<Experiment&>(exp), std::move(f));  // F only reads the fields
}

}  // namespace detail

}  // namespace contra::config
