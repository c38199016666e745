// The ablation report of a sweep: one row per value of the swept axis, our measurement (mean ± std
// over seeds, from the HDF5 records) beside the paper's number (cited, from analysis/references),
// with the status of each row and the cost of its runs, plus a random-init baseline row; and a
// figure with the measured and the published curves in separate panels.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "contra/config/references.h"
#include "contra/report/figure.h"
#include "contra/report/runs.h"
#include "contra/report/table.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// Mean and sample standard deviation of the finite values, and how many there were.
struct Stats {
  double mean = NAN, std = NAN;
  int n = 0;
};
Stats stats(const std::vector<double>& values);

/// One row: every run with the same value of the axis.
struct AblationRow {
  std::string x_text;  ///< the axis value as written ("0.99")
  double x = NAN;      ///< the axis value as a number, NaN when not numeric
  Stats measured;      ///< of the report metric over runs that did not error
  int runs = 0, fails = 0, errors = 0;
  std::string status;  ///< ok | fail (k/n) | error (k/n)
  std::string reasons; ///< distinct fail and error reasons
  std::string paper;   ///< the cited value ("57.8", "fail") or "—"
  double train_seconds = NAN, images_per_s = NAN, peak_memory_bytes = NAN;
};

/// The rows of the planned runs that have records, in axis order, and the random-init baseline.
struct AblationData {
  std::vector<RunSummary> runs;  ///< recorded runs of the plan
  int planned = 0;
  Stats random_init;  ///< kNN of the untrained encoder, one value per seed
  std::vector<AblationRow> rows;
};

/// Groups the plan's recorded runs by the [report] x axis. Records outside the plan are ignored.
/// Throws ContraError when the sweep has no [report] x axis.
AblationData ablation_data(const sweep::SweepPlan& plan, const std::vector<RunSummary>& runs,
                           const std::optional<config::ReferenceTable>& reference);

/// The table (Markdown and CSV cells) of the data; says INCOMPLETE when planned runs lack records.
Table ablation_table(const sweep::SweepPlan& plan, const AblationData& data,
                     const std::optional<config::ReferenceTable>& reference);

/// Measured (with std error bars and the random-init line) and published values, two panels.
Figure ablation_figure(const sweep::SweepPlan& plan, const AblationData& data,
                       const std::optional<config::ReferenceTable>& reference);

/// What write_report wrote.
struct ReportFiles {
  std::filesystem::path markdown, csv, figure;  ///< figure: the stem of .png/.svg/.gp
  bool figure_drawn = false;                    ///< false when gnuplot is missing or failed
  int planned = 0;
  int recorded = 0;  ///< planned runs with a finished record
};

/// Writes `<plan.dir>/table.md`, `table.csv` and `figure.{gp,png,svg}` from the records in
/// `<plan.dir>/runs`. Running it again on the same records gives the same table bytes.
ReportFiles write_report(const sweep::SweepPlan& plan, const std::string& references_dir);

}  // namespace contra::report
