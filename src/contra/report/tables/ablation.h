// The ablation report (report.kind = "ablation"): one row per value of the swept axis x, grouped
// by an optional series (e.g. the mechanism), our measurement (mean ± std over seeds, from the
// HDF5 records) beside the paper's number (cited, from analysis/references), with each row's
// status and cost, plus a random-init baseline row; and a figure with the measured and the
// published curves in separate panels (report/figures/figure.h: colour = series value, dash = protocol).
#pragma once

#include <optional>

#include "contra/config/references.h"
#include "contra/report/figures/figure.h"
#include "contra/report/rows.h"
#include "contra/report/tables/table.h"

namespace contra::report {

/// The table (Markdown and CSV cells); it says INCOMPLETE when planned runs lack records.
Table ablation_table(const sweep::SweepPlan& plan, const RowSet& rows,
                     const std::optional<config::ReferenceTable>& reference);

/// Measured (linear probe solid, kNN dashed, std error bars, random-init line) and published
/// values, two panels, a colour per series value in both. Without a series, x is categorical (one
/// position per row); with one, one line per series value and protocol, on a log axis when
/// report.log_x.
Figure ablation_figure(const sweep::SweepPlan& plan, const RowSet& rows,
                       const std::optional<config::ReferenceTable>& reference);

}  // namespace contra::report
