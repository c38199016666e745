#include "contra/config/keys.h"

#include "contra/core/error.h"

namespace contra::config {

using detail::for_each_field;

std::vector<KeyEntry> key_entries(const Experiment& exp) {
  std::vector<KeyEntry> out;
  for_each_field(exp, [&](const std::string& s, const std::string& k, const auto& field, int flags) {
    out.push_back({s + "." + k, to_value(field), flags});
  });
  return out;
}

std::optional<Value> value_of(const Experiment& exp, const std::string& key) {
  std::optional<Value> found;
  for_each_field(exp, [&](const std::string& s, const std::string& k, const auto& field, int) {
    if (!found && s + "." + k == key) found = to_value(field);
  });
  return found;
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
