// Internal to config/: typed reading and writing of TOML values with locations in every error.
// Only config/ includes toml++.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "contra/config/options.h"
#include "contra/config/value.h"
#include "contra/core/error.h"

namespace contra::config::detail {

/// "file:line" for a node parsed from a file, or `fallback` when the node has no source.
std::string location_of(const toml::node& node, const std::string& fallback);

/// A value's TOML text as written in a config, on one line, e.g. 0.99, "mlp", [1, 2], { a = 'b' }.
std::string literal_of(const toml::node& node);

/// A short name of the node's type, for messages ("string", "integer", ...).
std::string type_name(const toml::node& node);

bool read_value(const toml::node& node, bool& out);
bool read_value(const toml::node& node, std::int64_t& out);
bool read_value(const toml::node& node, double& out);
bool read_value(const toml::node& node, std::string& out);
bool read_value(const toml::node& node, std::vector<std::int64_t>& out);
bool read_value(const toml::node& node, std::vector<double>& out);
bool read_value(const toml::node& node, std::vector<std::string>& out);
/// A sub-table of strings, e.g. [report.reference_columns]: every value must be a string.
bool read_value(const toml::node& node, std::map<std::string, std::string>& out);

/// The node as a typed Value: a boolean, integer, float or string, or an array of integers,
/// numbers (integers and floats mixed read as numbers) or strings; nullopt for anything else (a
/// table, a date, an array of arrays or of mixed kinds).
std::optional<Value> value_of_node(const toml::node& node);

/// A literal as `--set key=value` writes it, read once into a typed Value: TOML (0.99, 7, true,
/// "mlp", [120, 160]), or a bare word, which is a string (mlp, /data/images). Throws ContraError
/// (without a location: the caller adds it) on a value of several lines, a number TOML cannot
/// hold, or TOML that is no config value (an inline table, a date).
Value parse_literal(const std::string& text);

inline const char* expected_type(const bool&) { return "a boolean"; }
inline const char* expected_type(const std::int64_t&) { return "an integer"; }
inline const char* expected_type(const double&) { return "a number"; }
inline const char* expected_type(const std::string&) { return "a string"; }
inline const char* expected_type(const std::vector<std::int64_t>&) { return "an array of integers"; }
inline const char* expected_type(const std::vector<double>&) { return "an array of numbers"; }
inline const char* expected_type(const std::vector<std::string>&) { return "an array of strings"; }
inline const char* expected_type(const std::map<std::string, std::string>&) { return "a table of strings"; }

void write_value(toml::table& table, const std::string& key, bool value);
void write_value(toml::table& table, const std::string& key, std::int64_t value);
void write_value(toml::table& table, const std::string& key, double value);
void write_value(toml::table& table, const std::string& key, const std::string& value);
void write_value(toml::table& table, const std::string& key, const std::vector<std::int64_t>& value);
void write_value(toml::table& table, const std::string& key, const std::vector<double>& value);
void write_value(toml::table& table, const std::string& key, const std::vector<std::string>& value);

/// Prints a table of sections as TOML, keys sorted, floats in their shortest round-trip form
/// (literal_of), so that 0.1 prints as 0.1, 0.0123456789 keeps every digit, and printing,
/// parsing and printing again gives the same text.
std::string print_table(const toml::table& table);

/// Parses TOML text; a syntax error becomes ContraError "<source>:<line>:<col>: <what>".
toml::table parse_text(std::string_view text, const std::string& source);
/// Reads and parses a file; a missing file or syntax error becomes a one-line ContraError.
toml::table parse_file(const std::string& path);

/// Reads one section of a table into a struct through its visit(); records each key's origin
/// and rejects keys the struct does not have, listing the ones it has.
class SectionReader {
 public:
  SectionReader(const toml::table& table, std::string section, std::string file,
                const std::map<std::string, std::string>& override_origins, std::map<std::string, std::string>& origins)
      : table_(table),
        section_(std::move(section)),
        file_(std::move(file)),
        override_origins_(override_origins),
        origins_(origins) {}

  template <class T>
  void operator()(const char* key, T& field, int /*flags*/ = kNoFlags) {
    known_.emplace_back(key);
    if (std::find(ignored_.begin(), ignored_.end(), key) != ignored_.end()) return;
    const toml::node* node = table_.get(key);
    if (node == nullptr) return;
    const std::string full = section_ + "." + key;
    const std::string where = origin(full, *node);
    origins_[full] = where;
    if constexpr (is_config_enum_v<T>) {
      std::string name;
      CONTRA_CHECK(read_value(*node, name), "{}: {} = {} has the wrong type: expected {}, got {}", where, full,
                   literal_of(*node), expected_of(field), type_name(*node));
      const auto value = enum_from<T>(name);
      CONTRA_CHECK(value.has_value(), "{}: {} = '{}' is unknown; valid: {}", where, full, name,
                   fmt::join(names_of(field), ", "));
      field = *value;
    } else {
      T value{};
      CONTRA_CHECK(read_value(*node, value), "{}: {} = {} has the wrong type: expected {}, got {}", where, full,
                   literal_of(*node), expected_type(field), type_name(*node));
      field = std::move(value);
    }
  }

  /// Keys of the section that are neither read nor refused (a flat v1 config's keys of other
  /// components: config::ReadMode::flat_v1).
  void ignore(std::string key) { ignored_.push_back(std::move(key)); }

  /// Throws when the section holds a key that no field read and that is not ignored.
  void reject_unknown() const;

 private:
  std::string origin(const std::string& full, const toml::node& node) const {
    auto it = override_origins_.find(full);
    return it != override_origins_.end() ? it->second : location_of(node, file_);
  }

  const toml::table& table_;
  std::string section_;
  std::string file_;
  const std::map<std::string, std::string>& override_origins_;
  std::map<std::string, std::string>& origins_;
  std::vector<std::string> known_;
  std::vector<std::string> ignored_;
};

/// Writes a struct's fields into a table through its visit().
class SectionWriter {
 public:
  explicit SectionWriter(toml::table& table) : table_(table) {}
  template <class T>
  void operator()(const char* key, const T& field, int /*flags*/ = kNoFlags) {
    if constexpr (is_config_enum_v<T>)
      write_value(table_, key, enum_name(field));
    else
      write_value(table_, key, field);
  }

 private:
  toml::table& table_;
};

}  // namespace contra::config::detail
