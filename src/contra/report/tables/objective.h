// A recipe study's selection rule under its table ([report] objective = "mean_over_series";
// docs/recipe.md): which candidate recipe (a row x) the cpu preset takes, computed from the
// records by the rule the sweep wrote before its runs, never chosen by eye.
#pragma once

#include <string>

#include "contra/config/report_spec.h"
#include "contra/report/rows.h"
#include "contra/report/tables/table.h"

namespace contra::report {

/// One candidate (an x value) as the rule scores it.
struct Candidate {
  std::string x;                 ///< its text (a zip label or a value)
  double score = NAN;            ///< mean over the series of each row's mean metric; NaN when a row is missing
  int series = 0, learned = 0;   ///< rows present, and those above their own random init
  double worst_margin = NAN;     ///< the smallest (mean metric − mean knn_top1_random_init) over its rows
  double cost_s = NAN;           ///< mean over its runs of train_seconds + eval_seconds
  bool eligible = false;         ///< every series present and learned, cost within the bound
};

/// Every x of `d`, scored (spec.objective, spec.objective_cost_x, spec.objective_cost_ratio) and
/// in x order, with the index of the chosen one in `chosen` (-1 when none is eligible). Throws
/// core::ContraError naming `sweep_file` when no row has x = objective_cost_x.
std::vector<Candidate> score_candidates(const config::ReportSpec& spec, const RowSet& d, const std::string& sweep_file,
                                        int& chosen);

/// The rule, each candidate's score, eligibility and cost, and the chosen one with the baselines
/// beside it, as a section under the table.
Section objective_section(const config::ReportSpec& spec, const RowSet& d, const std::string& sweep_file);

}  // namespace contra::report
