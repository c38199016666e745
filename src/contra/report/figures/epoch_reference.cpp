#include "contra/report/tables/table_head.h"
#include "contra/report/figures/epoch_reference.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "contra/report/figures/curves.h"
#include "contra/report/figures/panels.h"

namespace contra::report {

namespace {

/// (epoch, value) of the last epoch with a finite mean kNN; epoch 0 when there is none.
std::pair<std::size_t, double> last_knn(const RowSet& d, const Row& row) {
  const auto mean = epoch_mean(d, row, "knn_top1");
  for (std::size_t e = mean.size(); e > 0; --e)
    if (std::isfinite(mean[e - 1])) return {e, mean[e - 1]};
  return {0, NAN};
}

}  // namespace

bool draws_epoch_reference(const sweep::SweepPlan& plan) {
  const auto& presets = plan.sweep.report.epoch_reference_presets;
  return !plan.sweep.report.epoch_reference.empty() &&
         std::find(presets.begin(), presets.end(), plan.preset) != presets.end();
}

Panel epoch_reference_panel(const sweep::SweepPlan& plan, const RowSet& d, const config::ReferenceCurve& curve) {
  Panel panel = make_panel(fmt::format("kNN per epoch (test): {}, preset {}, beside {} (cited)", dataset_of(d),
                                       plan.preset, curve.name),
                           "epoch", "kNN top-1 (%)");
  for (const auto& row : d.rows) panel.series.push_back(epoch_series(d, row, "knn_top1", Protocol::knn));
  Series published = make_series("published: " + curve.name, Protocol::knn, true);
  published.x = curve.epoch;
  published.y = curve.value;
  panel.series.push_back(std::move(published));
  panel.baselines = baselines(d, true);
  return panel;
}

std::string epoch_reference_note(const RowSet& d, const config::ReferenceCurve& curve) {
  std::vector<std::string> ours;
  for (const auto& row : d.rows) {
    const auto [epoch, value] = last_knn(d, row);
    if (epoch > 0) ours.push_back(fmt::format("{} {:.1f} at epoch {}", row_group(row), value, epoch));
  }
  return fmt::format(
      "The figure's last panel draws each row's kNN top-1 per epoch beside the published curve {} ({}), {} at its last "
      "epoch {:g} (cited, not measured here); ours (measured, mean over seeds): {}.",
      curve.name, curve.citation, fmt::format("{:.2f}", curve.value.back()), curve.epoch.back(),
      ours.empty() ? std::string("no kNN epoch recorded yet") : fmt::format("{}", fmt::join(ours, "; ")));
}

}  // namespace contra::report
