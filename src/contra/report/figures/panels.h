// The pieces every report kind builds its figure from (report/figures/figure.h draws them): the measured
// lines of a row (kNN dashed, linear probe solid), the paper's (cited) curve of a series value,
// the paper panel and the random-init baseline.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "contra/config/references.h"
#include "contra/report/figures/figure.h"
#include "contra/report/rows.h"

namespace contra::report {

/// A panel with its title and axis labels, and nothing drawn yet.
Panel make_panel(std::string title, std::string xlabel, std::string ylabel, bool log_x = false);

/// "measured (mean ± std over seeds): <dataset>, preset <p>".
std::string measured_title(const sweep::SweepPlan& plan, const RowSet& rows);

/// What a figure of rows over the sweep's x opens with (the ablation and grid kinds): the figure
/// titled by the sweep, the measured panel and the paper's, both over the x label.
struct XFigure {
  Figure figure;
  Panel measured, paper;
};
XFigure start_x_figure(const sweep::SweepPlan& plan, const RowSet& rows,
                       const std::optional<config::ReferenceTable>& reference);

/// The legend name of a series value: "<series label> <value>" ("head mlp"); the colour
/// follows it, so the measured and the paper panels name a value alike.
std::string group_name(const config::ReportSpec& spec, const std::string& value);

/// The paper's protocol: kNN when its metric names a kNN protocol, else linear.
Protocol paper_protocol(const config::ReferenceTable& reference);

/// A series of `group`, with no points yet.
Series make_series(std::string group, Protocol protocol, bool cited = false);

/// Appends (x, mean) with the std over seeds as its error bar (none for one seed).
void add_point(Series& series, double x, const Stats& value);

/// The two measured lines of a series value: the linear probe (solid) and the kNN monitor (dashed).
struct MeasuredLines {
  Series linear, knn;
  explicit MeasuredLines(const std::string& group);
  void add(double x, const Row& row);  ///< both protocols' mean ± std at x
  void into(Panel& panel) const;
};

/// Labels "fail" at the foot of `panel` under each x (`x_of` a row) where a row has runs recorded
/// fail (loss near chance: docs/claims.md leaves them out of the verdicts); with
/// several series it names the series values that failed there ("fail: epochs 1, 2").
void label_failures(Panel& panel, const RowSet& rows, const config::ReportSpec& spec,
                    const std::function<double(const Row&)>& x_of);

/// One pair of measured lines per series value (rows.series_order) through the rows' numeric x,
/// then the "fail" labels under them (label_failures): the ablation kind over a numeric x, and the
/// grid kind.
void add_numeric_lines(Panel& measured, const RowSet& rows, const config::ReportSpec& spec);

/// The figure start_x_figure opened, its measured panel with the baselines' lines, and the paper's.
Figure finish_x_figure(XFigure start, const RowSet& rows);

/// The paper panel: "paper (cited): <where>, <setting>", y labelled with the paper's metric.
Panel paper_panel(const std::optional<config::ReferenceTable>& reference, const std::string& x_label, bool log_x);

/// The paper's whole curve for `series_value`, at every numeric reference_x it reports (its own x
/// values, which may be more than ours), named `group`.
Series paper_curve(const config::ReferenceTable& reference, const config::ReportSpec& spec,
                   const std::string& series_value, const std::string& group);

/// The baselines of a measured panel (report/tables/baselines.h): each recorded baseline's linear top-1
/// (solid) and kNN top-1 (dashed) as labelled horizontal lines; `knn_only` for a kNN-per-epoch panel.
std::vector<Baseline> baselines(const RowSet& rows, bool knn_only = false);

}  // namespace contra::report
