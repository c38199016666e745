#include "contra/config/sweep_toml.h"

#include <fmt/format.h>

#include <algorithm>

namespace contra::config::detail {

namespace {


/// The non-table leaves under `table`, keyed by dotted path: both `method.momentum = ...` and
/// `"method.momentum" = ...` give the key "method.momentum".
void flatten_unordered(const toml::table& table, const std::string& prefix, std::vector<Leaf>& out) {
  for (const auto& [key, node] : table) {
    const std::string path = prefix.empty() ? std::string(key.str()) : prefix + "." + std::string(key.str());
    if (const auto* sub = node.as_table()) {
      flatten_unordered(*sub, path, out);
    } else {
      out.emplace_back(path, &node);
    }
  }
}

std::vector<Value> array_values(const toml::node& node, const std::string& where, const std::string& key) {
  const auto* arr = node.as_array();
  CONTRA_CHECK(arr != nullptr, "{}: axis '{}' must be an array of values, got {}", where, key,
               literal_of(node));
  CONTRA_CHECK(!arr->empty(), "{}: axis '{}' has no values", where, key);
  std::vector<Value> values;
  for (const auto& v : *arr) values.push_back(value_at(v, where, key));
  return values;
}

}  // namespace

/// As above, in file order: toml++ tables iterate in key order, but grid axes are expanded in
/// the order the file writes them.
void flatten(const toml::table& table, const std::string& prefix, std::vector<Leaf>& out) {
  const auto first = static_cast<std::ptrdiff_t>(out.size());
  flatten_unordered(table, prefix, out);
  std::stable_sort(out.begin() + first, out.end(), [](const Leaf& a, const Leaf& b) {
    const auto& pa = a.second->source().begin;
    const auto& pb = b.second->source().begin;
    return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
  });
}

/// A typed value of the sweep file: what a key is set to. Throws ContraError naming where it is
/// written when it is no value a config key can hold (a table, a date, nested arrays).
Value value_at(const toml::node& node, const std::string& where, const std::string& key) {
  auto value = value_of_node(node);
  CONTRA_CHECK(value.has_value(), "{}: {} = {} is no value a config key can hold (a boolean, number, string, or an "
               "array of one kind)", where, key, literal_of(node));
  return std::move(*value);
}

/// A grid axis's values: each at most once (a repeated value would silently plan one run for two).
std::vector<Value> unique_values(const toml::node& node, const std::string& where, const std::string& key) {
  auto values = array_values(node, where, key);
  // Equal values (also 0 and 0.0, which set a real-valued key alike) would plan one run for two.
  const auto same = [](const Value& a, const Value& b) {
    const auto x = as_number(a), y = as_number(b);
    return x && y ? *x == *y : a == b;
  };
  for (std::size_t i = 0; i < values.size(); ++i)
    for (std::size_t j = i + 1; j < values.size(); ++j)
      CONTRA_CHECK(!same(values[i], values[j]), "{}: axis '{}' lists the value {} twice ({} and {})", where, key,
                   literal(values[i]), literal(values[i]), literal(values[j]));
  return values;
}

std::vector<std::int64_t> read_seeds(const toml::node& node, const std::string& where) {
  std::vector<std::int64_t> seeds;
  CONTRA_CHECK(read_value(node, seeds) && !seeds.empty(),
               "{}: seeds must be a non-empty array of integers, got {}", where, literal_of(node));
  for (auto s : seeds) CONTRA_CHECK(s >= 0, "{}: seeds = {} holds a negative seed", where, literal_of(node));
  for (std::size_t i = 0; i < seeds.size(); ++i)
    CONTRA_CHECK(std::find(seeds.begin() + static_cast<std::ptrdiff_t>(i) + 1, seeds.end(), seeds[i]) == seeds.end(),
                 "{}: seeds = {} lists seed {} twice", where, literal_of(node), seeds[i]);
  return seeds;
}

std::string read_string(const toml::node& node, const std::string& where, const std::string& key) {
  std::string s;
  CONTRA_CHECK(read_value(node, s), "{}: {} must be a string, got {}", where, key, literal_of(node));
  return s;
}

std::vector<std::string> read_presets(const toml::node& node, const std::string& where, const char* table,
                                      const char* purpose) {
  std::vector<std::string> presets;
  CONTRA_CHECK(read_value(node, presets) && !presets.empty(), "{}: {}: presets = {} must be a non-empty array of preset names "
               "(strings): the presets {}", where, table, literal_of(node), purpose);
  for (auto it = presets.begin(); it != presets.end(); ++it)
    CONTRA_CHECK(std::find(presets.begin(), it, *it) == it, "{}: {}: presets = {} names '{}' twice", where, table,
                 literal_of(node), *it);
  return presets;
}

/// One [[zip]] table: axes that move together.
ZipAxis read_zip(const toml::node& entry, const std::string& file, const char* what) {
  const auto* table = entry.as_table();
  CONTRA_CHECK(table != nullptr, "{}: {} must be a table", location_of(entry, file), what);
  std::vector<Leaf> leaves;
  flatten(*table, "", leaves);
  ZipAxis z;
  z.origin = location_of(entry, file);
  for (const auto& [lk, ln] : leaves) {
    const auto values = array_values(*ln, location_of(*ln, file), lk);
    if (lk == "label") {  // names the points; not a config key
      for (std::size_t i = 0; i < values.size(); ++i) {
        const auto* text = ln->as_array()->get(i)->as_string();
        CONTRA_CHECK(text != nullptr && !text->get().empty(), "{}: {} label {} must be a non-empty string, got {}",
                     location_of(*ln, file), what, i + 1, literal(values[i]));
        CONTRA_CHECK(std::find(z.labels.begin(), z.labels.end(), text->get()) == z.labels.end(),
                     "{}: {} label '{}' appears twice", location_of(*ln, file), what, text->get());
        z.labels.push_back(text->get());
      }
      continue;
    }
    if (z.values.empty()) z.values.resize(values.size());
    CONTRA_CHECK(values.size() == z.values.size(), "{}: {} axis '{}' has {} values but '{}' has {}",
                 location_of(*ln, file), what, lk, values.size(), z.keys.front(), z.values.size());
    z.keys.push_back(lk);
    for (std::size_t i = 0; i < values.size(); ++i) z.values[i].push_back(values[i]);
  }
  CONTRA_CHECK(!z.keys.empty(), "{}: {} has no axes", z.origin, what);
  CONTRA_CHECK(z.labels.empty() || z.labels.size() == z.values.size(), "{}: {} has {} labels for {} points", z.origin,
               what, z.labels.size(), z.values.size());
  return z;
}

/// Grid axes from a table's array leaves (all but `skip`); with `plain_is_fixed`, a non-array
/// leaf is an override for the set's runs.
void read_grid(const toml::table& table, const std::string& file, const std::string& skip, AxisSet& set,
               bool plain_is_fixed) {
  std::vector<Leaf> leaves;
  flatten(table, "", leaves);
  for (const auto& [lk, ln] : leaves) {
    if (lk == skip) continue;
    const std::string w = location_of(*ln, file);
    CONTRA_CHECK(lk != "label",
                 "{}: 'label' names the points of a [[zip]] (label = [...] beside its axes); it is not "
                 "a config key and has no meaning here",
                 w);
    if (plain_is_fixed && !ln->is_array()) {
      set.fixed.push_back({lk, value_at(*ln, w, lk), fmt::format("{} ([[block]] {})", w, lk)});
      continue;
    }
    set.grid.push_back({lk, unique_values(*ln, w, lk), w});
  }
}

/// One [[block]]: its axes, and its own [[block.zip]].
AxisSet read_block(const toml::node& node, const std::string& file) {
  const auto* table = node.as_table();
  CONTRA_CHECK(table != nullptr, "{}: [[block]] must be a table", location_of(node, file));
  AxisSet set;
  read_grid(*table, file, "zip", set, /*plain_is_fixed=*/true);
  if (const auto* zips = table->get("zip")) {
    CONTRA_CHECK(zips->is_array_of_tables(), "{}: block.zip must be written [[block.zip]]",
                 location_of(*zips, file));
    for (const auto& entry : *zips->as_array()) set.zips.push_back(read_zip(entry, file, "[[block.zip]]"));
  }
  CONTRA_CHECK(!set.grid.empty() || !set.zips.empty(), "{}: [[block]] has no axes", location_of(node, file));
  return set;
}

}  // namespace contra::config::detail
