#include "contra/report/tables/table_head.h"
#include "contra/report/tables/cost.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "contra/report/tables/baselines.h"
#include "contra/report/tables/columns.h"
#include "contra/report/figures/panels.h"
#include "contra/report/tables/setting.h"

namespace contra::report {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

double slope(const std::vector<double>& x, const std::vector<double>& y) {
  const auto n = static_cast<double>(x.size());
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < x.size(); ++i) sx += x[i], sy += y[i], sxx += x[i] * x[i], sxy += x[i] * y[i];
  const double den = n * sxx - sx * sx;
  return den > 0 ? (n * sxy - sx * sy) / den : NAN;
}

/// Points of linear top-1 over the encoder as initialised (the table's init baseline) per minute of
/// training: what a method's accuracy costs in time. NaN without that baseline or a train time.
double gain_per_minute(const RowSet& d, const Row& r) {
  const auto* init = d.baseline(config::BaselineSpec::Role::init);
  if (init == nullptr || !(r.train_seconds.mean > 0)) return NAN;
  return (r.linear.mean - init->linear.mean) / (r.train_seconds.mean / 60.0);
}

}  // namespace

std::vector<Growth> memory_growth(const RowSet& d) {
  std::vector<Growth> out;
  for (const auto& s : d.series_order) {
    std::vector<double> neg, peak, store;
    for (const auto& r : d.rows) {
      if (r.series != s || !std::isfinite(r.negatives) || !std::isfinite(r.peak_memory_bytes)) continue;
      neg.push_back(r.negatives);
      peak.push_back(r.peak_memory_bytes);
      store.push_back(std::isfinite(r.store_bytes) ? r.store_bytes : 0.0);
    }
    if (neg.size() < 2) continue;
    Growth g{s,
             slope(neg, peak),
             slope(neg, store),
             *std::min_element(neg.begin(), neg.end()),
             *std::max_element(neg.begin(), neg.end()),
             static_cast<int>(neg.size())};
    out.push_back(g);
  }
  return out;
}

Table cost_table(const sweep::SweepPlan& plan, const RowSet& d,
                 const std::optional<config::ReferenceTable>& reference) {
  const auto& spec = plan.sweep.report;
  Table t = table_head(plan, d);
  t.notes.push_back(
      "GFLOPs/step follows the formula in README.md (Results store); store MiB is the negatives store alone "
      "(queue D×K, bank n×D); \"vs raw pixels\" is a row's mean minus the raw-pixel baseline's on the same protocol, in points.");
  for (const auto& g : memory_growth(d))
    t.notes.push_back(
        fmt::format("Memory growth, {}: peak memory {:+.2f} MiB per 1000 negatives (least squares over {} "
                    "sizes, {:.0f} to {:.0f} negatives); the negatives store alone {:+.3f} MiB per 1000.",
                    g.series, g.bytes_per_negative * 1000.0 / kMiB, g.points, g.min_negatives, g.max_negatives,
                    g.store_bytes_per_negative * 1000.0 / kMiB));
  const auto* init = d.baseline(config::BaselineSpec::Role::init);
  const std::string init_name = init == nullptr ? std::string("init") : init->label;
  t.notes.push_back(fmt::format(
      "\"linear over {0} per train min\" is a row's linear top-1 minus the {0} baseline's, in points, per minute of "
      "training (train s): accuracy per unit of time; peak MiB, the same statistic the cost claims test.",
      init_name));
  Columns c;
  key_columns(c, spec);
  c.md("negatives", [](const Row& r) { return num_cell(r.negatives, 0); });
  c.csv("negatives", [](const Row& r) { return num(r.negatives, 0); });
  measured_columns(c, d, "kNN top-1 (%)", "linear top-1 (%)", [](const BaselineRow& b) { return b.knn; });
  status_columns(c);
  cost_columns(c, /*seconds_per_step=*/true);
  c.md("store MiB", [](const Row& r) { return num_cell(r.store_bytes / kMiB, 2); });
  c.csv("negatives_store_bytes", [](const Row& r) { return num(r.store_bytes, 0); });
  c.md("GFLOPs/step", [](const Row& r) { return num_cell(r.train_flops_per_step / 1e9, 1); });
  c.csv("train_flops_per_step", [](const Row& r) { return num(r.train_flops_per_step, 0); });
  c.md(fmt::format("linear over {} per train min", init_name), [&d](const Row& r) { return num_cell(gain_per_minute(d, r), 2); });
  c.csv(fmt::format("linear_over_{}_per_minute", init == nullptr ? std::string("init") : init->method),
        [&d](const Row& r) { return num(gain_per_minute(d, r), 4); });
  c.fill(t, d);
  if (reference) {
    // The paper's own cost table, quoted column by column.
    t.footnotes.push_back(fmt::format("Paper (cited) [1]: {} — {}.", reference->where, reference->metric));
    std::vector<std::string> names;
    for (const auto& [name, values] : reference->columns) names.push_back(name);
    t.footnotes.push_back("");
    t.footnotes.push_back(fmt::format("| {} |", fmt::join(names, " | ")));
    std::string rule = "|";
    for (std::size_t i = 0; i < names.size(); ++i) rule += " --- |";
    t.footnotes.push_back(rule);
    std::size_t rows = 0;
    for (const auto& [name, values] : reference->columns) rows = std::max(rows, values.size());
    for (std::size_t i = 0; i < rows; ++i) {
      std::vector<std::string> cells;
      for (const auto& [name, values] : reference->columns) cells.push_back(i < values.size() ? values[i].text : "");
      t.footnotes.push_back(fmt::format("| {} |", fmt::join(cells, " | ")));
    }
    t.footnotes.push_back("");
    t.footnotes.push_back(citation_footnote(*reference));
  }
  return t;
}

Figure cost_figure(const sweep::SweepPlan& plan, const RowSet& d) {
  const auto& spec = plan.sweep.report;
  Figure f;
  f.title = spec.title.empty() ? plan.sweep.name : spec.title;
  const std::string where = fmt::format("{}, preset {}", dataset_of(d), plan.preset);
  Panel memory = make_panel("accuracy against peak memory: " + where, "peak memory (MiB)", "top-1 (%), final epoch");
  Panel time = make_panel("accuracy against train time: " + where, "train time per run (s)", "top-1 (%), final epoch");
  // Each series' points joined in the order of the panel's own x (a cost), not of K, so that no
  // line doubles back; each point is labelled with its x value (K) and, where runs failed, how many.
  const std::string x_label = spec.x_header();
  const auto label_of = [&](const Row& r) {
    return fmt::format("{} {}{}", x_label, r.x_text, r.fails > 0 ? fmt::format(" fail {}/{}", r.fails, r.runs) : "");
  };
  for (const auto& s : d.series_order) {
    MeasuredLines m(group_name(spec, s)), t(group_name(spec, s));
    std::vector<const Row*> rows;
    for (const auto& r : d.rows)
      if (r.series == s) rows.push_back(&r);
    const auto by = [&](const std::function<double(const Row&)>& cost, MeasuredLines& lines, Panel& panel) {
      auto sorted = rows;
      std::stable_sort(sorted.begin(), sorted.end(), [&](const Row* a, const Row* b) { return cost(*a) < cost(*b); });
      for (const auto* r : sorted) {
        lines.add(cost(*r), *r);
        panel.point_labels.push_back({cost(*r), r->linear.mean, label_of(*r)});
      }
    };
    by([](const Row& r) { return r.peak_memory_bytes / kMiB; }, m, memory);
    by([](const Row& r) { return r.train_seconds.mean; }, t, time);
    m.into(memory);
    t.into(time);
  }
  memory.baselines = time.baselines = baselines(d);
  f.panels = {memory, time};
  return f;
}

}  // namespace contra::report
