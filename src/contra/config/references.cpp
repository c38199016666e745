#include "contra/config/references.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "contra/config/claims_reader.h"
#include "contra/config/toml_io.h"

namespace contra::config {

namespace {

/// Whether a text starts as a decimal number does: spaces, a sign, a point, then a digit.
/// ("information" starts like "inf" to strtod; it does not start numeric here.)
bool starts_numeric(const std::string& text) {
  std::size_t i = text.find_first_not_of(' ');
  if (i == std::string::npos) return false;
  if (text[i] == '+' || text[i] == '-') ++i;
  if (i < text.size() && text[i] == '.') ++i;
  return i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0;
}

ReferenceValue to_value(const toml::node& node, const std::string& where) {
  ReferenceValue v;
  double d = 0;
  bool flag = false;
  if (detail::read_value(node, flag)) {
    v.text = flag ? "true" : "false";
  } else if (detail::read_value(node, d)) {
    CONTRA_CHECK(std::isfinite(d),
                 "{}: a reference value must be finite, got {}: leave out a value the paper does not give, or write "
                 "a word such as \"n/a\"",
                 where, detail::literal_of(node));
    v.number = d;
    v.text = detail::literal_of(node);
  } else {
    CONTRA_CHECK(detail::read_value(node, v.text),
                 "{}: a reference value must be a number, a boolean or a word, got {}", where,
                 detail::literal_of(node));
    // A word that starts like a number and goes on as no number does, with more digits ("6O.6",
    // "4,096", "5-10", "0x10"), or past a double ("1e999") is a typo far more often than a word;
    // a number and a space ("7.4 GB", "0.98 align"), or letters alone ("2x", "1st"), are words.
    const double n = leading_number(v.text);
    const auto rest = v.text.find_first_not_of("+- 0123456789.");  // where a word could begin
    const bool typo = rest == std::string::npos || v.text.find_first_of("0123456789", rest) != std::string::npos;
    CONTRA_CHECK(!starts_numeric(v.text) || std::isfinite(n) || (std::isnan(n) && !typo),
                 "{}: reference value \"{}\" starts like a number but is not one: write the number unquoted, or a "
                 "word",
                 where, v.text);
  }
  return v;
}

std::string scalar(const toml::table& t, const char* key) {
  std::string s;
  if (const auto* n = t.get(key)) (void)detail::read_value(*n, s);
  return s;
}

}  // namespace

ReferenceTable load_reference(const std::string& dir, const std::string& id) {
  const auto dot = id.find('.');
  CONTRA_CHECK(dot != std::string::npos, "reference '{}' must be <file>.<table>, e.g. <paper>.momentum_ablation", id);
  const std::string file = (std::filesystem::path(dir) / (id.substr(0, dot) + ".toml")).string();
  const std::string name = id.substr(dot + 1);
  const toml::table doc = detail::parse_file(file);
  const auto* table = doc[name].as_table();
  CONTRA_CHECK(table != nullptr, "{}: no table [{}] (reference '{}')", file, name, id);
  ReferenceTable r;
  r.id = id;
  r.paper = scalar(doc, "paper");
  r.metric = scalar(*table, "metric");
  if (r.metric.empty()) r.metric = scalar(doc, "metric");
  r.where = scalar(*table, "where");
  CONTRA_CHECK(!r.where.empty(),
               "{}: [{}] has no where = \"...\" (the table or section of the paper its numbers are from): a paper "
               "column is cited",
               file, name);
  r.setting = scalar(*table, "setting");
  for (const auto& [k, node] : *table) {
    const std::string key(k.str());
    if (key == "claims") {  // parse_claims refuses anything but an array of tables
      r.claims = detail::parse_claims(node, file);
      continue;
    }
    const auto* arr = node.as_array();
    if (arr == nullptr) continue;
    const std::string where = detail::location_of(node, file);
    std::size_t row = 0;
    for (const auto& element : *arr) {
      if (const auto* inner = element.as_array()) {  // 2-D: one column per row, "top1.0", "top1.1", ...
        auto& col = r.columns[fmt::format("{}.{}", key, row++)];
        for (const auto& e : *inner) col.push_back(to_value(e, where));
      } else {
        r.columns[key].push_back(to_value(element, where));
      }
    }
  }
  CONTRA_CHECK(!r.paper.empty(), "{}: the file has no 'paper' citation", file);
  return r;
}

double leading_number(const std::string& text) {
  if (!starts_numeric(text)) return NAN;
  const auto at = text.find_first_not_of(" +-");
  if (text.compare(at, 2, "0x") == 0 || text.compare(at, 2, "0X") == 0) return NAN;  // strtod reads hex
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  const auto next_is_digit = [&] { return std::isdigit(static_cast<unsigned char>(end[1])) != 0; };
  if (std::isalnum(static_cast<unsigned char>(*end)) || *end == '.' || ((*end == ',' || *end == '-') && next_is_digit()))
    return NAN;
  return v;
}

const std::vector<ReferenceValue>& reference_column(const ReferenceTable& table, const std::string& name) {
  auto it = table.columns.find(name);
  if (it == table.columns.end()) {
    std::vector<std::string> names;
    for (const auto& [k, v] : table.columns) names.push_back(k);
    core::fail("reference {}: no column '{}'; columns: {}", table.id, name, fmt::join(names, ", "));
  }
  return it->second;
}

}  // namespace contra::config
