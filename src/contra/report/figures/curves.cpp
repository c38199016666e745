#include "contra/report/tables/table_head.h"
#include "contra/report/figures/curves.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <tuple>

#include "contra/report/figures/panels.h"

namespace contra::report {

std::vector<double> epoch_mean(const RowSet& d, const Row& row, const std::string& column) {
  std::vector<std::vector<double>> per_run;
  std::size_t epochs = 0;
  for (auto i : row.members) {
    if (d.runs.at(i).status == "error") continue;  // as the table: an error run measured nothing
    per_run.push_back(store::column_as_double(d.runs.at(i).epochs, column));
    epochs = std::max(epochs, per_run.back().size());
  }
  std::vector<double> mean(epochs, NAN);
  for (std::size_t e = 0; e < epochs; ++e) {
    std::vector<double> at;
    for (const auto& v : per_run)
      if (e < v.size()) at.push_back(v[e]);
    mean[e] = stats(at).mean;
  }
  return mean;
}

std::string row_group(const Row& row) { return row.series.empty() ? row.x_text : row.series + " " + row.x_text; }

Series epoch_series(const RowSet& d, const Row& row, const std::string& column, Protocol protocol) {
  Series s = make_series(row_group(row), protocol);
  const auto mean = epoch_mean(d, row, column);
  for (std::size_t e = 0; e < mean.size(); ++e) {
    if (!std::isfinite(mean[e])) continue;  // an epoch without a kNN pass: the line goes on
    s.x.push_back(static_cast<double>(e + 1));
    s.y.push_back(mean[e]);
  }
  return s;
}

Figure curves_figure(const sweep::SweepPlan& plan, const RowSet& d,
                     const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  Figure f;
  f.title = spec.title.empty() ? plan.sweep.name : spec.title;
  const std::string where = fmt::format("{}, preset {}", dataset_of(d), plan.preset);
  Panel pretext =
      make_panel("pretext accuracy (instance discrimination, train): " + where, "epoch", "pretext top-1 (%)");
  Panel knn = make_panel("kNN per epoch, linear probe at the last (test): " + where, "epoch", "top-1 (%)");
  Panel paper = paper_panel(reference, spec.x_header(), false);
  std::size_t epochs = 1;  // the last epoch, where the linear probe is drawn
  for (const auto& row : d.rows) epochs = std::max(epochs, epoch_mean(d, row, "knn_top1").size());
  const double last = static_cast<double>(epochs);
  for (std::size_t i = 0; i < d.rows.size(); ++i) {
    const auto& row = d.rows[i];
    const std::string group = row_group(row);
    for (auto [panel, column, protocol] :
         {std::tuple{&pretext, "pretext_acc", Protocol::other}, std::tuple{&knn, "knn_top1", Protocol::knn}})
      panel->series.push_back(epoch_series(d, row, column, protocol));
    // The linear probe runs once, after the last epoch: a point per row half an epoch later, side by side.
    Series linear = make_series(group, Protocol::linear);
    add_point(linear, last + 0.5 + 0.25 * (static_cast<double>(i) - 0.5 * static_cast<double>(d.rows.size() - 1)),
              row.linear);
    knn.series.push_back(std::move(linear));
    // The paper's value of this row, at its own position on a categorical axis.
    if (!reference || !std::isfinite(number_of(row.paper))) continue;
    Series p = make_series(group, paper_protocol(*reference), true);
    const double x = static_cast<double>(paper.xtics.size());
    paper.xtics.emplace_back(x, row.x_text);
    p.x.push_back(x);
    p.y.push_back(number_of(row.paper));
    paper.series.push_back(std::move(p));
  }
  knn.baselines = baselines(d);  // the panel has the linear probe's points too
  f.panels = {pretext, knn, paper};
  return f;
}

}  // namespace contra::report
