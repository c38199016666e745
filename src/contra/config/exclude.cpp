// A preset's excluded points (config/exclude.h).
#include "contra/config/exclude.h"

#include <fmt/format.h>

#include <algorithm>

#include "contra/config/sweep_toml.h"
#include "contra/core/error.h"

namespace contra::config {

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
    for (const auto& [key, value] : leaves) {
      const std::string at = detail::location_of(*value, where);
      if (value->is_array()) {
        CONTRA_CHECK(!value->as_array()->empty(), "{}: [[preset.{}.exclude]] {} lists no value", at, preset, key);
        for (const auto& v : *value->as_array()) e.match[key].push_back(detail::value_at(v, at, key));
      } else {
        e.match[key].push_back(detail::value_at(*value, at, key));
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

bool matches(const Exclusion& exclusion, const std::vector<std::pair<std::string, Value>>& point) {
  const auto same = [](const Value& a, const Value& b) {
    const auto x = as_number(a), y = as_number(b);
    return x && y ? *x == *y : a == b;
  };
  for (const auto& [key, values] : exclusion.match) {
    const auto it = std::find_if(point.begin(), point.end(), [&](const auto& kv) { return kv.first == key; });
    if (it == point.end()) return false;
    if (std::none_of(values.begin(), values.end(), [&](const Value& v) { return same(v, it->second); })) return false;
  }
  return true;
}

std::string unmatched_value(const Exclusion& exclusion,
                            const std::vector<std::vector<std::pair<std::string, Value>>>& points) {
  for (const auto& [key, values] : exclusion.match)
    for (const auto& v : values) {
      Exclusion one = exclusion;
      one.match[key] = {v};
      if (std::none_of(points.begin(), points.end(), [&](const auto& p) { return matches(one, p); }))
        return fmt::format("{} = {}", key, literal(v));
    }
  return "";
}

}  // namespace contra::config
