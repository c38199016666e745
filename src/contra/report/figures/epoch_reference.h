// A published per-epoch curve beside ours (report.epoch_reference, e.g. the MoCo CIFAR-10 demo's
// kNN top-1 at each of its 200 epochs): a figure panel with each row's kNN per epoch (mean over its
// seeds) and the published curve (cited: thin line, open squares), and the table's footnote that
// cites it. Drawn only for the presets named in report.epoch_reference_presets, whose setting the
// curve is of.
#pragma once

#include "contra/config/reference_curve.h"
#include "contra/report/figures/figure.h"
#include "contra/report/rows.h"
#include "contra/report/tables/table.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// Whether the plan's preset is one that report.epoch_reference is drawn for.
bool draws_epoch_reference(const sweep::SweepPlan& plan);

/// "kNN per epoch: ours and the published curve": one kNN line per row (report/figures/curves.h's
/// epoch_mean of knn_top1; epochs without a kNN pass skipped), the curve, and the random-init kNN.
Panel epoch_reference_panel(const sweep::SweepPlan& plan, const RowSet& rows, const config::ReferenceCurve& curve);

/// The footnote under the table: the curve's citation, its value at its last epoch, and each row's
/// kNN at its last kNN epoch, labelled as cited and as measured.
std::string epoch_reference_note(const RowSet& rows, const config::ReferenceCurve& curve);

}  // namespace contra::report
