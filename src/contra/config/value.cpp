#include "contra/config/value.h"

#include "contra/config/toml_io.h"

namespace contra::config {

std::string type_of(const Value& value) {
  static const char* const kNames[] = {"a boolean",           "an integer",         "a number",
                                       "a string",            "an array of integers", "an array of numbers",
                                       "an array of strings"};
  return kNames[value.index()];
}

std::optional<double> as_number(const Value& value) {
  if (const auto* i = std::get_if<std::int64_t>(&value)) return static_cast<double>(*i);
  if (const auto* d = std::get_if<double>(&value)) return *d;
  return std::nullopt;
}

std::string literal(const Value& value) {
  toml::table t;
  std::visit([&](const auto& v) { detail::write_value(t, "v", v); }, value);
  return detail::literal_of(*t.get("v"));
}

std::string display(const Value& value) {
  if (const auto* text = std::get_if<std::string>(&value)) return *text;
  return literal(value);
}

std::string to_text(const AxisValues& axes) {
  std::string text;
  for (const auto& [key, value] : axes) text += (text.empty() ? "" : " ") + key + "=" + literal(value);
  return text;
}

}  // namespace contra::config
