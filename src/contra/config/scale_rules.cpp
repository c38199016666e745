#include "contra/config/scale_rules.h"

#include <fmt/format.h>

#include "contra/config/claims_reader.h"
#include "contra/config/sweep_toml.h"
#include "contra/core/error.h"

namespace contra::config {

namespace {

using detail::literal_of;
using detail::location_of;
using detail::read_value;

ScaleRule read_rule(const toml::node& node, const std::string& file) {
  const std::string where = location_of(node, file);
  const auto* t = node.as_table();
  CONTRA_CHECK(t != nullptr, "{}: each [[scale_rules]] entry must be a table", where);
  ScaleRule rule;
  toml::table condition;  // of, at_least / at_most, why: read as a claim's condition
  for (const auto& [k, v] : *t) {
    const std::string key(k.str());
    if (key == "paper") {
      CONTRA_CHECK(read_value(v, rule.paper) && std::isfinite(rule.paper) && rule.paper > 0,
                   "{}: scale_rules: paper = {} must be the paper's ratio, a positive number", where, literal_of(v));
    } else if (key == "claims") {
      const auto* arr = v.as_array();
      CONTRA_CHECK(arr != nullptr && !arr->empty(),
                   "{}: scale_rules: claims = {} must list the claims it governs by number ([2, 3] for C2 and C3)",
                   where, literal_of(v));
      for (const auto& e : *arr) {
        double n = 0;
        CONTRA_CHECK(read_value(e, n) && n >= 1 && n == std::floor(n) && n < 1000,
                     "{}: scale_rules: claims = {}: {} is no claim number (C1 is 1)", where, literal_of(v), literal_of(e));
        rule.claims.push_back(static_cast<int>(n));
      }
    } else if (key == "cannot_keep") {
      CONTRA_CHECK(read_value(v, rule.cannot_keep) && !rule.cannot_keep.empty(),
                   "{}: scale_rules: cannot_keep = {} must say, as text, why the preset cannot keep the ratio", where,
                   literal_of(v));
    } else if (key == "of" || key == "at_least" || key == "at_most" || key == "why") {
      condition.insert(key, v);
    } else {
      core::fail("{}: scale_rules: '{}' is unknown; a scale rule takes of, at_least or at_most, paper, claims, why "
                 "and cannot_keep",
                 where, key);
    }
  }
  CONTRA_CHECK(!rule.claims.empty(), "{}: a scale rule needs claims = the claims it governs, by number", where);
  CONTRA_CHECK(std::isfinite(rule.paper), "{}: a scale rule needs paper = the ratio in the paper's own setting", where);
  rule.keeps = detail::read_condition(condition, where);
  rule.keeps.where = where;
  return rule;
}

}  // namespace

namespace detail {

std::vector<ScaleRule> read_scale_rules(const toml::node& node, const std::string& file) {
  const auto* arr = node.as_array();
  CONTRA_CHECK(arr != nullptr && node.is_array_of_tables(),
               "{}: scale_rules must be an array of tables ([[scale_rules]])", location_of(node, file));
  std::vector<ScaleRule> rules;
  for (const auto& e : *arr) rules.push_back(read_rule(e, file));
  return rules;
}

PowerRule read_power_rule(const toml::node& node, const std::string& file) {
  PowerRule p;
  p.where = location_of(node, file);
  const auto* t = node.as_table();
  CONTRA_CHECK(t != nullptr, "{}: power must be a table ([power])", p.where);
  for (const auto& [k, v] : *t) {
    const std::string key(k.str());
    const std::string where = location_of(v, file);
    if (key == "detect" || key == "sd") {
      double x = NAN;
      CONTRA_CHECK(read_value(v, x) && std::isfinite(x) && x > 0, "{}: power: {} = {} must be a positive number of points",
                   where, key, literal_of(v));
      (key == "detect" ? p.detect : p.sd) = x;
    } else if (key == "presets") {
      CONTRA_CHECK(read_value(v, p.presets) && !p.presets.empty(),
                   "{}: power: presets = {} must list the presets it sets the seeds of", where, literal_of(v));
    } else if (key == "sd_from") {
      CONTRA_CHECK(read_value(v, p.sd_from) && !p.sd_from.empty(),
                   "{}: power: sd_from = {} must say, as text, where the SD comes from", where, literal_of(v));
    } else {
      core::fail("{}: power: '{}' is unknown; [power] takes detect, sd, sd_from and presets", where, key);
    }
  }
  CONTRA_CHECK(std::isfinite(p.detect) && std::isfinite(p.sd) && !p.sd_from.empty(),
               "{}: [power] needs detect (points), sd (points) and sd_from (where the SD comes from)", p.where);
  return p;
}

}  // namespace detail

std::vector<Claim> with_scale_rules(std::vector<Claim> claims, const std::vector<ScaleRule>& rules) {
  for (const auto& rule : rules)
    for (const int n : rule.claims) {
      CONTRA_CHECK(n <= static_cast<int>(claims.size()),
                   "{}: scale_rules: claims names C{}, but the cited table has {} claim{}", rule.keeps.where, n,
                   claims.size(), claims.size() == 1 ? "" : "s");
      Condition c = rule.keeps;
      c.why = fmt::format("the sweep's scale rule, {}: {}; the paper's ratio {:g}{}", rule.keeps.where, rule.keeps.why,
                          rule.paper, rule.cannot_keep.empty() ? "" : "; the preset cannot keep it: " + rule.cannot_keep);
      claims[static_cast<std::size_t>(n - 1)].conditions.push_back(std::move(c));
    }
  return claims;
}

}  // namespace contra::config
