// The baselines of a table (docs/baselines.md; sweep/baselines.h plans their runs): raw pixels,
// the random-init encoder and the supervised ceiling, each as a row of kNN and linear top-1 from
// its records, and what every table shows of them: the rows, each measured row's gain over raw
// pixels (report/figures/panels.h draws them as the figure's labelled horizontal lines).
#pragma once

#include <string>
#include <vector>

#include "contra/config/report_spec.h"
#include "contra/report/rows.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// One row per baseline method (sweep::baseline_methods() order) from the planned baseline runs
/// and their records (`records`: the finished ones of `baselines`; others are ignored).
std::vector<BaselineRow> baseline_rows(const sweep::SweepPlan& baselines, const std::vector<RunSummary>& records);

/// A supervised baseline (Role::ceiling) that did not learn is shown as such and never called the
/// ceiling: its status becomes "did not learn: kNN 47.36 is not above random init's 74.93; not a
/// ceiling" when its mean kNN is not above the random-init baseline's (Role::init), and "...; not a
/// ceiling" is appended when its loss stayed near chance (docs/baselines.md). Called by baseline_rows.
void mark_ceiling_that_did_not_learn(std::vector<BaselineRow>& baselines);

/// "+3.25": a measured mean minus the raw-pixel baseline's (config::BaselineSpec::Role::input) on
/// the same protocol (`knn` or linear), in points; `missing` ("—" in a table, "" in a CSV) when
/// either is missing.
std::string gain_over_input(const RowSet& rows, double measured_mean, bool knn, const char* missing = "—");

/// The CSV column of gain_over_input: "knn_vs_<name>" or "linear_vs_<name>", <name> the raw-pixel
/// baseline's method name.
std::string gain_column(bool knn);

/// How many measured rows are above the raw-pixel baseline on each protocol (of the rows with a
/// value there), on both (of the rows with both), and the largest gain on each, in points (NaN when
/// none). No raw-pixel baseline: all zero.
struct RawPixelTally {
  int knn_rows = 0, knn_above = 0, linear_rows = 0, linear_above = 0, both_rows = 0, both_above = 0;
  double best_knn = NAN, best_linear = NAN;
  RawPixelTally& operator+=(const RawPixelTally& o);
};
RawPixelTally raw_pixel_tally(const RowSet& rows);

/// "kNN 0 of 5 rows (best -1.60), linear 3 of 5 (best +0.81), both 0 of 5"; "" when no row has a
/// value.
std::string raw_pixel_text(const RawPixelTally& tally);

/// One line for a table's notes: each baseline's kNN and linear top-1, how it was computed, and
/// how many measured rows are above raw pixels.
std::string baselines_note(const RowSet& rows);

/// One line for a table's notes on whether its encoders learned: the measured rows whose mean kNN
/// is not above their own runs' mean random-init kNN (knn_top1_random_init, where the runs measured
/// it) or else the random-init baseline's (config::BaselineSpec::Role::init), each labelled as
/// `spec` names rows, with both values and its status where that is not "ok" (a loss near chance,
/// a fail); or that every row is above it; rows without both values are counted as not judged.
/// When no row has both, says why (no kNN value, or no random-init reference); "" without rows.
/// A claim on such a row is not testable (its condition knn_over_random_init, docs/claims.md).
std::string random_init_note(const config::ReportSpec& spec, const RowSet& rows);

}  // namespace contra::report
