#include "contra/report/curves.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

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

Figure curves_figure(const sweep::SweepPlan& plan, const RowSet& d) {
  const auto& spec = plan.sweep.report;
  Figure f;
  f.title = spec.title.empty() ? plan.sweep.name : spec.title;
  const std::string where = fmt::format("{}, preset {}", dataset_of(d), plan.preset);
  Panel pretext{"pretext accuracy (instance discrimination, train): " + where,
                "epoch",
                "pretext top-1 (%)",
                {},
                {},
                false,
                {},
                "",
                {}};
  Panel knn{"kNN monitor (test): " + where, "epoch", "kNN top-1 (%)", {}, {}, false, {}, "", {}};
  pretext.key = "bottom right";
  for (const auto& row : d.rows) {
    const std::string name = row.series.empty() ? row.x_text : row.series + " " + row.x_text;
    for (auto [panel, column] : {std::pair{&pretext, "pretext_acc"}, std::pair{&knn, "knn_top1"}}) {
      Series s{name, {}, {}, {}, false};
      const auto mean = epoch_mean(d, row, column);
      for (std::size_t e = 0; e < mean.size(); ++e) {
        s.x.push_back(static_cast<double>(e + 1));
        s.y.push_back(mean[e]);
      }
      panel->series.push_back(std::move(s));
    }
  }
  if (std::isfinite(d.random_init.mean)) {
    knn.hline = d.random_init.mean;
    knn.hline_title = "random-init encoder";
  }
  f.panels = {pretext, knn};
  return f;
}

}  // namespace contra::report
