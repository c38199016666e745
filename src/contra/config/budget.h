// A sweep's `[budget]` (docs/recipe.md, "Budgets"): the most wall time its table may take on the
// machine its preset is for, and how its seeds or rows were fitted to it, stated before its runs.
// The report checks it on the records (report/verdicts/protocol.h).
//   [budget]
//   minutes = 30          # the table's runs and its baselines
//   jobs = 2              # runs side by side (make's JOBS)
//   fit = "the power rule's 10 seeds fit: 5 rows x 10 x 56 s / 2 = 23 minutes, baselines 4"
//   presets = ["cpu"]     # default: the sweep's default preset
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "contra/config/toml_io.h"

namespace contra::config {

struct BudgetRule {
  double minutes = NAN;              ///< > 0
  std::int64_t jobs = 2;             ///< >= 1
  std::string fit;                   ///< one line: how the seeds or rows were fitted to the budget
  std::vector<std::string> presets;  ///< the presets it holds for
  std::string presets_where;         ///< "file:line" of its presets key; [budget]'s own where when absent
  std::string where;                 ///< "file:line" of [budget]
};

namespace detail {

/// Parses the sweep's `[budget]` table in `file`. Throws ContraError with file:line on a missing or
/// non-positive minutes, jobs below 1, a fit that is not one line of text, presets named twice or
/// none, or an unknown key.
BudgetRule read_budget_rule(const toml::node& node, const std::string& file);

}  // namespace detail

}  // namespace contra::config
