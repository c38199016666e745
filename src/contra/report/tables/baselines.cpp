#include "contra/report/tables/baselines.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

#include "contra/methods/registry.h"
#include "contra/report/verdicts/claim_rows.h"
#include "contra/sweep/baselines.h"

namespace contra::report {

namespace fs = std::filesystem;

std::vector<BaselineRow> baseline_rows(const sweep::SweepPlan& baselines, const std::vector<RunSummary>& records) {
  std::map<fs::path, const RunSummary*> by_file;
  for (const auto& r : records) by_file.emplace(fs::weakly_canonical(r.file), &r);
  std::vector<BaselineRow> out;
  for (const auto& method : sweep::planned_baselines(baselines.sweep)) {
    const auto& spec = *methods::schema().method(method)->baseline;
    BaselineRow b;
    b.method = method;
    b.label = spec.label;
    b.role = spec.role;
    std::vector<double> knn, linear;
    int fails = 0, near_chance = 0;
    for (const auto& run : baselines.runs) {
      if (run.experiment.method.name != method) continue;
      ++b.planned;
      if (run.record.empty()) continue;
      const auto it = by_file.find(fs::weakly_canonical(run.record));
      if (it == by_file.end() || it->second->status == "error") continue;
      ++b.recorded;
      fails += it->second->failed ? 1 : 0;
      near_chance += it->second->loss_near_chance ? 1 : 0;
      knn.push_back(it->second->metric("knn_top1"));
      linear.push_back(it->second->metric("linear_top1"));
    }
    b.knn = stats(knn);
    b.linear = stats(linear);
    b.status = b.recorded < b.planned ? fmt::format("not recorded ({} of {})", b.planned - b.recorded, b.planned)
               : fails > 0            ? fmt::format("fail ({}/{})", fails, b.recorded)
               : near_chance > 0      ? fmt::format("did not learn: loss within 10% of chance ({}/{})", near_chance,
                                                    b.recorded)
                                      : "ok";
    out.push_back(std::move(b));
  }
  mark_ceiling_that_did_not_learn(out);
  return out;
}

void mark_ceiling_that_did_not_learn(std::vector<BaselineRow>& baselines) {
  const BaselineRow* init = nullptr;
  for (const auto& b : baselines)
    if (b.role == config::BaselineSpec::Role::init) init = &b;
  for (auto& b : baselines) {
    if (b.role != config::BaselineSpec::Role::ceiling || b.recorded == 0) continue;
    if (b.status.rfind("did not learn", 0) == 0) {
      b.status += "; not a ceiling";
    } else if (init != nullptr && std::isfinite(init->knn.mean) && std::isfinite(b.knn.mean) &&
               !(b.knn.mean > init->knn.mean)) {
      b.status = fmt::format("did not learn: kNN {:.2f} is not above {}'s {:.2f}; not a ceiling", b.knn.mean,
                             init->label, init->knn.mean);
    }
  }
}

std::string gain_column(bool knn) {
  const auto* input = methods::baseline(config::BaselineSpec::Role::input);
  return fmt::format("{}_vs_{}", knn ? "knn" : "linear", input != nullptr ? input->name : "input");
}

std::string gain_over_input(const RowSet& rows, double measured_mean, bool knn, const char* missing) {
  const auto* raw = rows.baseline(config::BaselineSpec::Role::input);
  if (raw == nullptr) return missing;
  const double delta = measured_mean - (knn ? raw->knn.mean : raw->linear.mean);
  return std::isfinite(delta) ? fmt::format("{:+.2f}", delta) : missing;
}

RawPixelTally& RawPixelTally::operator+=(const RawPixelTally& o) {
  const auto best = [](double a, double b) { return std::isnan(a) ? b : std::isnan(b) ? a : std::max(a, b); };
  knn_rows += o.knn_rows, knn_above += o.knn_above, linear_rows += o.linear_rows, linear_above += o.linear_above;
  both_rows += o.both_rows, both_above += o.both_above;
  best_knn = best(best_knn, o.best_knn), best_linear = best(best_linear, o.best_linear);
  return *this;
}

RawPixelTally raw_pixel_tally(const RowSet& rows) {
  RawPixelTally t;
  const auto* raw = rows.baseline(config::BaselineSpec::Role::input);
  if (raw == nullptr) return t;
  const auto count = [](double mean, double raw_mean, int& n, int& above, double& best) {
    if (!std::isfinite(mean) || !std::isfinite(raw_mean)) return;
    ++n;
    if (mean > raw_mean) ++above;
    if (std::isnan(best) || mean - raw_mean > best) best = mean - raw_mean;
  };
  for (const auto& r : rows.rows) {
    count(r.knn.mean, raw->knn.mean, t.knn_rows, t.knn_above, t.best_knn);
    count(r.linear.mean, raw->linear.mean, t.linear_rows, t.linear_above, t.best_linear);
    if (std::isfinite(r.knn.mean) && std::isfinite(r.linear.mean) && std::isfinite(raw->knn.mean) &&
        std::isfinite(raw->linear.mean)) {
      ++t.both_rows;
      if (r.knn.mean > raw->knn.mean && r.linear.mean > raw->linear.mean) ++t.both_above;
    }
  }
  return t;
}

std::string raw_pixel_text(const RawPixelTally& t) {
  std::vector<std::string> parts;
  if (t.knn_rows > 0) parts.push_back(fmt::format("kNN {} of {} rows (best {:+.2f})", t.knn_above, t.knn_rows, t.best_knn));
  if (t.linear_rows > 0)
    parts.push_back(fmt::format("linear {} of {} (best {:+.2f})", t.linear_above, t.linear_rows, t.best_linear));
  if (t.both_rows > 0) parts.push_back(fmt::format("both {} of {}", t.both_above, t.both_rows));
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string baselines_note(const RowSet& rows) {
  if (rows.baselines.empty()) return "";
  const std::string above = raw_pixel_text(raw_pixel_tally(rows));  // "" without a raw-pixel baseline
  std::vector<std::string> parts;
  for (const auto& b : rows.baselines)
    parts.push_back(fmt::format("{}: kNN {}, linear {}{}", b.label, mean_std(b.knn), mean_std(b.linear),
                                b.status == "ok" ? "" : " (" + b.status + ")"));
  std::vector<std::string> how;
  for (const auto* spec : methods::baselines())  // how each baseline the table has is computed
    if (std::any_of(rows.baselines.begin(), rows.baselines.end(),
                    [&](const BaselineRow& b) { return b.label == spec->baseline->label; }))
      how.push_back(fmt::format("{}: {}", spec->baseline->label, spec->baseline->description));
  std::string described = fmt::format("{}", fmt::join(how, "; "));
  if (!described.empty()) described[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(described[0])));
  return fmt::format("Baselines, on the same data and protocols (results/baselines; docs/baselines.md): {}. {}.{}",
                     fmt::join(parts, "; "), described,
                     above.empty() ? std::string() : " Measured rows above raw pixels: " + above + ".");
}

std::string random_init_note(const config::ReportSpec& spec, const RowSet& rows) {
  const auto* init = rows.baseline(config::BaselineSpec::Role::init);
  const double baseline = init != nullptr ? init->knn.mean : NAN;
  const auto name = [&](const Row& r) {  // a label grid's row names its series too
    const auto label = row_label(spec, r);
    return spec.x == "label" && !r.series.empty() ? fmt::format("{} {}, {}", spec.series_header(), r.series, label)
                                                   : label;
  };
  std::vector<std::string> below;
  int judged = 0, own = 0, without = 0;
  for (const auto& r : rows.rows) {
    // Each run's own random-init kNN where the runs measured it (eval.knn_random_init), else the baseline's.
    const double runs_own = mean_over_runs(rows, r, "knn_top1_random_init");
    const double against = std::isfinite(runs_own) ? runs_own : baseline;
    if (!std::isfinite(r.knn.mean) || !std::isfinite(against)) {
      ++without;
      continue;
    }
    ++judged;
    own += std::isfinite(runs_own) ? 1 : 0;
    if (r.knn.mean <= against)
      below.push_back(fmt::format("{} ({:.2f} against {:.2f}{})", name(r), r.knn.mean, against,
                                  r.status.empty() || r.status == "ok" ? "" : ", " + r.status));
  }
  if (rows.rows.empty()) return "";
  if (judged == 0) {
    const bool has_reference =
        std::isfinite(baseline) || std::any_of(rows.rows.begin(), rows.rows.end(), [&](const Row& r) {
          return std::isfinite(mean_over_runs(rows, r, "knn_top1_random_init"));
        });
    return has_reference ? "Random init: not judged: no row has a kNN value."
                         : "Random init: not judged: no run measured its own random-init kNN (eval.knn_random_init) "
                           "and the table has no random-init baseline.";
  }
  const std::string reference =
      own == judged ? "each row's own runs' random-init kNN (eval.knn_random_init)"
      : own == 0    ? fmt::format("the random-init encoder's {:.2f}", baseline)
                    : fmt::format("each row's own runs' random-init kNN where they measured it, else the random-init "
                                  "encoder's {:.2f}",
                                  baseline);
  const std::string unjudged =
      without == 0 ? "" : fmt::format(" ({} row{} without both values not judged)", without, without == 1 ? "" : "s");
  if (below.empty())
    return fmt::format("Learned: {} kNN is above {}{}.",
                       judged == 1 ? "the one row's" : fmt::format("all {} rows'", judged), reference, unjudged);
  return fmt::format(
      "**Not above random init** on kNN (against {}): {} of {} rows, {}. Their training did not improve on the "
      "untrained encoder by this monitor at this scale; a claim on them is not testable (condition "
      "knn_over_random_init, docs/claims.md){}.",
      reference, below.size(), judged, fmt::join(below, "; "), unjudged);
}

}  // namespace contra::report
