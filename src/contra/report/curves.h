// The per-epoch figure of report.kind = "curves" (MoCo v1 Fig. A.1, ShuffleBN): the pretext
// accuracy and the kNN monitor of every row over the epochs, mean over its seeds. The table is the
// ablation table (report/ablation.h).
#pragma once

#include "contra/report/figure.h"
#include "contra/report/rows.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// The mean over a row's runs (those not recorded as error, as in the table) of /epochs/<column>
/// at each epoch: one value per epoch of the longest run; NaN where no run has a finite value (an
/// epoch without a kNN pass).
std::vector<double> epoch_mean(const RowSet& rows, const Row& row, const std::string& column);

/// Two panels side by side: pretext accuracy (%) per epoch and kNN top-1 (%) per epoch, one line
/// per row, with the random-init kNN as a horizontal line.
Figure curves_figure(const sweep::SweepPlan& plan, const RowSet& rows);

}  // namespace contra::report
