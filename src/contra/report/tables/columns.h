// One column schema for the table kinds (ablation, grid, cost): each column says, once, its header
// and what it holds for a measured row (report/rows.h Row) and for a baseline row, in the Markdown
// table or in the CSV. A kind lists its columns in order; fill() writes headers and cells from that
// one list, so a header and its cells can never drift apart. The columns every kind shares (the
// keys, the measured means, the status and the costs) are written here once.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "contra/config/report_spec.h"
#include "contra/report/rows.h"
#include "contra/report/tables/table.h"

namespace contra::report {

using RowCell = std::function<std::string(const Row&)>;
using BaselineCell = std::function<std::string(const BaselineRow&)>;

/// One column of one rendering: its header, a measured row's cell and a baseline row's cell.
struct Column {
  std::string header;
  RowCell row;
  BaselineCell baseline;  ///< empty: "—" in Markdown, "" in the CSV
};

/// The Markdown columns and the CSV columns of a table, each in order. The CSV holds plain numbers
/// (a mean and its std in two columns) where Markdown holds one "mean ± std" cell, so the two lists
/// differ in length; each is listed once.
class Columns {
 public:
  Columns& md(std::string header, RowCell row, BaselineCell baseline = {});
  Columns& csv(std::string header, RowCell row, BaselineCell baseline = {});

  /// Headers and cells: one line per baseline (d.baselines, in order), then one per measured row
  /// (d.rows), into table.columns/rows and table.csv_columns/csv_rows.
  void fill(Table& table, const RowSet& d) const;
  /// The CSV's alone (the grid pivots its Markdown: a column per series).
  void fill_csv(Table& table, const RowSet& d) const;

  /// The columns in their order, for tests: Markdown's, then the CSV's.
  const std::vector<Column>& markdown() const { return md_; }
  const std::vector<Column>& csv_columns() const { return csv_; }

 private:
  std::vector<Column> md_, csv_;
};

/// "78.12 ± 0.30" (report/rows.h mean_std), with " (n 2)" when its count is not `row_n`, the count
/// the row's n column gives: a linear probe missing from some runs says so, never read as a mean of n.
std::string mean_std_n(const Stats& s, int row_n);

/// "baseline" (CSV: a baseline's label, empty on measured rows), the series (when the sweep has one)
/// and x, in Markdown and the CSV; Markdown names a baseline in the x column. `x_first` puts x before
/// the series in the CSV (the grid's order).
void key_columns(Columns& c, const config::ReportSpec& spec, bool x_first = false);

/// The measured columns every kind shows, in this order: the report metric (`measured_header`;
/// `baseline_measured` gives a baseline's value there), the linear probe (`linear_header`), n, and
/// each protocol's gain over raw pixels (report/tables/baselines.h). CSV: measured_mean,
/// measured_std, linear_mean, linear_std, n, knn_vs_<raw>, linear_vs_<raw>.
void measured_columns(Columns& c, const RowSet& d, const std::string& measured_header, const std::string& linear_header,
                      const std::function<Stats(const BaselineRow&)>& baseline_measured);

/// Markdown "status" ("ok", or "<status>: <reasons>"; a baseline "baseline: <status>"); CSV
/// "status" and "reasons" (a baseline: "baseline" and its status).
void status_columns(Columns& c);

/// Train time, throughput and peak memory, the means over a row's runs (s; images/s; MiB in
/// Markdown, bytes in the CSV). `seconds_per_step` adds s/step after the train time.
void cost_columns(Columns& c, bool seconds_per_step = false);

}  // namespace contra::report
