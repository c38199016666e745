// A preset's excluded points (config/exclude.h).
#include "contra/config/exclude.h"

#include <fmt/format.h>

#include <algorithm>

#include "contra/config/sweep_toml.h"
#include "contra/core/error.h"

namespace contra::config {

namespace {

/// Numbers compare by value (1 matches 1.0); other values as they are.
bool same(const Value& a, const Value& b) {
  const auto x = as_number(a), y = as_number(b);
  return x && y ? *x == *y : a == b;
}

bool same_match(const Exclusion& a, const Exclusion& b) {
  if (a.match.size() != b.match.size()) return false;
  for (const auto& [key, values] : a.match) {
    const auto it = b.match.find(key);
    if (it == b.match.end() || it->second.size() != values.size()) return false;
    for (const auto& v : values)
      if (std::none_of(it->second.begin(), it->second.end(), [&](const Value& w) { return same(v, w); })) return false;
  }
  return true;
}

}  // namespace

std::vector<Exclusion> read_exclusions(const toml::node& node, const std::string& where, const std::string& preset) {
  const auto* tables = node.as_array();
  CONTRA_CHECK(tables != nullptr && !tables->empty() && tables->is_array_of_tables(),
               "{}: preset.{}.exclude must be written as [[preset.{}.exclude]] tables, each a set of axis values "
               "whose points the preset drops, got {}",
               where, preset, preset, detail::literal_of(node));
  std::vector<Exclusion> out;
  for (const auto& t : *tables) {
    const auto& table = *t.as_table();
    Exclusion e;
    e.origin = detail::location_of(t, where);
    CONTRA_CHECK(!table.empty(), "{}: [[preset.{}.exclude]] names no axis: it would drop every point", e.origin,
                 preset);
    std::vector<detail::Leaf> leaves;
    detail::flatten(table, "", leaves);
    std::map<std::string, std::string> seen;  // "a.b" and a.b are one key: TOML lets both be written
    for (const auto& [key, value] : leaves) {
      const std::string at = detail::location_of(*value, where);
      const auto [first, added] = seen.emplace(key, at);
      CONTRA_CHECK(added, "{}: '{}' is set twice in this [[preset.{}.exclude]] (also at {}): list its values once",
                   at, key, preset, first->second);
      auto& values = e.match[key];
      if (value->is_array()) {
        CONTRA_CHECK(!value->as_array()->empty(), "{}: [[preset.{}.exclude]] {} lists no value", at, preset, key);
        for (const auto& v : *value->as_array()) values.push_back(detail::value_at(v, at, key));
      } else {
        values.push_back(detail::value_at(*value, at, key));
      }
      for (auto it = values.begin(); it != values.end(); ++it)
        CONTRA_CHECK(std::none_of(values.begin(), it, [&](const Value& v) { return same(v, *it); }),
                     "{}: [[preset.{}.exclude]] {} lists {} twice", at, preset, key, literal(*it));
    }
    for (const auto& earlier : out)
      CONTRA_CHECK(!same_match(earlier, e), "{}: this [[preset.{}.exclude]] repeats the one at {}", e.origin, preset,
                   earlier.origin);
    out.push_back(std::move(e));
  }
  return out;
}

bool matches(const Exclusion& exclusion, const std::vector<std::pair<std::string, Value>>& point) {
  for (const auto& [key, values] : exclusion.match) {
    const auto it = std::find_if(point.begin(), point.end(), [&](const auto& kv) { return kv.first == key; });
    if (it == point.end()) return false;
    if (std::none_of(values.begin(), values.end(), [&](const Value& v) { return same(v, it->second); })) return false;
  }
  return true;
}

std::string unmatched_value(const Exclusion& exclusion,
                            const std::vector<std::vector<std::pair<std::string, Value>>>& points) {
  // What each axis key takes across the points, in the order first met.
  std::map<std::string, std::vector<Value>> axes;
  for (const auto& p : points)
    for (const auto& [key, value] : p) {
      auto& values = axes[key];
      if (std::none_of(values.begin(), values.end(), [&](const Value& v) { return same(v, value); }))
        values.push_back(value);
    }
  for (const auto& [key, values] : exclusion.match) {
    const auto it = axes.find(key);
    if (it == axes.end()) {
      std::vector<std::string> keys;
      for (const auto& [k, v] : axes) keys.push_back(k);
      return fmt::format("it names '{}', which is no axis of the sweep (an exclude names axis values: {})", key,
                         fmt::join(keys, ", "));
    }
    for (const auto& v : values)
      if (std::none_of(it->second.begin(), it->second.end(), [&](const Value& a) { return same(a, v); })) {
        std::vector<std::string> have;
        for (const auto& a : it->second) have.push_back(literal(a));
        return fmt::format("it lists {} = {}, a value the axis does not have (its values: {})", key, literal(v),
                           fmt::join(have, ", "));
      }
  }
  for (const auto& [key, values] : exclusion.match)
    for (const auto& v : values) {
      Exclusion one = exclusion;
      one.match[key] = {v};
      if (std::none_of(points.begin(), points.end(), [&](const auto& p) { return matches(one, p); }))
        return fmt::format("it lists {} = {}, which no point has together with its other values", key, literal(v));
    }
  if (std::none_of(points.begin(), points.end(), [&](const auto& p) { return matches(exclusion, p); }))
    return "its values never occur together in one point";
  return "";
}

}  // namespace contra::config
