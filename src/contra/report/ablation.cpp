#include "contra/report/ablation.h"

#include <fmt/format.h>

#include <cmath>
#include <fstream>
#include <map>
#include <set>

#include "contra/core/error.h"
#include "contra/report/setting.h"

namespace contra::report {

namespace fs = std::filesystem;

namespace {

std::string num(double v, int digits) { return std::isfinite(v) ? fmt::format("{:.{}f}", v, digits) : "nan"; }

std::string mean_std(const Stats& s) {
  if (s.n == 0) return "—";
  if (s.n == 1) return num(s.mean, 2);
  return fmt::format("{} ± {}", num(s.mean, 2), num(s.std, 2));
}

std::string paper_value(const std::optional<config::ReferenceTable>& ref, const config::ReportSpec& spec, double x) {
  if (!ref || spec.reference_x.empty() || spec.reference_y.empty() || !std::isfinite(x)) return "—";
  const auto& xs = config::reference_column(*ref, spec.reference_x);
  const auto& ys = config::reference_column(*ref, spec.reference_y);
  for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i)
    if (xs[i].number && std::fabs(*xs[i].number - x) <= 1e-9 * std::max(1.0, std::fabs(x))) return ys[i].text;
  return "—";
}

AblationRow make_row(const std::vector<const RunSummary*>& group, const std::string& metric) {
  AblationRow row;
  std::vector<double> acc, secs, ips;
  std::set<std::string> reasons;
  row.peak_memory_bytes = 0;
  for (const auto* r : group) {
    ++row.runs;
    if (r->status == "error") {
      ++row.errors;
      reasons.insert("error: " + r->reason);
      continue;
    }
    if (r->status == "fail") {
      ++row.fails;
      reasons.insert(r->reason);
    }
    acc.push_back(r->metric(metric));
    secs.push_back(r->metric("train_seconds"));
    ips.push_back(r->metric("images_per_s"));
    row.peak_memory_bytes = std::max(row.peak_memory_bytes, r->metric("peak_memory_bytes"));
  }
  row.measured = stats(acc);
  row.train_seconds = stats(secs).mean;
  row.images_per_s = stats(ips).mean;
  std::vector<std::string> parts;
  if (row.fails > 0) parts.push_back(fmt::format("fail ({}/{})", row.fails, row.runs));
  if (row.errors > 0) parts.push_back(fmt::format("error ({}/{})", row.errors, row.runs));
  row.status = parts.empty() ? std::string("ok") : fmt::format("{}", fmt::join(parts, ", "));
  row.reasons = fmt::format("{}", fmt::join(std::vector<std::string>(reasons.begin(), reasons.end()), "; "));
  return row;
}

}  // namespace

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

AblationData ablation_data(const sweep::SweepPlan& plan, const std::vector<RunSummary>& all_runs,
                           const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  CONTRA_CHECK(!spec.x.empty(), "{}: [report] names no axis x (e.g. x = \"method.momentum\")", plan.sweep.file);
  AblationData d;
  d.planned = static_cast<int>(plan.runs.size());
  std::set<fs::path> planned;  // the records the plan matched to its runs (sweep/plan.h)
  for (const auto& r : plan.runs)
    if (!r.record.empty()) planned.insert(fs::weakly_canonical(r.record));
  for (const auto& r : all_runs)
    if (planned.count(fs::weakly_canonical(r.file))) d.runs.push_back(r);
  // The untrained encoder depends on the seed, not on the axis: one value per seed.
  std::map<std::int64_t, double> init_by_seed;
  for (const auto& r : d.runs) init_by_seed.emplace(r.seed, r.metric("knn_top1_random_init"));
  std::vector<double> init;
  for (const auto& [seed, v] : init_by_seed) init.push_back(v);
  d.random_init = stats(init);
  // Rows in numeric order of the axis (text order when it is not numeric).
  std::map<std::pair<double, std::string>, std::vector<const RunSummary*>> groups;
  for (const auto& r : d.runs) {
    double key = NAN;
    if (auto it = r.axes.find(spec.x); it != r.axes.end())
      if (const auto* v = std::get_if<double>(&it->second)) key = *v;
    groups[{std::isfinite(key) ? key : 0.0, r.axis_text(spec.x)}].push_back(&r);
  }
  for (const auto& [key, group] : groups) {
    AblationRow row = make_row(group, spec.metric);
    row.x_text = key.second;
    const auto it = group.front()->axes.find(spec.x);
    row.x = it != group.front()->axes.end() && std::holds_alternative<double>(it->second) ? key.first : NAN;
    row.paper = paper_value(reference, spec, row.x);
    d.rows.push_back(std::move(row));
  }
  return d;
}

Table ablation_table(const sweep::SweepPlan& plan, const AblationData& d,
                     const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  Table t;
  t.title = fmt::format("{} — measured on {}, preset {}", spec.title.empty() ? plan.sweep.name : spec.title,
                        d.runs.empty() ? std::string("(no runs yet)") : distinct_value(d.runs, "data.dataset"), plan.preset);
  const int missing = d.planned - static_cast<int>(d.runs.size());
  if (missing > 0)
    t.notes.push_back(fmt::format("**INCOMPLETE: {} of {} planned runs have no finished record**; the rows hold only "
                                  "what has been recorded.", missing, d.planned));
  for (const auto& line : setting_notes(d.runs)) t.notes.push_back(line);
  const std::string x_label = spec.x_label.empty() ? spec.x : spec.x_label;
  const bool cited = reference.has_value();
  t.columns = {x_label, "measured kNN top-1 (%)", "n", "vs random init", "status",
               cited ? "paper top-1 (%) [1]" : "paper", "train s", "images/s", "peak MiB"};
  t.csv_columns = {spec.x, "measured_mean", "measured_std", "n", "delta_vs_random_init", "status", "reasons", "paper",
                   "train_seconds_mean", "images_per_s_mean", "peak_memory_bytes_max"};
  const Stats& is = d.random_init;
  t.rows.push_back({"random init", mean_std(is), std::to_string(is.n), "—", "untrained encoder", "—", "—", "—", "—"});
  t.csv_rows.push_back({"random-init", num(is.mean, 4), num(is.std, 4), std::to_string(is.n), "", "baseline", "", "", "",
                        "", ""});
  for (const auto& r : d.rows) {
    const double delta = r.measured.mean - is.mean;  // points gained (or lost) by training
    t.rows.push_back({r.x_text, mean_std(r.measured), std::to_string(r.measured.n),
                      std::isfinite(delta) ? fmt::format("{:+.2f}", delta) : "—",
                      r.reasons.empty() ? r.status : r.status + ": " + r.reasons, r.paper, num(r.train_seconds, 1),
                      num(r.images_per_s, 0), num(r.peak_memory_bytes / (1024.0 * 1024.0), 0)});
    t.csv_rows.push_back({r.x_text, num(r.measured.mean, 4), num(r.measured.std, 4), std::to_string(r.measured.n),
                          num(delta, 4), r.status, r.reasons, r.paper, num(r.train_seconds, 3), num(r.images_per_s, 1),
                          num(r.peak_memory_bytes, 0)});
  }
  if (cited)
    t.footnotes.push_back(fmt::format("[1] {}; {}: {}{}. Cited, not measured here: a different dataset, backbone and "
                                      "metric from the measured column, so compare the ordering of rows, not the values.",
                                      reference->paper, reference->where, reference->metric,
                                      reference->setting.empty() ? "" : ", " + reference->setting));
  return t;
}

Figure ablation_figure(const sweep::SweepPlan& plan, const AblationData& d,
                       const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  const std::string x_label = spec.x_label.empty() ? spec.x : spec.x_label;
  Figure f;
  f.title = spec.title.empty() ? plan.sweep.name : spec.title;
  // Categorical x: one position per row, labelled with the axis value.
  Panel measured{fmt::format("measured: {}, preset {}", d.runs.empty() ? "" : distinct_value(d.runs, "data.dataset"), plan.preset),
                 x_label, "kNN top-1 (%), final epoch", {}, {}, false, {}, "", {}};
  Panel paper{reference ? fmt::format("paper (cited): {}", reference->where) : "paper", x_label,
              reference ? reference->metric : "", {}, {}, false, {}, "", {}};
  Series m{"mean ± std over seeds", {}, {}, {}, false}, p{"published", {}, {}, {}, true};
  for (std::size_t i = 0; i < d.rows.size(); ++i) {
    const auto& r = d.rows[i];
    const double x = static_cast<double>(i);
    measured.xtics.emplace_back(x, r.x_text);
    paper.xtics.emplace_back(x, r.x_text);
    m.x.push_back(x);
    m.y.push_back(r.measured.mean);
    m.err.push_back(r.measured.n > 1 ? r.measured.std : 0.0);
    if (r.fails > 0) measured.labels.emplace_back(x, "fail");
    p.x.push_back(x);
    char* end = nullptr;
    const double v = std::strtod(r.paper.c_str(), &end);
    p.y.push_back(end != r.paper.c_str() ? v : NAN);
    if (r.paper == "fail") paper.labels.emplace_back(x, "fail");
  }
  measured.series.push_back(m);
  if (std::isfinite(d.random_init.mean)) {
    measured.hline = d.random_init.mean;
    measured.hline_title = "random-init encoder";
  }
  paper.series.push_back(p);
  f.panels = {measured, paper};
  return f;
}

ReportFiles write_report(const sweep::SweepPlan& plan, const std::string& references_dir) {
  const auto runs = load_runs(plan.runs_dir());
  std::optional<config::ReferenceTable> reference;
  if (!plan.sweep.report.reference.empty()) reference = config::load_reference(references_dir, plan.sweep.report.reference);
  const AblationData data = ablation_data(plan, runs, reference);
  const Table table = ablation_table(plan, data, reference);
  ReportFiles files{plan.dir / "table.md", plan.dir / "table.csv", plan.dir / "figure", false,
                    data.planned, static_cast<int>(data.runs.size())};
  fs::create_directories(plan.dir);
  std::ofstream(files.markdown) << to_markdown(table);
  std::ofstream(files.csv) << to_csv(table);
  if (!data.rows.empty()) files.figure_drawn = write_figure(ablation_figure(plan, data, reference), files.figure);
  return files;
}

}  // namespace contra::report
