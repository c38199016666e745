// The grid report (report.kind = "grid"): rows by x (e.g. batch size), one measured column per
// series value (e.g. epochs), beside the paper's 2-D table (e.g. SimCLR Fig. 9 / Table B.1), cited,
// with its own columns: the shape is compared, not the values.
#pragma once

#include <optional>

#include "contra/config/references.h"
#include "contra/report/figures/figure.h"
#include "contra/report/rows.h"
#include "contra/report/tables/table.h"

namespace contra::report {

/// Markdown: x rows × (measured series columns, paper series columns); CSV: one line per (x, series).
Table grid_table(const sweep::SweepPlan& plan, const RowSet& rows,
                 const std::optional<config::ReferenceTable>& reference);

/// Two panels: measured (one line per series value) and paper (one line per paper series value).
Figure grid_figure(const sweep::SweepPlan& plan, const RowSet& rows,
                   const std::optional<config::ReferenceTable>& reference);

}  // namespace contra::report
