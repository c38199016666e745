#include "contra/report/rows.h"

#include "contra/report/tables/baselines.h"

#include "contra/report/tables/setting.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "contra/config/load.h"
#include "contra/config/references.h"
#include "contra/core/error.h"

namespace contra::report {

namespace fs = std::filesystem;

Stats stats(const std::vector<double>& values) {
  Stats s;
  double sum = 0;
  for (double v : values)
    if (std::isfinite(v)) sum += v, ++s.n;
  if (s.n == 0) return s;
  s.mean = sum / s.n;
  if (s.n < 2) return s;
  double ss = 0;
  for (double v : values)
    if (std::isfinite(v)) ss += (v - s.mean) * (v - s.mean);
  s.std = std::sqrt(ss / (s.n - 1));
  return s;
}

std::string num(double v, int digits) { return std::isfinite(v) ? fmt::format("{:.{}f}", v, digits) : "nan"; }

std::string mean_std(const Stats& s) { return mean_std_digits(s, 2); }

std::string mean_std_digits(const Stats& s, int digits) {
  if (s.n == 0) return "—";
  if (s.n == 1) return num(s.mean, digits);
  return fmt::format("{} ± {}", num(s.mean, digits), num(s.std, digits));
}

std::string num_cell(double v, int digits) { return std::isfinite(v) ? num(v, digits) : "—"; }

std::string config_text(const RunSummary& run, const std::string& key) {
  return config::display_text(run.experiment, key).value_or("");
}

namespace {

/// The x of a run: its zip label (NaN: ordered by the plan), a /summary attribute ("summary.K") or
/// a config key.
std::pair<double, std::string> x_of(const RunSummary& r, const std::string& x) {
  if (x == "label") return {NAN, r.label};
  if (x.rfind("summary.", 0) == 0) {
    CONTRA_CHECK(r.summary.count(x.substr(8)) == 1 || r.status == "error",
                 "[report] x = '{}': the record {} has no /summary attribute '{}' (contra inspect lists them)", x,
                 r.file.string(), x.substr(8));
    const double v = r.metric(x.substr(8));
    return {v, std::isfinite(v) ? fmt::format("{}", v) : "?"};
  }
  const auto number = config::numeric_value(r.experiment, x);
  return {number.value_or(NAN), config_text(r, x)};
}

Row make_row(const std::vector<const RunSummary*>& group, const std::string& metric) {
  Row row;
  std::vector<double> acc, knn, linear, pretext, align, uniform, secs, ips, sps, peak;
  std::set<std::string> reasons;
  for (const auto* r : group) {
    ++row.runs;
    if (r->status == "error") {
      ++row.errors;
      reasons.insert("error: " + r->reason);
      continue;
    }
    if (r->failed) {
      ++row.fails;
      reasons.insert(r->fail_reason);
    }
    if (r->loss_near_chance) {
      ++row.near_chance;
      reasons.insert("last-epoch loss within 10% of chance (the did-not-learn flag's loss half)");
    }
    acc.push_back(r->metric(metric));
    knn.push_back(r->metric("knn_top1"));
    linear.push_back(r->metric("linear_top1"));
    pretext.push_back(r->last_epoch("pretext_acc"));
    align.push_back(r->last_epoch("align"));
    uniform.push_back(r->last_epoch("uniform"));
    secs.push_back(r->metric("train_seconds"));
    ips.push_back(r->metric("images_per_s"));
    sps.push_back(r->metric("seconds_per_step"));
    peak.push_back(r->metric("peak_memory_bytes") / (1024.0 * 1024.0));
    row.store_bytes = r->metric("negatives_store_bytes");
    row.train_flops_per_step = r->metric("train_flops_per_step");
    row.negatives = r->metric("negatives");
  }
  row.measured = stats(acc);
  row.knn = stats(knn);
  row.linear = stats(linear);
  row.pretext = stats(pretext);
  row.align = stats(align);
  row.uniform = stats(uniform);
  row.train_seconds = stats(secs);
  row.images_per_s = stats(ips);
  row.seconds_per_step = stats(sps);
  row.peak_mib = stats(peak);
  row.peak_memory_bytes = row.peak_mib.mean * 1024.0 * 1024.0;
  std::vector<std::string> parts;
  if (row.fails > 0) parts.push_back(fmt::format("fail ({}/{})", row.fails, row.runs));
  if (row.near_chance > 0) parts.push_back(fmt::format("loss near chance ({}/{})", row.near_chance, row.runs));
  if (row.errors > 0) parts.push_back(fmt::format("error ({}/{})", row.errors, row.runs));
  row.status = parts.empty() ? std::string("ok") : fmt::format("{}", fmt::join(parts, ", "));
  row.reasons = fmt::format("{}", fmt::join(std::vector<std::string>(reasons.begin(), reasons.end()), "; "));
  return row;
}

/// Whether a reference cell holds x: the same number within 1e-9, or the word `text`.
bool matches(const config::ReferenceValue& cell, double x, const std::string& text) {
  if (cell.number) return std::isfinite(x) && std::fabs(*cell.number - x) <= 1e-9 * std::max(1.0, std::fabs(x));
  return !text.empty() && cell.text == text;
}

std::optional<std::size_t> index_of(const std::vector<config::ReferenceValue>& column, double x,
                                    const std::string& text = "") {
  for (std::size_t i = 0; i < column.size(); ++i)
    if (matches(column[i], x, text)) return i;
  return std::nullopt;
}

/// The paper's x a row compares with: x itself, or with [report] reference_n the paper x nearest
/// x·n_paper/n within a factor √2 (NaN when none is), n being the run's training images.
double paper_x(const std::optional<config::ReferenceTable>& ref, const config::ReportSpec& spec, double x,
               const RunSummary& run) {
  if (spec.reference_n <= 0 || !ref || spec.reference_x.empty() || !(x > 0)) return x;
  const double n = number_of(run.attribute_text("train_images"));
  if (!(n > 0)) return NAN;
  const double want = std::log2(x * spec.reference_n / n);
  double best = NAN, distance = 0.5;  // within a factor √2
  for (const auto& cell : config::reference_column(*ref, spec.reference_x))
    if (cell.number && *cell.number > 0 && std::fabs(std::log2(*cell.number) - want) <= distance) {
      distance = std::fabs(std::log2(*cell.number) - want);
      best = *cell.number;
    }
  return best;
}

}  // namespace

bool cites_knn(const config::ReferenceTable& reference) { return reference.metric.find("kNN") != std::string::npos; }

double number_of(const std::string& text) { return config::leading_number(text); }

std::string paper_value(const std::optional<config::ReferenceTable>& ref, const config::ReportSpec& spec,
                        const std::string& series, double x, const std::string& x_text) {
  if (!ref || spec.reference_x.empty()) return "—";
  const auto& xs = config::reference_column(*ref, spec.reference_x);
  std::string column = spec.reference_y;
  if (!spec.reference_columns.empty()) {
    auto it = spec.reference_columns.find(series);
    if (it == spec.reference_columns.end()) return "—";
    column = it->second;
  }
  if (!spec.reference_series.empty() && ref->columns.count(column) > 0) {  // rows: x and series side by side
    const auto& ss = config::reference_column(*ref, spec.reference_series);
    const auto& values = config::reference_column(*ref, column);
    for (std::size_t i = 0; i < xs.size() && i < ss.size() && i < values.size(); ++i)
      if (matches(xs[i], x, x_text) && matches(ss[i], number_of(series), series)) return values[i].text;
    return "—";
  }
  const auto row = index_of(xs, x, x_text);
  if (!row) return "—";
  if (!spec.reference_series.empty()) {  // 2-D: one column per x row, indexed by the series value
    const double s = number_of(series);
    if (!std::isfinite(s)) return "—";
    const auto col = index_of(config::reference_column(*ref, spec.reference_series), s);
    if (!col) return "—";
    const auto& values = config::reference_column(*ref, fmt::format("{}.{}", column, *row));
    return *col < values.size() ? values[*col].text : "—";
  }
  if (column.empty()) return "—";
  const auto& values = config::reference_column(*ref, column);
  return *row < values.size() ? values[*row].text : "—";
}

RowSet group_runs(const sweep::SweepPlan& plan, const std::vector<RunSummary>& all_runs,
                  const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  CONTRA_CHECK(!spec.x.empty(), "{}: [report] names no axis x (e.g. x = \"method.momentum\")", plan.sweep.file);
  RowSet d;
  d.planned = static_cast<int>(plan.runs.size());
  std::map<fs::path, std::string> planned;  // the records the plan matched to its runs (sweep/plan.h), to their labels
  std::vector<std::string> labels;          // in plan order
  for (const auto& r : plan.runs) {
    if (!r.record.empty()) planned.emplace(fs::weakly_canonical(r.record), r.label);
    if (std::find(labels.begin(), labels.end(), r.label) == labels.end()) labels.push_back(r.label);
  }
  for (const auto& r : all_runs) {
    const auto it = planned.find(fs::weakly_canonical(r.file));
    if (it == planned.end()) continue;
    d.runs.push_back(r);
    d.runs.back().label = it->second;
  }
  // Series in the order the plan lists them.
  for (const auto& p : plan.runs) {
    if (spec.series.empty()) break;
    const std::string text = config::display_text(p.experiment, spec.series).value_or("");  // as config_text()
    if (std::find(d.series_order.begin(), d.series_order.end(), text) == d.series_order.end())
      d.series_order.push_back(text);
  }
  // Rows by series (plan order), then x in numeric order (text order when not numeric).
  std::map<std::tuple<std::size_t, double, std::string>, std::vector<const RunSummary*>> groups;
  std::map<std::tuple<std::size_t, double, std::string>, std::string> series_of;
  for (const auto& r : d.runs) {
    const std::string series = spec.series.empty() ? "" : config_text(r, spec.series);
    const auto pos = std::find(d.series_order.begin(), d.series_order.end(), series) - d.series_order.begin();
    auto [x, text] = x_of(r, spec.x);
    if (spec.x == "label") x = static_cast<double>(std::find(labels.begin(), labels.end(), text) - labels.begin());
    const auto key = std::make_tuple(static_cast<std::size_t>(pos), std::isfinite(x) ? x : 0.0, text);
    groups[key].push_back(&r);
    series_of[key] = series;
  }
  for (const auto& [key, group] : groups) {
    Row row = make_row(group, spec.metric);
    for (const auto* r : group) row.members.push_back(static_cast<std::size_t>(r - d.runs.data()));
    row.series = series_of[key];
    row.x_text = std::get<2>(key);
    row.x = x_of(*group.front(), spec.x).first;
    row.paper = paper_value(reference, spec, row.series, paper_x(reference, spec, row.x, *group.front()), row.x_text);
    d.rows.push_back(std::move(row));
  }
  return d;
}

double mean_over_runs(const RowSet& d, const Row& r, const std::string& key) {
  double sum = 0;
  for (auto i : r.members) sum += d.runs[i].metric(key);
  return r.members.empty() ? NAN : sum / static_cast<double>(r.members.size());
}

}  // namespace contra::report
