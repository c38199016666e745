#include "contra/report/tables/table_head.h"
#include "contra/report/tables/ablation.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>
#include <cstdlib>

#include "contra/report/tables/baselines.h"
#include "contra/report/tables/columns.h"
#include "contra/report/figures/panels.h"
#include "contra/report/tables/setting.h"

namespace contra::report {

Table ablation_table(const sweep::SweepPlan& plan, const RowSet& d,
                     const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  Table t = table_head(plan, d);
  // The measured column is report.metric, kNN unless the sweep says otherwise; a baseline has a
  // value there only for kNN.
  const bool knn = spec.metric == "knn_top1";
  Columns c;
  key_columns(c, spec);
  measured_columns(c, d, knn ? "measured kNN top-1 (%)" : "measured " + spec.metric, "measured linear top-1 (%)",
                   [knn](const BaselineRow& b) { return knn ? b.knn : Stats{}; });
  c.md("pretext acc (%)", [](const Row& r) { return r.pretext.n > 0 ? num(r.pretext.mean, 1) : "—"; });
  c.csv("pretext_acc_mean", [](const Row& r) { return num(r.pretext.mean, 4); });
  status_columns(c);
  c.md(reference ? "paper [1]" : "paper", [](const Row& r) { return r.paper; });
  c.csv("paper", [](const Row& r) { return r.paper; });
  cost_columns(c);
  c.csv("align_mean", [](const Row& r) { return num(r.align.mean, 4); });
  c.csv("uniform_mean", [](const Row& r) { return num(r.uniform.mean, 4); });
  c.fill(t, d);
  add_protocol_footnotes(t, reference, d);
  return t;
}

Figure ablation_figure(const sweep::SweepPlan& plan, const RowSet& d,
                       const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  auto start = start_x_figure(plan, d, reference);
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
    add_numeric_lines(measured, d, spec);
    // The paper's whole curve for each series, at every x it reports.
    if (reference && !spec.reference_x.empty())
      for (const auto& name : d.series_order)
        paper.series.push_back(paper_curve(*reference, spec, name, group_name(spec, name)));
  }
  return finish_x_figure(std::move(start), d);
}

}  // namespace contra::report
