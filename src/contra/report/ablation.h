// The ablation table of a sweep: one row per value of the swept axis, our measurement (mean ± std
// over seeds, from the HDF5 records) beside the paper's number (cited, from analysis/references),
// with the status of each row and the cost of its runs, plus a random-init baseline row.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "contra/config/references.h"
#include "contra/report/runs.h"
#include "contra/report/table.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// Builds the table from the plan (what should exist) and the records (what does). Runs of the
/// plan without a record make the table say INCOMPLETE; records outside the plan are ignored.
/// Throws ContraError when the sweep has no [report] x axis.
Table ablation_table(const sweep::SweepPlan& plan, const std::vector<RunSummary>& runs,
                     const std::optional<config::ReferenceTable>& reference);

/// What write_report wrote.
struct ReportFiles {
  std::filesystem::path markdown;
  std::filesystem::path csv;
  int planned = 0;
  int recorded = 0;  ///< planned runs with a finished record
};

/// Writes `<plan.dir>/table.md` and `table.csv` from the records in `<plan.dir>/runs`.
/// Running it again on the same records gives the same bytes.
ReportFiles write_report(const sweep::SweepPlan& plan, const std::string& references_dir);

}  // namespace contra::report
