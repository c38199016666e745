// The cost–accuracy report (report.kind = "cost"): for each mechanism (the series) and size (x),
// accuracy beside what it cost — train time, time per step, images/s, peak memory, bytes of the
// negatives store, training FLOPs per step — how peak memory grows with the number of negatives
// (a least-squares slope over the sizes measured), and the paper's own cost table, cited
// (MoCo v2 Table 3: MoCo 5.0 GB and 53 h against end-to-end 7.4 GB and 65 h at batch 256).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contra/config/references.h"
#include "contra/report/figures/figure.h"
#include "contra/report/rows.h"
#include "contra/report/tables/table.h"

namespace contra::report {

/// Peak memory against negatives for one series: slope (bytes per negative) over `points` rows.
struct Growth {
  std::string series;
  double bytes_per_negative = NAN;
  double store_bytes_per_negative = NAN;  ///< the negatives store alone (0 for batch negatives)
  double min_negatives = NAN, max_negatives = NAN;
  int points = 0;
};

/// Least-squares slope of peak memory over negatives, per series with >= 2 sizes.
std::vector<Growth> memory_growth(const RowSet& rows);

Table cost_table(const sweep::SweepPlan& plan, const RowSet& rows,
                 const std::optional<config::ReferenceTable>& reference);

/// Two panels: accuracy against peak memory, and against train time; per mechanism a linear-probe
/// line (solid) and a kNN line (dashed), and the random-init kNN as a horizontal line.
Figure cost_figure(const sweep::SweepPlan& plan, const RowSet& rows);

}  // namespace contra::report
