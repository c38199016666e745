// The rows a sweep's plan will give its table, known before any run is recorded: each planned
// run's x and series as the table shows them, and the "smallest"/"largest" a claim names resolved
// on the plan's values, not on what happens to be recorded, so that an INCOMPLETE table never
// judges another row in place of a missing one (docs/claims.md).
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/references.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// "smallest" or "largest": a claim's keyword for the table's own end of an axis.
bool is_keyword(const std::string& value);

/// Whether a row's value (its text and its number, NaN when not numeric) is the one a claim names:
/// numbers within 1e-9 (relative), words exactly.
bool same_value(const std::string& have, double have_number, const std::string& want);

/// The planned (x, series) points of one sweep's table.
class PlannedGrid {
 public:
  explicit PlannedGrid(const sweep::SweepPlan& plan);

  /// False when x is a /summary attribute ("summary.K"): known only once a run records it.
  bool x_known() const { return x_known_; }
  bool has_series() const { return has_series_; }
  /// Distinct x texts ("" when not known) and series texts ("" without a series), in plan order.
  const std::vector<std::string>& xs() const { return xs_; }
  const std::vector<std::string>& series() const { return series_; }

  /// The numeric series value `keyword` (smallest | largest) names among the planned ones. Throws
  /// ContraError at `where` (a claim's file:line) when no planned series value is a number.
  double series_pick(const std::string& keyword, const std::string& where) const;
  /// Whether series text `have` is the one `want` names: a value, a keyword, or "" (any).
  bool series_is(const std::string& have, const std::string& want, const std::string& where) const;
  /// The distinct x texts planned for the series `want` names (x_known() only), in plan order.
  std::vector<std::string> xs_of(const std::string& want, const std::string& where) const;
  /// The same, as numbers (x values that are not numbers left out).
  std::set<double> numeric_xs_of(const std::string& want, const std::string& where) const;
  /// Whether a planned run has the row `row` names: its series (a value, a keyword or "") and its
  /// x (a value; a keyword or "" matches any; any x where x is a /summary attribute, not known
  /// before the runs record it).
  bool plans(const config::ClaimRow& row, const std::string& where) const;
  /// How many planned runs have the series `want` names (seeds counted).
  std::size_t runs_of(const std::string& want, const std::string& where) const;

 private:
  bool x_known_ = true, has_series_ = false;
  std::vector<std::pair<std::string, std::string>> points_;
  std::vector<std::string> xs_, series_;
};

/// The first row `claim` names (its rows, and each value of its set along its series) that `grid`
/// does not plan, described ("series = infonce, x = 1024"), or "" when it plans them all: a row the
/// preset trims to fit its budget, which makes the claim not testable on that preset.
std::string unplanned_row(const config::Claim& claim, const PlannedGrid& grid);

/// Checks `reference`'s claims against what the sweep has (sweep::untrimmed(plan): a row the preset
/// trims counts), before it trains: every series and x value a claim names is one some run has (x read from the config or the zip
/// labels; a /summary x is checked only once recorded), every value of a set too; a series named
/// in a table without series, a smallest/largest series without numeric series values, a
/// peaks_within set that holds every x of its rows and a claim comparing a row with itself are
/// errors. Throws ContraError naming the claim's file:line. Nothing when [report] claims is false.
void check_claims(const sweep::SweepPlan& plan, const config::ReferenceTable& reference);

}  // namespace contra::report
