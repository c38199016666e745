// The rows a claim names (config/claims.h), resolved among a table's recorded rows on the sweep's
// plan: a value, or "smallest"/"largest" picked among the x (or series) values the plan has (so an
// INCOMPLETE table never judges another row in place of a missing one), a pair sharing a keyword's
// x, and the rows along a series or across one x. report/verdicts/claims.h judges what they hold.
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/claims.h"
#include "contra/report/verdicts/planned_grid.h"
#include "contra/report/rows.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// A row as claims and protocol lines name it: "m = 0.99" (x label and value), "head mlp, τ = 0.2"
/// (series first), or the label itself where the report's x is a zip label ("MLP+aug+").
std::string row_label(const config::ReportSpec& spec, const Row& row);

/// Raised when a row a claim names is not among the recorded rows. `named`: the claim named it by
/// its value (an error in a complete table); otherwise a keyword or a selection found too few
/// rows in this table's grid (the claim cannot be judged here: inconclusive).
struct MissingRow {
  std::string what;
  bool named = true;
};

/// Resolves the rows of one claim. Every lookup throws MissingRow when a row is not recorded
/// (named: the plan has it, no record holds it yet) or a keyword or selection finds too few rows in
/// this grid (not named), and ContraError when a value names more than one row.
class ClaimRows {
 public:
  ClaimRows(const sweep::SweepPlan& plan, const RowSet& rows, const config::Claim& claim)
      : plan_(plan), grid_(plan), d_(rows), claim_(claim) {}

  /// The row `ref` names. Its x keyword picks among the x values the plan has for its series (`xs`,
  /// when given, restricts them), or, for a /summary x, among the recorded ones.
  const Row* one(const config::ClaimRow& ref, const std::set<double>* xs = nullptr) const;
  /// Two rows; when both name the same x keyword, it is taken among the x values both series have.
  std::pair<const Row*, const Row*> pair(const config::ClaimRow& a, const config::ClaimRow& b) const;
  /// The rows `along` names in order: a series' rows by x, or one x's rows by series value; every
  /// row of it the plan has must be recorded.
  std::vector<const Row*> select_along(const config::ClaimRow& along) const;

 private:
  void require_series_recorded(const std::string& series) const;
  std::vector<const Row*> of_series(const std::string& series) const;
  const Row* at_x(const std::vector<const Row*>& rows, const config::ClaimRow& ref, const std::set<double>* xs) const;

  const sweep::SweepPlan& plan_;
  PlannedGrid grid_;  ///< the rows the plan will give the table: smallest/largest are resolved on it
  const RowSet& d_;
  const config::Claim& claim_;
};

}  // namespace contra::report
