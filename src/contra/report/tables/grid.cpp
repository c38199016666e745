#include "contra/report/tables/table_head.h"
#include "contra/report/tables/grid.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <utility>

#include "contra/report/tables/baselines.h"
#include "contra/report/tables/columns.h"
#include "contra/report/figures/panels.h"
#include "contra/report/tables/setting.h"

namespace contra::report {

namespace {

/// The distinct x values of the rows, with their text: in numeric order, or in the rows' order
/// (the plan's) when x is not a number (report.x = "label").
std::vector<std::pair<double, std::string>> x_values(const RowSet& d) {
  std::vector<std::pair<double, std::string>> xs;
  for (const auto& r : d.rows)
    if (std::find_if(xs.begin(), xs.end(), [&](const auto& p) { return p.second == r.x_text; }) == xs.end())
      xs.push_back({r.x, r.x_text});
  if (std::all_of(xs.begin(), xs.end(), [](const auto& p) { return std::isfinite(p.first); })) std::sort(xs.begin(), xs.end());
  return xs;
}

const Row* find_row(const RowSet& d, const std::string& series, const std::string& x_text) {
  for (const auto& r : d.rows)
    if (r.series == series && r.x_text == x_text) return &r;
  return nullptr;
}

/// The paper's series values (e.g. 100, 200, 400, 800 epochs), when the reference is 2-D.
std::vector<std::string> paper_series(const std::optional<config::ReferenceTable>& ref,
                                      const config::ReportSpec& spec) {
  std::vector<std::string> out;
  if (!ref || spec.reference_series.empty()) return out;
  for (const auto& v : config::reference_column(*ref, spec.reference_series)) out.push_back(v.text);
  return out;
}

/// The cells' note: what a cell holds, and of the baselines the table has, how they read.
std::string cells_note(const RowSet& d) {
  using Role = config::BaselineSpec::Role;
  std::string note =
      "Cells: kNN top-1 (%) at the final epoch, then the linear probe's top-1 (%), means ± std over seeds";
  if (d.baseline(Role::input) != nullptr)
    note += ", then in brackets each one's gain over raw pixels (kNN / linear), in points";
  note += ".";
  std::vector<std::string> untrained;
  for (const auto& b : d.baselines)
    if (b.role != Role::ceiling) untrained.push_back(b.label);
  if (!d.baselines.empty()) note += " The baselines come first";
  if (!untrained.empty())
    note += fmt::format(": {} train{} nothing, so {} the same in every column", fmt::join(untrained, " and "),
                        untrained.size() == 1 ? "s" : "", untrained.size() == 1 ? "it is" : "they are");
  if (d.baseline(Role::ceiling) != nullptr)
    note += std::string(untrained.empty() ? ": " : "; ") + "the supervised ceiling trained the epochs of the "
            "table's longest row";
  if (!d.baselines.empty()) note += ".";
  return note;
}

}  // namespace

Table grid_table(const sweep::SweepPlan& plan, const RowSet& d,
                 const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  Table t = table_head(plan, d);
  t.notes.push_back(cells_note(d));
  const auto papers = paper_series(reference, spec);
  t.columns = {spec.x_header()};
  for (const auto& s : d.series_order) t.columns.push_back(fmt::format("measured, {} {}", spec.series_header(), s));
  for (const auto& s : papers) t.columns.push_back(fmt::format("paper, {} {} [1]", spec.series_header(), s));
  for (const auto& b : d.baselines) {
    std::vector<std::string> row = {b.label};
    for (std::size_t i = 0; i < d.series_order.size(); ++i)
      row.push_back(fmt::format("{} / {}{}", mean_std(b.knn), mean_std_n(b.linear, b.knn.n),
                                b.status == "ok" ? "" : " (baseline: " + b.status + ")"));
    row.resize(t.columns.size(), "—");
    t.rows.push_back(std::move(row));
  }
  const bool has_input = d.baseline(config::BaselineSpec::Role::input) != nullptr;
  for (const auto& [x, text] : x_values(d)) {
    std::vector<std::string> row = {text};
    for (const auto& s : d.series_order) {
      const Row* r = find_row(d, s, text);
      const std::string gains = has_input && r != nullptr
                                    ? fmt::format(" [{} / {}]", gain_over_input(d, r->knn.mean, true),
                                                  gain_over_input(d, r->linear.mean, false))
                                    : "";
      row.push_back(r == nullptr ? "—"
                                 : fmt::format("{} / {}{}{}", mean_std(r->measured),
                                               mean_std_n(r->linear, r->measured.n), gains,
                                               r->status == "ok" ? "" : " (" + r->status + ")"));
    }
    for (const auto& s : papers) row.push_back(paper_value(reference, spec, s, x));
    t.rows.push_back(std::move(row));
  }
  Columns c;
  key_columns(c, spec, /*x_first=*/true);
  measured_columns(c, d, "", "", [](const BaselineRow& b) { return b.knn; });
  status_columns(c);
  cost_columns(c);
  c.fill_csv(t, d);
  add_protocol_footnotes(t, reference, d);
  return t;
}

Figure grid_figure(const sweep::SweepPlan& plan, const RowSet& d,
                   const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  auto start = start_x_figure(plan, d, reference);
  add_numeric_lines(start.measured, d, spec);
  if (reference && !spec.reference_x.empty())
    for (const auto& s : paper_series(reference, spec))
      start.paper.series.push_back(paper_curve(*reference, spec, s, group_name(spec, s)));
  return finish_x_figure(std::move(start), d);
}

}  // namespace contra::report
