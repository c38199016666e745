#include "contra/report/tables/table_head.h"
#include "contra/report/tables/ablation.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "contra/report/tables/baselines.h"
#include "contra/report/figures/panels.h"
#include "contra/report/tables/setting.h"

namespace contra::report {

Table ablation_table(const sweep::SweepPlan& plan, const RowSet& d,
                     const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  const bool series = !spec.series.empty();
  Table t = table_head(plan, d);
  const std::string x_label = spec.x_label.empty() ? spec.x : spec.x_label;
  const std::string s_label = spec.series_label.empty() ? spec.series : spec.series_label;
  const bool cited = reference.has_value();
  const bool knn =
      spec.metric == "knn_top1";  // the measured column is report.metric, kNN unless the sweep says otherwise
  t.columns = {x_label,
               knn ? "measured kNN top-1 (%)" : "measured " + spec.metric,
               "measured linear top-1 (%)",
               "n",
               "kNN vs raw pixels",
               "linear vs raw pixels",
               "pretext acc (%)",
               "status",
               cited ? "paper [1]" : "paper",
               "train s",
               "images/s",
               "peak MiB"};
  // The CSV names a baseline in a column of its own, so the x (and series) columns hold only the
  // sweep's values (numbers where the axis is numeric).
  t.csv_columns = {"baseline", spec.x};
  for (auto& c : measured_csv_columns()) t.csv_columns.push_back(std::move(c));
  t.csv_columns.insert(t.csv_columns.end(), {"pretext_acc_mean", "status", "reasons", "paper", "train_seconds_mean",
                                             "images_per_s_mean", "peak_memory_bytes_mean", "align_mean",
                                             "uniform_mean"});
  if (series) {
    t.columns.insert(t.columns.begin(), s_label);
    t.csv_columns.insert(t.csv_columns.begin() + 1, spec.series);
  }
  // The baselines first (report/tables/baselines.h): the same data and protocols, nothing of the sweep's axes.
  for (const auto& b : d.baselines) {
    const Stats& m = knn ? b.knn : Stats{};
    std::vector<std::string> row = {b.label, mean_std(m), mean_std(b.linear), std::to_string(b.knn.n), "—", "—", "—",
                                    "baseline: " + b.status, "—", "—", "—", "—"};
    std::vector<std::string> csv = {b.label, "", num(m.mean, 4), num(m.std, 4), num(b.linear.mean, 4), num(b.linear.std, 4),
                                    std::to_string(b.knn.n), "", "", "", "baseline", b.status, "", "", "", "", "", ""};
    if (series) {
      row.insert(row.begin(), "—");
      csv.insert(csv.begin() + 1, "");
    }
    t.rows.push_back(std::move(row));
    t.csv_rows.push_back(std::move(csv));
  }
  for (const auto& r : d.rows) {
    const std::string knn_gain = gain_over_input(d, r.knn.mean, true);
    const std::string linear_gain = gain_over_input(d, r.linear.mean, false);
    std::vector<std::string> row = {r.x_text,
                                    mean_std(r.measured),
                                    mean_std(r.linear),
                                    std::to_string(r.measured.n),
                                    knn_gain,
                                    linear_gain,
                                    r.pretext.n > 0 ? num(r.pretext.mean, 1) : "—",
                                    r.reasons.empty() ? r.status : r.status + ": " + r.reasons,
                                    r.paper,
                                    num_cell(r.train_seconds.mean, 1),
                                    num_cell(r.images_per_s.mean, 0),
                                    mean_std_digits(r.peak_mib, 0)};
    std::vector<std::string> csv = {"",
                                    r.x_text,
                                    num(r.measured.mean, 4),
                                    num(r.measured.std, 4),
                                    num(r.linear.mean, 4),
                                    num(r.linear.std, 4),
                                    std::to_string(r.measured.n),
                                    gain_over_input(d, r.knn.mean, true, ""),
                                    gain_over_input(d, r.linear.mean, false, ""),
                                    num(r.pretext.mean, 4),
                                    r.status,
                                    r.reasons,
                                    r.paper,
                                    num(r.train_seconds.mean, 3),
                                    num(r.images_per_s.mean, 1),
                                    num(r.peak_memory_bytes, 0),
                                    num(r.align.mean, 4),
                                    num(r.uniform.mean, 4)};
    if (series) {
      row.insert(row.begin(), r.series);
      csv.insert(csv.begin() + 1, r.series);
    }
    t.rows.push_back(std::move(row));
    t.csv_rows.push_back(std::move(csv));
  }
  add_protocol_footnotes(t, reference, d);
  return t;
}

Figure ablation_figure(const sweep::SweepPlan& plan, const RowSet& d,
                       const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  auto start = start_x_figure(plan, d, reference);
  Figure& f = start.figure;
  Panel& measured = start.measured;
  Panel& paper = start.paper;
  if (spec.series.empty() || spec.categorical_x) {
    // Categorical x: one position per x value (in the rows' order), labelled with it; without a
    // series one line, with one a line per series value; the paper's values at the same positions.
    std::vector<std::string> xs;
    for (const auto& r : d.rows)
      if (std::find(xs.begin(), xs.end(), r.x_text) == xs.end()) xs.push_back(r.x_text);
    if (!spec.series.empty())  // the rows are by series first: order the x values numerically
      std::stable_sort(xs.begin(), xs.end(), [](const std::string& a, const std::string& b) {
        return number_of(a) < number_of(b);
      });
    const auto at = [&](const std::string& x) {
      return static_cast<double>(std::find(xs.begin(), xs.end(), x) - xs.begin());
    };
    for (const auto& x : xs) {
      measured.xtics.emplace_back(at(x), x);
      paper.xtics.emplace_back(at(x), x);
    }
    const std::vector<std::string> groups = spec.series.empty() ? std::vector<std::string>{""} : d.series_order;
    // The paper's values are per series value only where its table has a column per series; else
    // it has one setting (MoCo's momentum table: K = 4096, in the panel's title), drawn once, unnamed.
    const bool paper_per_series = !spec.reference_series.empty() || !spec.reference_columns.empty();
    bool paper_drawn = false;  // once, from the first series with recorded rows, where it has one setting
    for (const auto& name : groups) {
      const std::string group = spec.series.empty() ? "" : group_name(spec, name);
      const bool draw_paper = paper_per_series || !paper_drawn;
      MeasuredLines m(group);
      Series p = make_series(paper_per_series ? group : "", reference ? paper_protocol(*reference) : Protocol::linear,
                             true);
      for (const auto& r : d.rows) {
        if (r.series != name) continue;
        const double x = at(r.x_text);
        m.add(x, r);
        p.x.push_back(x);
        p.y.push_back(number_of(r.paper));
        if (r.paper == "fail" && draw_paper) paper.labels.emplace_back(x, "fail");
      }
      m.into(measured);
      if (draw_paper && !p.x.empty()) paper.series.push_back(p), paper_drawn = true;
    }
    label_failures(measured, d, spec, [&](const Row& r) { return at(r.x_text); });
  } else {
    for (const auto& name : d.series_order) {
      const std::string group = group_name(spec, name);
      MeasuredLines m(group);
      for (const auto& r : d.rows)
        if (r.series == name && std::isfinite(r.x)) m.add(r.x, r);
      m.into(measured);
      // The paper's whole curve for this series, at every x it reports.
      if (reference && !spec.reference_x.empty()) paper.series.push_back(paper_curve(*reference, spec, name, group));
    }
    label_failures(measured, d, spec, [](const Row& r) { return r.x; });
  }
  measured.baselines = baselines(d);
  f.panels = {measured, paper};
  return f;
}

}  // namespace contra::report
