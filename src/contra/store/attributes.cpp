#include "contra/store/attributes.h"

#include <fmt/format.h>

#include "contra/core/error.h"

namespace contra::store {

const char* type_name(const AttrValue& value) {
  switch (value.index()) {
    case 0:
      return "an int64";
    case 1:
      return "a float64";
    default:
      return "a string";
  }
}

std::string get_string(const Attributes& attrs, const std::string& key, const std::string& what) {
  const auto it = attrs.find(key);
  if (it == attrs.end()) core::fail("{}: missing attribute '{}'", what, key);
  if (const auto* value = std::get_if<std::string>(&it->second)) return *value;
  core::fail("{}: attribute '{}' is {}, expected a string", what, key, type_name(it->second));
}

double get_double(const Attributes& attrs, const std::string& key, const std::string& what) {
  const auto it = attrs.find(key);
  if (it == attrs.end()) core::fail("{}: missing attribute '{}'", what, key);
  if (const auto* value = std::get_if<double>(&it->second)) return *value;
  if (const auto* value = std::get_if<std::int64_t>(&it->second)) return static_cast<double>(*value);
  core::fail("{}: attribute '{}' is {}, expected a number", what, key, type_name(it->second));
}

std::int64_t get_int(const Attributes& attrs, const std::string& key, const std::string& what) {
  const auto it = attrs.find(key);
  if (it == attrs.end()) core::fail("{}: missing attribute '{}'", what, key);
  if (const auto* value = std::get_if<std::int64_t>(&it->second)) return *value;
  core::fail("{}: attribute '{}' is {}, expected an int64", what, key, type_name(it->second));
}

std::vector<double> column_as_double(const Columns& cols, const std::string& key) {
  const auto it = cols.find(key);
  if (it == cols.end()) return {};
  if (const auto* doubles = std::get_if<std::vector<double>>(&it->second)) return *doubles;
  const auto& ints = std::get<std::vector<std::int64_t>>(it->second);
  return std::vector<double>(ints.begin(), ints.end());
}

std::string to_text(const AttrValue& value) {
  if (const auto* s = std::get_if<std::string>(&value)) return *s;
  if (const auto* i = std::get_if<std::int64_t>(&value)) return std::to_string(*i);
  return fmt::format("{}", std::get<double>(value));
}

}  // namespace contra::store
