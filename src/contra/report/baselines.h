// The baselines of a table (DESIGN.md, "Baselines"; sweep/baselines.h plans their runs): raw pixels,
// the random-init encoder and the supervised ceiling, each as a row of kNN and linear top-1 from
// its records, and what every table shows of them: the rows, each measured row's gain over raw
// pixels (report/panels.h draws them as the figure's labelled horizontal lines).
#pragma once

#include <string>
#include <vector>

#include "contra/report/rows.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// One row per baseline method (sweep::baseline_methods() order) from the planned baseline runs
/// and their records (`records`: the finished ones of `baselines`; others are ignored).
std::vector<BaselineRow> baseline_rows(const sweep::SweepPlan& baselines, const std::vector<RunSummary>& records);

/// "+3.25": a measured mean minus the raw-pixel baseline's on the same protocol (`knn` or
/// linear), in points; `missing` ("—" in a table, "" in a CSV) when either is missing.
std::string gain_over_raw_pixels(const RowSet& rows, double measured_mean, bool knn, const char* missing = "—");

/// One line for a table's notes: each baseline's kNN and linear top-1, and how it was computed.
std::string baselines_note(const RowSet& rows);

}  // namespace contra::report
