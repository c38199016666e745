// The per-epoch figure of report.kind = "curves" (MoCo v1 Fig. A.1, ShuffleBN): the pretext
// accuracy and the kNN monitor of every row over the epochs, mean over its seeds, beside the
// paper's value. The table is the
// ablation table (report/tables/ablation.h).
#pragma once

#include <optional>

#include "contra/config/references.h"
#include "contra/report/figures/figure.h"
#include "contra/report/rows.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// The mean over a row's runs (those not recorded as error, as in the table) of /epochs/<column>
/// at each epoch: one value per epoch of the longest run; NaN where no run has a finite value (an
/// epoch without a kNN pass).
std::vector<double> epoch_mean(const RowSet& rows, const Row& row, const std::string& column);

/// A row's legend name: "<series> <x>", or the x alone without a series.
std::string row_group(const Row& row);

/// A row's line of epoch_mean(rows, row, column) against the epoch (1-based), epochs without a
/// finite value (no kNN pass) left out.
Series epoch_series(const RowSet& rows, const Row& row, const std::string& column, Protocol protocol);

/// Three panels side by side, one colour per row: pretext accuracy (%) per epoch; kNN top-1 (%)
/// per epoch with the linear probe's top-1 after the last epoch and the random-init kNN as a
/// horizontal line; and the paper's (cited) value of each row it reports.
Figure curves_figure(const sweep::SweepPlan& plan, const RowSet& rows,
                     const std::optional<config::ReferenceTable>& reference);

}  // namespace contra::report
