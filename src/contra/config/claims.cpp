#include "contra/config/claims.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "contra/config/claims_reader.h"
#include "contra/config/report_spec.h"
#include "contra/core/hash.h"

namespace contra::config {

std::string ClaimRow::describe() const {
  if (empty()) return "all rows";
  if (series.empty()) return fmt::format("x = {}", x);
  if (x.empty()) return fmt::format("series = {}", series);
  return fmt::format("series = {}, x = {}", series, x);
}

namespace {

constexpr ClaimKind kKinds[] = {ClaimKind::increases, ClaimKind::decreases, ClaimKind::peaks_within, ClaimKind::above,
                                ClaimKind::approx,    ClaimKind::fails,     ClaimKind::narrows};

}  // namespace

const char* to_string(ClaimKind kind) {
  // clang-format off
  switch (kind) {
    case ClaimKind::increases: return "increases";
    case ClaimKind::decreases: return "decreases";
    case ClaimKind::peaks_within: return "peaks_within";
    case ClaimKind::above: return "above";
    case ClaimKind::approx: return "approx";
    case ClaimKind::fails: return "fails";
    case ClaimKind::narrows: return "narrows";
  }
  // clang-format on
  return "?";
}

const std::vector<std::string>& claim_kind_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto k : kKinds) out.emplace_back(to_string(k));
    return out;
  }();
  return names;
}

const std::vector<std::string>& claim_metric_names() {
  static const std::vector<std::string> names = {"linear", "knn", "pretext", "peak_memory", "train_seconds"};
  return names;
}

std::string claim_hash(const Claim& c) {
  std::string text = fmt::format("contra claim, rule v{}\nkind={}\nsays={}\nmetric={}\npaper={}\n", kRuleVersion,
                                 to_string(c.kind), c.says, c.metric, c.paper);
  for (const auto& [name, row] :
       {std::pair{"row", &c.row}, std::pair{"than", &c.than}, std::pair{"then_row", &c.then_row},
        std::pair{"then_than", &c.then_than}, std::pair{"along", &c.along}})
    text += fmt::format("{}={}|{}\n", name, row->series, row->x);
  text += fmt::format("set={}\nwithin={}\n", fmt::join(c.set, "|"), c.within);
  for (const auto& k : c.conditions)
    text += fmt::format("condition={}|{}|{}|{}|{}\n", k.of, k.at_least, k.at_most, k.on, k.why);
  return core::short_hash(text, 12);
}

const std::vector<std::string>& condition_quantity_names() {
  static const std::vector<std::string> names = {"knn_over_random_init", "probe_converged", "train_images", "learned"};
  return names;
}

namespace detail {

namespace {

/// One operand of a condition's quantity: a named quantity, summary.<name>, horizon(<key>) or a
/// config key (checked against the runs' configs when the claim is checked against the plan).
void check_operand(const std::string& operand, const std::string& where) {
  const auto& names = condition_quantity_names();
  const bool named = std::find(names.begin(), names.end(), operand) != names.end();
  const bool summary = operand.rfind("summary.", 0) == 0 && operand.size() > 8;
  const bool horizon = operand.rfind("horizon(", 0) == 0 && operand.back() == ')' && operand.size() > 9;
  const auto dot = operand.find('.');
  const bool key = !summary && operand.rfind("summary.", 0) != 0 && dot != std::string::npos && dot > 0 &&
                   dot + 1 < operand.size() && operand.find_first_of(" ()/") == std::string::npos;
  CONTRA_CHECK(named || summary || horizon || key,
               "{}: conditions: of = '{}' is not a quantity; use a config key (optim.batch), summary.<name>, "
               "horizon(<config key>), {}, or two of them divided ('a / b')",
               where, operand, fmt::join(names, ", "));
  const auto& recorded = names::kSummaryAttributes;
  CONTRA_CHECK(!summary || std::find(recorded.begin(), recorded.end(), operand.substr(8)) != recorded.end(),
               "{}: conditions: of = '{}' names no /summary attribute a run records; valid: summary.{}", where, operand,
               fmt::join(recorded, ", summary."));
}

}  // namespace

Condition read_condition(const toml::node& node, const std::string& claim_where) {
  const std::string where = location_of(node, claim_where);
  const auto* t = node.as_table();
  CONTRA_CHECK(t != nullptr, "{}: each condition must be a table such as {{ of = \"optim.batch\", at_least = 256 }}",
               where);
  Condition c;
  c.where = where;
  for (const auto& [k, v] : *t) {
    const std::string key(k.str());
    if (key == "of") {
      CONTRA_CHECK(read_value(v, c.of) && !c.of.empty(), "{}: conditions: of = {} must be a quantity as text", where,
                   literal_of(v));
    } else if (key == "at_least" || key == "at_most") {
      double bound = NAN;
      CONTRA_CHECK(read_value(v, bound) && std::isfinite(bound), "{}: conditions: {} = {} must be a finite number",
                   where, key, literal_of(v));
      (key == "at_least" ? c.at_least : c.at_most) = bound;
    } else if (key == "on") {
      CONTRA_CHECK(
          read_value(v, c.on) && (c.on == "row" || c.on == "than" || c.on == "then_row" || c.on == "then_than"),
          "{}: conditions: on = {} must be one of the claim's rows: row, than, then_row, then_than", where,
          literal_of(v));
    } else if (key == "why") {
      CONTRA_CHECK(read_value(v, c.why), "{}: conditions: why = {} must be text", where, literal_of(v));
    } else {
      core::fail("{}: conditions: '{}' is unknown; a condition takes of, at_least or at_most, on and why", where, key);
    }
  }
  CONTRA_CHECK(!c.of.empty(), "{}: a condition needs of = the quantity it bounds", where);
  CONTRA_CHECK(std::isfinite(c.at_least) != std::isfinite(c.at_most),
               "{}: a condition needs exactly one bound, at_least or at_most (of = '{}')", where, c.of);
  const auto slash = c.of.find(" / ");
  CONTRA_CHECK(slash == std::string::npos || c.of.find(" / ", slash + 3) == std::string::npos,
               "{}: conditions: of = '{}' divides more than once; a quantity is one operand or 'a / b'", where, c.of);
  if (slash == std::string::npos) {
    check_operand(c.of, where);
    // learned and probe_converged are 0/1 per run, a fraction per row: a bound outside [0, 1] either
    // always holds or never can.
    if (c.of == "learned" || c.of == "probe_converged") {
      const bool sensible =
          std::isfinite(c.at_least) ? c.at_least > 0 && c.at_least <= 1 : c.at_most >= 0 && c.at_most < 1;
      CONTRA_CHECK(sensible, "{}: conditions: {} = {:g} on '{}', a fraction of runs, must be within {} (1: every run)",
                   where, std::isfinite(c.at_least) ? "at_least" : "at_most",
                   std::isfinite(c.at_least) ? c.at_least : c.at_most, c.of,
                   std::isfinite(c.at_least) ? "(0, 1]" : "[0, 1)");
    }
  } else {
    check_operand(c.of.substr(0, slash), where);
    check_operand(c.of.substr(slash + 3), where);
  }
  return c;
}

namespace {

/// A row value as text: strings as they are, numbers as written, booleans as true/false.
std::string value_text(const toml::node& node, const std::string& where, const std::string& key) {
  std::string s;
  bool flag = false;
  double number = 0;
  if (read_value(node, flag)) return flag ? "true" : "false";
  if (read_value(node, number)) {
    CONTRA_CHECK(std::isfinite(number), "{}: {} = {} is not a finite number", where, key, literal_of(node));
    return literal_of(node);
  }
  CONTRA_CHECK(read_value(node, s) && !s.empty(), "{}: {} = {} must be a number, a boolean or a non-empty word", where,
               key, literal_of(node));
  return s;
}

ClaimRow read_row(const toml::node& node, const std::string& where, const std::string& key) {
  const auto* t = node.as_table();
  CONTRA_CHECK(t != nullptr, "{}: {} = {} must be a table such as {{ series = \"mlp\", x = 0.2 }}", where, key,
               literal_of(node));
  ClaimRow row;
  for (const auto& [k, v] : *t) {
    const std::string name(k.str());
    const std::string full = key + "." + name;
    if (name == "series") {
      row.series = value_text(v, where, full);
    } else if (name == "x") {
      row.x = value_text(v, where, full);
    } else {
      core::fail("{}: {} is unknown; a row takes series and x", where, full);
    }
  }
  return row;
}

/// The keys each kind takes beside says, kind and metric; `true` = required.
const std::map<ClaimKind, std::map<std::string, bool>>& kind_keys() {
  static const std::map<ClaimKind, std::map<std::string, bool>> keys = {
      {ClaimKind::above, {{"row", true}, {"than", true}}},
      {ClaimKind::approx, {{"row", true}, {"than", true}, {"within", true}}},
      {ClaimKind::increases, {{"along", false}}},
      {ClaimKind::decreases, {{"along", false}}},
      {ClaimKind::peaks_within, {{"along", false}, {"set", true}}},
      {ClaimKind::fails, {{"row", true}}},
      {ClaimKind::narrows, {{"row", true}, {"than", true}, {"then_row", true}, {"then_than", true}}},
  };
  return keys;
}

Claim read_claim(const toml::table& t, const std::string& where) {
  Claim c;
  c.where = where;
  const auto* kind = t.get("kind");
  std::string kind_name;
  const auto& kind_names = claim_kind_names();
  CONTRA_CHECK(kind != nullptr, "{}: a claim needs kind = one of {}", where, fmt::join(kind_names, ", "));
  CONTRA_CHECK(read_value(*kind, kind_name), "{}: kind = {} must be a name, one of {}", location_of(*kind, where),
               literal_of(*kind), fmt::join(kind_names, ", "));
  const auto named = std::find(kind_names.begin(), kind_names.end(), kind_name);
  CONTRA_CHECK(named != kind_names.end(), "{}: kind = '{}' is unknown; valid: {}", where, kind_name,
               fmt::join(kind_names, ", "));
  c.kind = kKinds[named - kind_names.begin()];
  const auto keys = kind_keys().find(c.kind);
  const auto* says = t.get("says");
  CONTRA_CHECK(says != nullptr && read_value(*says, c.says) && !c.says.empty(),
               "{}: a claim needs says = the paper's words or a paraphrase, with its source", where);
  for (const auto& [k, v] : t) {
    const std::string key(k.str());
    if (key == "kind" || key == "says") continue;
    if (key == "paper") {
      CONTRA_CHECK(read_value(v, c.paper) && !c.paper.empty(), "{}: paper must be the cited numbers as text", where);
      continue;
    }
    if (key == "conditions") {
      const auto* arr = v.as_array();
      CONTRA_CHECK(arr != nullptr,
                   "{}: conditions = {} must be an array of tables such as [{{ of = \"optim.batch\", "
                   "at_least = 256 }}]",
                   location_of(v, where), literal_of(v));
      for (const auto& e : *arr) c.conditions.push_back(read_condition(e, where));
      continue;
    }
    if (key == "metric") {
      CONTRA_CHECK(read_value(v, c.metric), "{}: metric must be a string", where);
      const auto& names = claim_metric_names();
      CONTRA_CHECK(std::find(names.begin(), names.end(), c.metric) != names.end(),
                   "{}: metric = '{}' is unknown; valid: {}", where, c.metric, fmt::join(names, ", "));
      continue;
    }
    CONTRA_CHECK(keys->second.count(key) == 1, "{}: a claim of kind '{}' takes no '{}' (it takes {})", where, kind_name,
                 key, [&] {
                   std::vector<std::string> names;
                   for (const auto& [name, required] : keys->second) names.push_back(name);
                   return fmt::format("{}", fmt::join(names, ", "));
                 }());
    if (key == "row") c.row = read_row(v, where, key);
    if (key == "than") c.than = read_row(v, where, key);
    if (key == "then_row") c.then_row = read_row(v, where, key);
    if (key == "then_than") c.then_than = read_row(v, where, key);
    if (key == "along") c.along = read_row(v, where, key);
    if (key == "within") {
      CONTRA_CHECK(read_value(v, c.within) && std::isfinite(c.within) && c.within > 0 && c.within < 100,
                   "{}: within = {} must be a number of points in (0, 100): top-1 lies in [0, 100], so a margin of "
                   "100 or more holds for any two results",
                   where, literal_of(v));
    }
    if (key == "set") {
      const auto* arr = v.as_array();
      CONTRA_CHECK(arr != nullptr && !arr->empty(), "{}: set = {} must be a non-empty array of x values", where,
                   literal_of(v));
      for (const auto& e : *arr) c.set.push_back(value_text(e, where, "set"));
    }
  }
  for (const auto& [key, required] : keys->second)
    CONTRA_CHECK(!required || t.get(key) != nullptr, "{}: a claim of kind '{}' needs '{}'", where, kind_name, key);
  for (const auto& k : c.conditions)  // `on` names one of the rows this kind compares
    CONTRA_CHECK(k.on.empty() || (k.on != "along" && keys->second.count(k.on) == 1),
                 "{}: conditions: on = '{}', but a claim of kind '{}' names no such row", k.where, k.on, kind_name);
  for (const auto& [key, row] : {std::pair{"row", &c.row}, std::pair{"than", &c.than},
                                 std::pair{"then_row", &c.then_row}, std::pair{"then_than", &c.then_than}})
    CONTRA_CHECK(t.get(key) == nullptr || !row->empty(), "{}: {} = {{}} names no row", where, key);
  return c;
}

}  // namespace

std::vector<Claim> parse_claims(const toml::node& node, const std::string& file) {
  const std::string at = location_of(node, file);
  const auto* arr = node.as_array();
  CONTRA_CHECK(arr != nullptr, "{}: claims must be an array of tables ([[<table>.claims]])", at);
  CONTRA_CHECK(!arr->empty(), "{}: claims = [] names no claim; leave the key out for a table without claims", at);
  std::vector<Claim> claims;
  std::vector<std::string> hashes;  // one per claim, for the repeat check
  for (const auto& element : *arr) {
    const auto* t = element.as_table();
    const std::string where = location_of(element, file);
    CONTRA_CHECK(t != nullptr, "{}: each claim must be a table ([[<table>.claims]])", where);
    claims.push_back(read_claim(*t, where));
    const std::string hash = claim_hash(claims.back());
    for (std::size_t i = 0; i < hashes.size(); ++i)
      CONTRA_CHECK(hashes[i] != hash,
                   "{}: this claim repeats the one at {} (the same kind, words, rows and conditions): it would be "
                   "judged and counted twice",
                   where, claims[i].where);
    hashes.push_back(hash);
  }
  return claims;
}

}  // namespace detail

}  // namespace contra::config
