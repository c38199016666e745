#include "contra/report/tables/columns.h"

#include <fmt/format.h>

#include "contra/report/tables/baselines.h"

namespace contra::report {

namespace {

void fill_one(const std::vector<Column>& columns, const RowSet& d, const char* missing,
              std::vector<std::string>& headers, std::vector<std::vector<std::string>>& rows) {
  headers.clear();
  rows.clear();
  for (const auto& c : columns) headers.push_back(c.header);
  for (const auto& b : d.baselines) {
    std::vector<std::string> line;
    for (const auto& c : columns) line.push_back(c.baseline ? c.baseline(b) : missing);
    rows.push_back(std::move(line));
  }
  for (const auto& r : d.rows) {
    std::vector<std::string> line;
    for (const auto& c : columns) line.push_back(c.row(r));
    rows.push_back(std::move(line));
  }
}

}  // namespace

std::string mean_std_n(const Stats& s, int row_n) {
  return s.n == row_n || s.n == 0 ? mean_std(s) : fmt::format("{} (n {})", mean_std(s), s.n);
}

Columns& Columns::md(std::string header, RowCell row, BaselineCell baseline) {
  md_.push_back({std::move(header), std::move(row), std::move(baseline)});
  return *this;
}

Columns& Columns::csv(std::string header, RowCell row, BaselineCell baseline) {
  csv_.push_back({std::move(header), std::move(row), std::move(baseline)});
  return *this;
}

void Columns::fill(Table& t, const RowSet& d) const {
  fill_one(md_, d, "—", t.columns, t.rows);
  fill_csv(t, d);
}

void Columns::fill_csv(Table& t, const RowSet& d) const { fill_one(csv_, d, "", t.csv_columns, t.csv_rows); }

void key_columns(Columns& c, const config::ReportSpec& spec, bool x_first) {
  c.csv("baseline", [](const Row&) { return std::string(); }, [](const BaselineRow& b) { return b.label; });
  const bool series = !spec.series.empty();
  const auto add_series = [&] {
    if (!series) return;
    c.md(spec.series_header(), [](const Row& r) { return r.series; });
    c.csv(spec.series, [](const Row& r) { return r.series; });
  };
  if (!x_first) add_series();
  c.md(spec.x_header(), [](const Row& r) { return r.x_text; }, [](const BaselineRow& b) { return b.label; });
  c.csv(spec.x, [](const Row& r) { return r.x_text; });
  if (x_first) add_series();
}

void measured_columns(Columns& c, const RowSet& d, const std::string& measured_header, const std::string& linear_header,
                      const std::function<Stats(const BaselineRow&)>& baseline_measured) {
  const auto n = [](const Row& r) { return std::to_string(r.measured.n); };
  const auto baseline_n = [](const BaselineRow& b) { return std::to_string(b.knn.n); };
  const auto gain = [&d](bool knn, const char* missing) {
    return [&d, knn, missing](const Row& r) { return gain_over_input(d, (knn ? r.knn : r.linear).mean, knn, missing); };
  };
  c.md(measured_header, [](const Row& r) { return mean_std(r.measured); },
       [=](const BaselineRow& b) { return mean_std(baseline_measured(b)); });
  // The n column counts the measured column's runs; a linear probe missing from some of them says
  // its own n, so a mean of fewer runs is never read as one of n.
  c.md(linear_header, [](const Row& r) { return mean_std_n(r.linear, r.measured.n); },
       [](const BaselineRow& b) { return mean_std_n(b.linear, b.knn.n); });
  c.md("n", n, baseline_n);
  c.md("kNN vs raw pixels", gain(true, "—"));
  c.md("linear vs raw pixels", gain(false, "—"));
  c.csv("measured_mean", [](const Row& r) { return num(r.measured.mean, 4); },
        [=](const BaselineRow& b) { return num(baseline_measured(b).mean, 4); });
  c.csv("measured_std", [](const Row& r) { return num(r.measured.std, 4); },
        [=](const BaselineRow& b) { return num(baseline_measured(b).std, 4); });
  c.csv("linear_mean", [](const Row& r) { return num(r.linear.mean, 4); },
        [](const BaselineRow& b) { return num(b.linear.mean, 4); });
  c.csv("linear_std", [](const Row& r) { return num(r.linear.std, 4); },
        [](const BaselineRow& b) { return num(b.linear.std, 4); });
  c.csv("n", n, baseline_n);
  c.csv(gain_column(true), gain(true, ""));
  c.csv(gain_column(false), gain(false, ""));
}

void status_columns(Columns& c) {
  c.md("status", [](const Row& r) { return r.reasons.empty() ? r.status : r.status + ": " + r.reasons; },
       [](const BaselineRow& b) { return "baseline: " + b.status; });
  c.csv("status", [](const Row& r) { return r.status; }, [](const BaselineRow&) { return std::string("baseline"); });
  c.csv("reasons", [](const Row& r) { return r.reasons; }, [](const BaselineRow& b) { return b.status; });
}

void cost_columns(Columns& c, bool seconds_per_step) {
  c.md("train s", [](const Row& r) { return num_cell(r.train_seconds.mean, 1); });
  c.csv("train_seconds_mean", [](const Row& r) { return num(r.train_seconds.mean, 3); });
  if (seconds_per_step) {
    c.md("s/step", [](const Row& r) { return num_cell(r.seconds_per_step.mean, 3); });
    c.csv("seconds_per_step_mean", [](const Row& r) { return num(r.seconds_per_step.mean, 4); });
  }
  c.md("images/s", [](const Row& r) { return num_cell(r.images_per_s.mean, 0); });
  c.csv("images_per_s_mean", [](const Row& r) { return num(r.images_per_s.mean, 1); });
  c.md("peak MiB", [](const Row& r) { return mean_std_digits(r.peak_mib, 0); });
  c.csv("peak_memory_bytes_mean", [](const Row& r) { return num(r.peak_memory_bytes, 0); });
}

}  // namespace contra::report
