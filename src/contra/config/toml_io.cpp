#include "contra/config/toml_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

namespace contra::config::detail {

std::string location_of(const toml::node& node, const std::string& fallback) {
  const auto& src = node.source();
  const std::string path = src.path ? *src.path : fallback;
  if (src.begin.line == 0) return path;
  return fmt::format("{}:{}", path, src.begin.line);
}

std::string literal_of(const toml::node& node) {
  std::ostringstream out;
  node.visit([&](const auto& v) {
    out << toml::toml_formatter(v, toml::toml_formatter::default_flags | toml::format_flags::relaxed_float_precision);
  });
  return out.str();
}

std::string type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table: return "a table";
    case toml::node_type::array: return "an array";
    case toml::node_type::string: return "a string";
    case toml::node_type::integer: return "an integer";
    case toml::node_type::floating_point: return "a float";
    case toml::node_type::boolean: return "a boolean";
    default: return "a date/time";
  }
}

bool read_value(const toml::node& node, bool& out) {
  if (auto v = node.value_exact<bool>()) return out = *v, true;
  return false;
}

bool read_value(const toml::node& node, std::int64_t& out) {
  if (auto v = node.value_exact<std::int64_t>()) return out = *v, true;
  return false;
}

bool read_value(const toml::node& node, double& out) {
  if (auto v = node.value_exact<double>()) return out = *v, true;
  if (auto i = node.value_exact<std::int64_t>()) return out = static_cast<double>(*i), true;
  return false;
}

bool read_value(const toml::node& node, std::string& out) {
  if (auto v = node.value_exact<std::string>()) return out = *v, true;
  return false;
}

template <class T> static bool read_array(const toml::node& node, std::vector<T>& out) {
  const auto* arr = node.as_array();
  if (arr == nullptr) return false;
  out.clear();
  for (const auto& element : *arr) {
    T value{};
    if (!read_value(element, value)) return false;
    out.push_back(value);
  }
  return true;
}

bool read_value(const toml::node& node, std::vector<std::int64_t>& out) { return read_array(node, out); }
bool read_value(const toml::node& node, std::vector<double>& out) { return read_array(node, out); }
bool read_value(const toml::node& node, std::vector<std::string>& out) { return read_array(node, out); }

void write_value(toml::table& table, const std::string& key, bool value) { table.insert_or_assign(key, value); }
void write_value(toml::table& table, const std::string& key, std::int64_t value) { table.insert_or_assign(key, value); }
void write_value(toml::table& table, const std::string& key, double value) { table.insert_or_assign(key, value); }
void write_value(toml::table& table, const std::string& key, const std::string& value) {
  table.insert_or_assign(key, value);
}

template <class T> static void write_array(toml::table& table, const std::string& key, const std::vector<T>& value) {
  toml::array arr;
  for (const auto& v : value) arr.push_back(v);
  table.insert_or_assign(key, std::move(arr));
}

void write_value(toml::table& table, const std::string& key, const std::vector<std::int64_t>& value) {
  write_array(table, key, value);
}
void write_value(toml::table& table, const std::string& key, const std::vector<double>& value) {
  write_array(table, key, value);
}
void write_value(toml::table& table, const std::string& key, const std::vector<std::string>& value) {
  write_array(table, key, value);
}

std::string print_table(const toml::table& table) {
  std::ostringstream out;
  out << toml::toml_formatter(table, toml::toml_formatter::default_flags | toml::format_flags::relaxed_float_precision);
  out << "\n";
  return out.str();
}

toml::table parse_text(std::string_view text, const std::string& source) {
  try {
    return toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    core::fail("{}:{}:{}: TOML syntax error: {}", source, e.source().begin.line, e.source().begin.column,
               e.description());
  }
}

toml::table parse_file(const std::string& path) {
  CONTRA_CHECK(std::filesystem::is_regular_file(path), "{}: file not found", path);
  try {
    return toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    core::fail("{}:{}:{}: TOML syntax error: {}", path, e.source().begin.line, e.source().begin.column,
               e.description());
  }
}

void SectionReader::reject_unknown() const {
  for (const auto& [key, node] : table_) {
    const std::string k(key.str());
    if (std::find(known_.begin(), known_.end(), k) != known_.end()) continue;
    const std::string full = section_ + "." + k;
    core::fail("{}: unknown key '{}'; [{}] has keys: {}", origin(full, node), full, section_,
               fmt::join(known_, ", "));
  }
}

}  // namespace contra::config::detail
