#include "contra/config/budget.h"

#include <fmt/format.h>

#include "contra/config/sweep_toml.h"
#include "contra/core/error.h"

namespace contra::config::detail {

BudgetRule read_budget_rule(const toml::node& node, const std::string& file) {
  BudgetRule b;
  b.where = location_of(node, file);
  const auto* t = node.as_table();
  CONTRA_CHECK(t != nullptr, "{}: budget must be a table ([budget])", b.where);
  for (const auto& [k, v] : *t) {
    const std::string key(k.str());
    const std::string where = location_of(v, file);
    if (key == "minutes") {
      CONTRA_CHECK(read_value(v, b.minutes) && std::isfinite(b.minutes) && b.minutes > 0,
                   "{}: budget: minutes = {} must be a positive number of minutes", where, literal_of(v));
    } else if (key == "jobs") {
      CONTRA_CHECK(read_value(v, b.jobs) && b.jobs >= 1 && b.jobs <= 1024,
                   "{}: budget: jobs = {} must be a whole number in [1, 1024] (runs side by side, as contra sweep "
                   "--jobs)",
                   where, literal_of(v));
    } else if (key == "fit") {
      std::string text;
      CONTRA_CHECK(read_value(v, text) && text.find_first_not_of(" \t") != std::string::npos &&
                       text.find_first_of("\n\r") == std::string::npos,
                   "{}: budget: fit = {} must be one line of text: how the seeds or rows were fitted to the budget",
                   where, literal_of(v));
      b.fit = text;
    } else if (key == "presets") {
      b.presets = read_presets(v, where, "budget", "it holds for");
      b.presets_where = where;
    } else {
      core::fail("{}: budget: '{}' is unknown; [budget] takes minutes, jobs, fit and presets", where, key);
    }
  }
  std::vector<std::string> missing;
  if (!std::isfinite(b.minutes)) missing.emplace_back("minutes (the most the table may take)");
  if (b.fit.empty()) missing.emplace_back("fit (how its seeds or rows were fitted to it)");
  CONTRA_CHECK(missing.empty(), "{}: [budget] needs {}", b.where, fmt::join(missing, ", "));
  if (b.presets_where.empty()) b.presets_where = b.where;
  return b;
}

}  // namespace contra::config::detail
