#include "contra/config/scale_rules.h"

#include <fmt/format.h>

#include <algorithm>

#include "contra/config/claims_reader.h"
#include "contra/config/sweep_toml.h"
#include "contra/core/error.h"

namespace contra::config {

namespace {

using detail::literal_of;
using detail::location_of;
using detail::read_value;

/// Text a line of output shows: not empty, one line.
bool one_line_text(const toml::node& v, std::string& out) {
  return read_value(v, out) && !out.empty() && out.find_first_of("\n\r") == std::string::npos;
}

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
        CONTRA_CHECK(std::find(rule.claims.begin(), rule.claims.end(), static_cast<int>(n)) == rule.claims.end(),
                     "{}: scale_rules: claims = {} names C{} twice", where, literal_of(v), n);
        rule.claims.push_back(static_cast<int>(n));
      }
    } else if (key == "cannot_keep") {
      CONTRA_CHECK(one_line_text(v, rule.cannot_keep),
                   "{}: scale_rules: cannot_keep = {} must say, as one line of text, why the preset cannot keep the ratio",
                   where, literal_of(v));
    } else if (key == "why") {
      std::string why;
      CONTRA_CHECK(one_line_text(v, why),
                   "{}: scale_rules: why = {} must say, as one line of text, what of the paper's mechanism needs the ratio",
                   where, literal_of(v));
      condition.insert(key, v);
    } else if (key == "of" || key == "at_least" || key == "at_most") {
      condition.insert(key, v);
    } else {
      core::fail("{}: scale_rules: '{}' is unknown; a scale rule takes of, at_least or at_most, paper, claims, why "
                 "and cannot_keep",
                 where, key);
    }
  }
  CONTRA_CHECK(!rule.claims.empty(), "{}: a scale rule needs claims = the claims it governs, by number", where);
  CONTRA_CHECK(std::isfinite(rule.paper), "{}: a scale rule needs paper = the ratio in the paper's own setting", where);
  CONTRA_CHECK(condition.contains("why"), "{}: a scale rule needs why = what of the paper's mechanism needs the ratio",
               where);
  rule.keeps = detail::read_condition(condition, where);
  rule.keeps.where = where;
  const auto& k = rule.keeps;
  const bool paper_meets = std::isfinite(k.at_least) ? rule.paper >= k.at_least : rule.paper <= k.at_most;
  CONTRA_CHECK(paper_meets, "{}: scale_rules: paper = {:g} does not meet the rule's own bound ({} {:g}): the rule "
               "would exclude the paper's setting",
               where, rule.paper, std::isfinite(k.at_least) ? "at_least" : "at_most",
               std::isfinite(k.at_least) ? k.at_least : k.at_most);
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
      p.presets = detail::read_presets(v, where, "power", "it sets the seeds of");
      p.presets_where = where;
    } else if (key == "sd_from" || key == "unit") {
      CONTRA_CHECK(one_line_text(v, key == "sd_from" ? p.sd_from : p.unit), "{}: power: {} = {} must be one line of text{}",
                   where, key, literal_of(v), key == "sd_from" ? ": where the SD comes from" : ": the unit of detect and sd");
    } else {
      core::fail("{}: power: '{}' is unknown; [power] takes detect, sd, sd_from, unit and presets", where, key);
    }
  }
  std::vector<std::string> missing;
  if (!std::isfinite(p.detect)) missing.emplace_back("detect (the difference to detect)");
  if (!std::isfinite(p.sd)) missing.emplace_back("sd (the per-seed SD it assumes)");
  if (p.sd_from.empty()) missing.emplace_back("sd_from (where the SD comes from)");
  CONTRA_CHECK(missing.empty(), "{}: [power] needs {}", p.where, fmt::join(missing, ", "));
  if (p.presets_where.empty()) p.presets_where = p.where;
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
