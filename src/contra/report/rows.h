// The runs of a planned sweep grouped into rows: one row per (series value, x value), with the
// measured statistics, status and cost of its runs, and the cited paper value for that point.
// Shared by every report kind (ablation, grid, cost).
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/references.h"
#include "contra/config/schema.h"
#include "contra/report/runs.h"
#include "contra/report/tables/table.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// Mean and sample standard deviation of the finite values, and how many there were.
struct Stats {
  double mean = NAN, std = NAN;
  int n = 0;
};
Stats stats(const std::vector<double>& values);

/// "78.07 ± 0.63" (n > 1), "78.07" (n = 1) or "—" (n = 0).
std::string mean_std(const Stats& s);
/// The same with `digits` decimals ("398 ± 12").
std::string mean_std_digits(const Stats& s, int digits);
/// The number a text starts with ("57.8", "57.8 GB" -> 57.8), NaN when it starts with none or goes
/// on as no number does ("fail", "—", "6O.6", "4,096"): config::leading_number.
double number_of(const std::string& text);
/// A number with `digits` decimals, or "nan" (for a CSV).
std::string num(double v, int digits);
/// A number with `digits` decimals, or "—" (for a Markdown or LaTeX cell).
std::string num_cell(double v, int digits);

/// One row: every recorded run with the same series and x values.
struct Row {
  std::string series;    ///< the series value as text ("mlp"), empty without a series
  std::string x_text;    ///< the x value as text ("0.99", "4096")
  double x = NAN;        ///< the x value as a number, NaN when not numeric
  Stats measured;        ///< of the report metric over runs that did not error
  Stats knn, linear;     ///< kNN monitor and linear-probe top-1 (%) over the same runs
  Stats pretext;         ///< last epoch's pretext (instance-discrimination) top-1 (%)
  Stats align, uniform;  ///< last kNN epoch's alignment and uniformity (Wang & Isola; eval/align_uniform.h)
  int runs = 0, fails = 0, errors = 0;
  int near_chance = 0;  ///< runs whose loss stayed within 10% of chance (a flag, not a fail)
  std::string status;   ///< ok | fail (k/n) | loss near chance (k/n) | error (k/n)
  std::string reasons;  ///< distinct fail and error reasons
  std::string paper;    ///< the cited value ("57.8", "fail") or "—"
  Stats train_seconds, images_per_s, seconds_per_step;
  Stats peak_mib;                  ///< each run's peak memory (MiB), over the runs that did not error
  double peak_memory_bytes = NAN;  ///< the same, its mean in bytes: the one statistic of tables, figures and claims
  double store_bytes = NAN, train_flops_per_step = NAN, negatives = NAN;
  std::vector<std::size_t> members;  ///< the row's runs, as indices into RowSet::runs
};

/// One baseline of a table (sweep/baselines.h): kNN and linear top-1 over its recorded runs.
struct BaselineRow {
  std::string method;  ///< the baseline method's name (methods/registry.h)
  std::string label;   ///< its label in a table (config::BaselineSpec::label)
  config::BaselineSpec::Role role = config::BaselineSpec::Role::input;
  Stats knn, linear;   ///< percent, over its runs that did not error (one per seed; raw pixels one)
  int planned = 0, recorded = 0;
  std::string status;  ///< "ok", "fail (k/n)", or "not recorded (k of n)"
};

/// The recorded runs of a plan, grouped into rows, and its baselines.
struct RowSet {
  std::vector<RunSummary> runs;  ///< planned runs with a finished record
  int planned = 0;
  std::vector<BaselineRow> baselines;     ///< table order (methods::baselines()); empty until report/tables/baselines.h adds them
  std::vector<std::string> series_order;  ///< series values in plan order
  /// The baselines' records: the sum of their wall times (RunSummary::wall_seconds), and how many
  /// had one; the budget line (report/verdicts/protocol.h) adds them to the runs'.
  double baseline_wall_seconds = 0;
  int baseline_timed = 0, baseline_records = 0;
  std::vector<Row> rows;                  ///< by series (plan order), then x (numeric order)

  /// The baseline of `role`, or nullptr when the set has none.
  const BaselineRow* baseline(config::BaselineSpec::Role role) const {
    for (const auto& b : baselines)
      if (b.role == role) return &b;
    return nullptr;
  }

  /// The baseline runs planned and those with a finished record, over every baseline.
  std::pair<int, int> baseline_counts() const {
    int planned_runs = 0, recorded = 0;
    for (const auto& b : baselines) planned_runs += b.planned, recorded += b.recorded;
    return {planned_runs, recorded};
  }
};

/// Selects the plan's records (sweep/plan.h matches them) among `all_runs` and groups them by the
/// [report] series and x. Throws ContraError when the sweep has no [report] x.
RowSet group_runs(const sweep::SweepPlan& plan, const std::vector<RunSummary>& all_runs,
                  const std::optional<config::ReferenceTable>& reference);

/// The config value of `key` for a run as display text (strings without quotes), or "" when absent.
std::string config_text(const RunSummary& run, const std::string& key);

/// The cited value at (series, x): through [report.reference_columns] (one column per series),
/// a 2-D reference_y indexed by reference_x and reference_series, reference_y by rows where
/// reference_x and reference_series (parallel 1-D columns) both match, or a 1-D reference_y by x.
/// x matches a number within 1e-9, or `x_text` a word ("MLP+aug+" for report.x = "label").
/// "—" when the paper has no value there.
std::string paper_value(const std::optional<config::ReferenceTable>& reference, const config::ReportSpec& spec,
                        const std::string& series, double x, const std::string& x_text = "");

/// The mean of the /summary attribute `key` over the runs of row `r` of `d` (NaN when a run lacks it,
/// or the row has none): e.g. knn_top1_random_init, each run's own random-init kNN.
double mean_over_runs(const RowSet& d, const Row& r, const std::string& key);

/// Whether the paper's metric is a kNN protocol (InstDisc Table 1, MoCo Fig. A.1), as our kNN column.
bool cites_knn(const config::ReferenceTable& reference);

}  // namespace contra::report
