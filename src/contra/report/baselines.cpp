#include "contra/report/baselines.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "contra/sweep/baselines.h"

namespace contra::report {

namespace fs = std::filesystem;

std::vector<BaselineRow> baseline_rows(const sweep::SweepPlan& baselines, const std::vector<RunSummary>& records) {
  std::map<fs::path, const RunSummary*> by_file;
  for (const auto& r : records) by_file.emplace(fs::weakly_canonical(r.file), &r);
  std::vector<BaselineRow> out;
  for (const auto& method : baselines.sweep.baselines) {
    BaselineRow b;
    b.method = method;
    b.label = sweep::baseline_label(method);
    std::vector<double> knn, linear;
    int fails = 0;
    for (const auto& run : baselines.runs) {
      if (run.experiment.method.name != method) continue;
      ++b.planned;
      if (run.record.empty()) continue;
      const auto it = by_file.find(fs::weakly_canonical(run.record));
      if (it == by_file.end() || it->second->status == "error") continue;
      ++b.recorded;
      fails += it->second->status == "fail" ? 1 : 0;
      knn.push_back(it->second->metric("knn_top1"));
      linear.push_back(it->second->metric("linear_top1"));
    }
    b.knn = stats(knn);
    b.linear = stats(linear);
    b.status = b.recorded < b.planned ? fmt::format("not recorded ({} of {})", b.planned - b.recorded, b.planned)
               : fails > 0            ? fmt::format("fail ({}/{})", fails, b.recorded)
                                      : "ok";
    out.push_back(std::move(b));
  }
  return out;
}

std::string gain_over_raw_pixels(const RowSet& rows, double measured_mean, bool knn, const char* missing) {
  const auto* raw = rows.baseline("raw_pixels");
  if (raw == nullptr) return missing;
  const double delta = measured_mean - (knn ? raw->knn.mean : raw->linear.mean);
  return std::isfinite(delta) ? fmt::format("{:+.2f}", delta) : missing;
}

std::string baselines_note(const RowSet& rows) {
  if (rows.baselines.empty()) return "";
  std::vector<std::string> parts;
  for (const auto& b : rows.baselines)
    parts.push_back(fmt::format("{}: kNN {}, linear {}{}", b.label, mean_std(b.knn), mean_std(b.linear),
                                b.status == "ok" ? "" : " (" + b.status + ")"));
  return fmt::format(
      "Baselines, on the same data and protocols (results/baselines; README, \"Baselines\"): {}. Raw pixels: the "
      "normalised images, flattened; random init: the backbone as initialised, per seed; supervised: the same "
      "backbone, augmentation and optimiser trained with the labels for the epochs of the table's longest row, the "
      "ceiling.",
      fmt::join(parts, "; "));
}

}  // namespace contra::report
