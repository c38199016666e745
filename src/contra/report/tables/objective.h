// A recipe study's selection rule under its table ([report] objective = "mean_over_series";
// docs/recipe.md): which candidate recipe (a row x) the cpu preset takes, computed from the
// records by the rule the sweep wrote before its runs, never chosen by eye.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "contra/config/report_spec.h"
#include "contra/report/rows.h"
#include "contra/report/tables/table.h"

namespace contra::report {

/// One candidate (an x value) as the rule scores it.
struct Candidate {
  std::string x;                 ///< its text (a zip label or a value)
  double score = NAN;            ///< mean over the series of each row's mean metric; NaN when a row is missing
  int series = 0, learned = 0;   ///< rows present, and those above their own random init
  double worst_margin = NAN;     ///< the smallest (mean metric − mean knn_top1_random_init) over its rows; NaN if any is
  double cost_s = NAN;           ///< mean over its runs of train_seconds + eval_seconds (those recorded)
  bool complete = false;         ///< every series has a row with every seed recorded and none errored
  bool eligible = false;         ///< complete, every row learned, cost within the bound
};

/// The rule applied to a table's rows.
struct Objective {
  std::vector<Candidate> candidates;  ///< every x, in the table's order
  int chosen = -1;                    ///< index of the chosen one; -1 when none (or not judged)
  double base_cost_s = NAN;           ///< the cost of x = objective_cost_x, the bound's base
  std::string not_judged;             ///< why the rule cannot be applied yet; "" when it was
  /// Per series (RowSet::series_order): under how many candidates its row is above its own random
  /// init, of those where it has a measured row.
  std::vector<std::pair<int, int>> learned_of_present;
};

/// Every x of `d` scored by spec.objective, spec.objective_cost_x and spec.objective_cost_ratio, with
/// `seeds` seeds planned per row. Not judged (no choice) while a planned run has no record, x =
/// objective_cost_x has no row or no cost, or a row lacks its random-init kNN.
Objective score_candidates(const config::ReportSpec& spec, const RowSet& d, int seeds);

/// The rule, each candidate's score, eligibility and cost, and the chosen one with the baselines
/// beside it, as a section under the table.
Section objective_section(const config::ReportSpec& spec, const RowSet& d, int seeds);

}  // namespace contra::report
