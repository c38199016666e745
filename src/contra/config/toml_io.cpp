#include "contra/config/toml_io.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <regex>
#include <sstream>

namespace contra::config::detail {

std::string location_of(const toml::node& node, const std::string& fallback) {
  const auto& src = node.source();
  const std::string path = src.path ? *src.path : fallback;
  if (src.begin.line == 0) return path;
  return fmt::format("{}:{}", path, src.begin.line);
}

namespace {

/// The shortest text that reads back as exactly `v` (fmt's round-trip format: 0.1, 5e-05,
/// 0.0123456789), with ".0" added where TOML would otherwise read an integer. toml++'s own float
/// printing either rounds to 6 significant digits (relaxed_float_precision: 0.9999999 -> 1) or
/// prints 17 (0.1 -> 0.10000000000000001), so floats are printed here.
std::string float_text(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

/// A key as TOML writes it: bare when it can be, else quoted.
std::string key_text(const toml::key& key) {
  const std::string k(key.str());
  const bool bare = !k.empty() && std::all_of(k.begin(), k.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '-';
  });
  return bare ? k : literal_of(toml::value<std::string>(k));
}

}  // namespace

std::string literal_of(const toml::node& node) {
  if (const auto* f = node.as_floating_point()) return float_text(f->get());
  if (const auto* arr = node.as_array()) {
    if (arr->empty()) return "[]";
    std::string out = "[ ";
    for (std::size_t i = 0; i < arr->size(); ++i) out += (i ? ", " : "") + literal_of(*arr->get(i));
    return out + " ]";
  }
  if (const auto* table = node.as_table()) {  // inline, so that a message stays one line
    if (table->empty()) return "{}";
    std::string out;
    for (const auto& [key, value] : *table)
      out += (out.empty() ? "{ " : ", ") + key_text(key) + " = " + literal_of(value);
    return out + " }";
  }
  std::ostringstream out;
  node.visit([&](const auto& v) { out << toml::toml_formatter(v, toml::toml_formatter::default_flags); });
  return out.str();
}

std::string type_name(const toml::node& node) {
  switch (node.type()) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a float";
    case toml::node_type::boolean:
      return "a boolean";
    default:
      return "a date/time";
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

template <class T>
static bool read_array(const toml::node& node, std::vector<T>& out) {
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

bool read_value(const toml::node& node, std::map<std::string, std::string>& out) {
  const auto* table = node.as_table();
  if (table == nullptr) return false;
  out.clear();
  for (const auto& [key, value] : *table) {
    std::string text;
    if (!read_value(value, text)) return false;
    out[std::string(key.str())] = text;
  }
  return true;
}

namespace {

template <class T>
std::optional<Value> array_of(const toml::array& arr) {
  std::vector<T> out;
  for (const auto& element : arr) {
    T value{};
    if (!read_value(element, value)) return std::nullopt;
    out.push_back(std::move(value));
  }
  return Value(std::move(out));
}

}  // namespace

std::optional<Value> value_of_node(const toml::node& node) {
  if (auto v = node.value_exact<bool>()) return Value(*v);
  if (auto v = node.value_exact<std::int64_t>()) return Value(*v);
  if (auto v = node.value_exact<double>()) return Value(*v);
  if (auto v = node.value_exact<std::string>()) return Value(*v);
  const auto* arr = node.as_array();
  if (arr == nullptr) return std::nullopt;
  if (arr->empty()) return Value(std::vector<std::int64_t>{});
  if (arr->is_homogeneous(toml::node_type::integer)) return array_of<std::int64_t>(*arr);
  if (arr->is_homogeneous(toml::node_type::string)) return array_of<std::string>(*arr);
  // Floats, or integers and floats mixed: numbers.
  return array_of<double>(*arr);
}

Value parse_literal(const std::string& text) {
  CONTRA_CHECK(text.find_first_of("\r\n") == std::string::npos, "the value must be one line, got {} lines",
               1 + std::count(text.begin(), text.end(), '\n'));
  std::optional<toml::table> parsed;
  try {
    parsed = toml::parse("v = " + text);
  } catch (const toml::parse_error& e) {
    // An array, an inline table or a quoted string that TOML cannot read is not a word either
    // (a path such as "[abc]/data" is).
    const auto first = text.find_first_not_of(" \t"), last = text.find_last_not_of(" \t");
    const bool bracketed = first != std::string::npos &&
                           ((text[first] == '[' && text[last] == ']') || (text[first] == '{' && text[last] == '}') ||
                            text[first] == '"' || text[first] == '\'');
    CONTRA_CHECK(!bracketed, "{} is no value a config key can hold: {}", text, e.description());
    // A number TOML cannot hold (an integer past 64 bits, a float past double) is not a word.
    static const std::regex number(R"(^[+-]?(\d[\d_]*)?(\.\d[\d_]*)?([eE][+-]?\d+)?$)");
    CONTRA_CHECK(!std::regex_match(text, number) || text.find_first_of("0123456789") == std::string::npos,
                 "{} is not a number a config key can hold (a 64-bit integer, or a finite double)", text);
    return Value(text);  // a bare word: a string
  }
  const auto* node = parsed->get("v");
  auto value = node != nullptr ? value_of_node(*node) : std::nullopt;
  CONTRA_CHECK(value.has_value(), "{} is no value a config key can hold (a boolean, number, string, or an array of one kind)",
               text);
  return *value;
}

void write_value(toml::table& table, const std::string& key, bool value) { table.insert_or_assign(key, value); }
void write_value(toml::table& table, const std::string& key, std::int64_t value) { table.insert_or_assign(key, value); }
void write_value(toml::table& table, const std::string& key, double value) { table.insert_or_assign(key, value); }
void write_value(toml::table& table, const std::string& key, const std::string& value) {
  table.insert_or_assign(key, value);
}

template <class T>
static void write_array(toml::table& table, const std::string& key, const std::vector<T>& value) {
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
  // Keys in the table's (sorted) order: first the plain values, then one [section] per sub-table,
  // separated by blank lines, as toml++ lays them out; values through literal_of.
  std::string out;
  for (const auto& [key, node] : table)
    if (!node.is_table()) out += key_text(key) + " = " + literal_of(node) + "\n";
  for (const auto& [key, node] : table) {
    if (!node.is_table()) continue;
    if (!out.empty()) out += "\n";
    out += "[" + key_text(key) + "]\n";
    for (const auto& [k, v] : *node.as_table()) {
      CONTRA_ASSERT(!v.is_table(), "print_table: nested tables are not supported");
      out += key_text(k) + " = " + literal_of(v) + "\n";
    }
  }
  return out;
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
    if (std::find(ignored_.begin(), ignored_.end(), k) != ignored_.end()) continue;
    const std::string full = section_ + "." + k;
    core::fail("{}: unknown key '{}'; [{}] has keys: {}", origin(full, node), full, section_, fmt::join(known_, ", "));
  }
}

}  // namespace contra::config::detail
