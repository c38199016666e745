#include "contra/report/tables/table_head.h"
#include "contra/report/figures/panels.h"

#include <fmt/format.h>

#include <cmath>
#include <utility>
#include <map>

namespace contra::report {

Panel make_panel(std::string title, std::string xlabel, std::string ylabel, bool log_x) {
  Panel p;
  p.title = std::move(title);
  p.xlabel = std::move(xlabel);
  p.ylabel = std::move(ylabel);
  p.log_x = log_x;
  return p;
}

std::string measured_title(const sweep::SweepPlan& plan, const RowSet& rows) {
  return fmt::format("measured (mean ± std over seeds): {}, preset {}", dataset_of(rows), plan.preset);
}

std::string group_name(const config::ReportSpec& spec, const std::string& value) {
  return fmt::format("{} {}", spec.series_header(), value);
}

Protocol paper_protocol(const config::ReferenceTable& reference) {
  return cites_knn(reference) ? Protocol::knn : Protocol::linear;
}

Series make_series(std::string group, Protocol protocol, bool cited) {
  Series s;
  s.group = std::move(group);
  s.protocol = protocol;
  s.cited = cited;
  return s;
}

void add_point(Series& series, double x, const Stats& value) {
  series.x.push_back(x);
  series.y.push_back(value.mean);
  series.err.push_back(value.n > 1 ? value.std : 0.0);
}

MeasuredLines::MeasuredLines(const std::string& group)
    : linear(make_series(group, Protocol::linear)), knn(make_series(group, Protocol::knn)) {}

void MeasuredLines::add(double x, const Row& row) {
  add_point(linear, x, row.linear);
  add_point(knn, x, row.knn);
}

void MeasuredLines::into(Panel& panel) const {
  panel.series.push_back(linear);
  panel.series.push_back(knn);
}

void label_failures(Panel& panel, const RowSet& rows, const config::ReportSpec& spec,
                    const std::function<double(const Row&)>& x_of) {
  std::map<double, std::vector<std::string>> failed;  // x -> the series values with failed runs there
  for (const auto& r : rows.rows)
    if (r.fails > 0 && std::isfinite(x_of(r))) failed[x_of(r)].push_back(r.series);
  const std::string s_label = spec.series_header();
  for (const auto& [x, series] : failed)
    panel.labels.emplace_back(x, rows.series_order.size() <= 1
                                     ? std::string("fail")
                                     : fmt::format("fail: {} {}", s_label, fmt::join(series, ", ")));
}

XFigure start_x_figure(const sweep::SweepPlan& plan, const RowSet& d,
                       const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  const std::string x_label = spec.x_header();
  XFigure out;
  out.figure.title = spec.title.empty() ? plan.sweep.name : spec.title;
  out.measured = make_panel(measured_title(plan, d), x_label, "top-1 (%), final epoch", spec.log_x);
  out.paper = paper_panel(reference, x_label, spec.log_x);
  return out;
}

void add_numeric_lines(Panel& measured, const RowSet& d, const config::ReportSpec& spec) {
  for (const auto& s : d.series_order) {
    MeasuredLines m(group_name(spec, s));
    for (const auto& r : d.rows)
      if (r.series == s && std::isfinite(r.x)) m.add(r.x, r);
    m.into(measured);
  }
  label_failures(measured, d, spec, [](const Row& r) { return r.x; });
}

Figure finish_x_figure(XFigure start, const RowSet& d) {
  start.measured.baselines = baselines(d);
  start.figure.panels = {std::move(start.measured), std::move(start.paper)};
  return std::move(start.figure);
}

Panel paper_panel(const std::optional<config::ReferenceTable>& reference, const std::string& x_label, bool log_x) {
  if (!reference) return make_panel("paper", x_label, "", log_x);
  const std::string where =
      reference->setting.empty() ? reference->where : fmt::format("{}, {}", reference->where, reference->setting);
  return make_panel(fmt::format("paper (cited): {}", where), x_label, reference->metric, log_x);
}

Series paper_curve(const config::ReferenceTable& reference, const config::ReportSpec& spec,
                   const std::string& series_value, const std::string& group) {
  Series p = make_series(group, paper_protocol(reference), true);
  for (const auto& xv : config::reference_column(reference, spec.reference_x)) {
    if (!xv.number) continue;
    const double y = number_of(paper_value(reference, spec, series_value, *xv.number));
    if (!std::isfinite(y)) continue;
    p.x.push_back(*xv.number);
    p.y.push_back(y);
  }
  return p;
}

std::vector<Baseline> baselines(const RowSet& rows, bool knn_only) {
  std::vector<Baseline> out;
  for (const auto& b : rows.baselines) {
    // a ceiling that did not learn says so on the figure too (report/tables/baselines.h)
    const std::string label = b.status.rfind("did not learn", 0) == 0 ? b.label + " (did not learn)" : b.label;
    if (!knn_only && std::isfinite(b.linear.mean)) out.push_back({b.linear.mean, label + "\n(linear)", Protocol::linear});
    if (std::isfinite(b.knn.mean)) out.push_back({b.knn.mean, label + "\n(kNN)", Protocol::knn});
  }
  return out;
}

}  // namespace contra::report
