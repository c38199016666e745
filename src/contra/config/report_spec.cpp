#include "contra/config/report_spec.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "contra/core/error.h"

namespace contra::config {

void check_report(const ReportSpec& r, const std::set<std::string>& presets, const std::string& file) {
  const auto at = [&](const char* key) { return r.at(key, file); };
  const auto& kinds = names::kReportKinds;
  CONTRA_CHECK(std::find(kinds.begin(), kinds.end(), r.kind) != kinds.end(),
               "{}: report.kind = '{}' is unknown; valid: {}", at("report.kind"), r.kind, fmt::join(kinds, ", "));
  for (const char* key : {"report.x", "report.series"})
    CONTRA_CHECK(r.origins.count(key) == 0 || !(std::string(key) == "report.x" ? r.x : r.series).empty(),
                 "{}: {} = '' names no axis; leave the key out for {}", at(key), key,
                 std::string(key) == "report.x" ? "the sweep's first axis" : "no series");
  if (r.x.rfind("summary.", 0) == 0) {
    const auto& axes = names::kSummaryAxes;
    CONTRA_CHECK(std::find(axes.begin(), axes.end(), r.x.substr(8)) != axes.end(),
                 "{}: report.x = '{}' names no /summary attribute that every run records when it starts; valid: "
                 "summary.{}",
                 at("report.x"), r.x, fmt::join(axes, ", summary."));
  }
  CONTRA_CHECK(!r.objective.empty() || (r.origins.count("report.objective") == 0 &&
                                         r.origins.count("report.objective_cost_x") == 0 &&
                                         r.origins.count("report.objective_cost_ratio") == 0),
               "{}: report.objective = '{}' names no rule: write objective = \"mean_over_series\" with its "
               "objective_cost_x and objective_cost_ratio, or leave all three out",
               at(r.origins.count("report.objective") ? "report.objective"
                  : r.origins.count("report.objective_cost_x") ? "report.objective_cost_x"
                                                                : "report.objective_cost_ratio"),
               r.objective);
  CONTRA_CHECK(r.objective.empty() || r.x == "label",
               "{}: report.objective = '{}' chooses among labelled candidates: it needs report.x = 'label' (report.x "
               "= '{}')",
               at("report.objective"), r.objective, r.x);
  CONTRA_CHECK(r.objective.empty() || r.objective == "mean_over_series",
               "{}: report.objective = '{}' is unknown; valid: mean_over_series (or leave it out)", at("report.objective"),
               r.objective);
  CONTRA_CHECK(r.objective.empty() || (!r.series.empty() && !r.objective_cost_x.empty()),
               "{}: report.objective = '{}' needs report.series (what it averages over) and report.objective_cost_x "
               "(the row whose cost bounds the others)",
               at("report.objective"), r.objective);
  CONTRA_CHECK(r.objective.empty() || r.metric == "knn_top1",
               "{}: report.objective = '{}' compares each row with its random-init kNN, so report.metric must be "
               "knn_top1 (report.metric = '{}')",
               at("report.objective"), r.objective, r.metric);
  CONTRA_CHECK(std::isfinite(r.objective_cost_ratio) && r.objective_cost_ratio >= 1,
               "{}: report.objective_cost_ratio = {} must be a number >= 1 (the base candidate must fit its own bound)", at("report.objective_cost_ratio"),
               r.objective_cost_ratio);
  const auto& attributes = names::kSummaryAttributes;
  CONTRA_CHECK(std::find(attributes.begin(), attributes.end(), r.metric) != attributes.end(),
               "{}: report.metric = '{}' names no /summary attribute a run records; valid: {}", at("report.metric"),
               r.metric, fmt::join(attributes, ", "));
  CONTRA_CHECK(!(r.categorical_x && r.log_x),
               "{}: report.categorical_x = true and report.log_x = true: a categorical axis places the values evenly, "
               "so it has no log scale; set one of them",
               at("report.log_x"));
  // A published curve is of one setting (the MoCo demo's CIFAR-10): drawn only for the presets named.
  CONTRA_CHECK(r.epoch_reference.empty() == r.epoch_reference_presets.empty(),
               "{}: report.epoch_reference and report.epoch_reference_presets go together: the curve is drawn only "
               "for the presets whose setting it is of (epoch_reference = '{}', {} presets)",
               at(r.epoch_reference.empty() ? "report.epoch_reference_presets" : "report.epoch_reference"),
               r.epoch_reference, r.epoch_reference_presets.size());
  CONTRA_CHECK(r.epoch_reference.find_first_of("/\\") == std::string::npos && r.epoch_reference != "." &&
                   r.epoch_reference != "..",
               "{}: report.epoch_reference = '{}' must be the name of a CSV in the references folder (no folder "
               "part, no '.csv')",
               at("report.epoch_reference"), r.epoch_reference);
  for (const auto& name : r.epoch_reference_presets)
    CONTRA_CHECK(presets.count(name) == 1,
                 "{}: report.epoch_reference_presets names '{}', which is no [preset.*] of this sweep",
                 at("report.epoch_reference_presets"), name);
  CONTRA_CHECK(std::isfinite(r.reference_n) && r.reference_n >= 0 && r.reference_n == std::floor(r.reference_n) &&
                   r.reference_n <= names::kMaxReferenceN,
               "{}: report.reference_n = {} must be the paper's number of training images (a whole number from 1 to "
               "{:.0e}), or 0 for none",
               at("report.reference_n"), r.reference_n, names::kMaxReferenceN);
}

}  // namespace contra::config
