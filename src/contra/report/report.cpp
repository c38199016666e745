#include "contra/report/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <fstream>

#include "contra/core/error.h"
#include "contra/core/files.h"
#include "contra/report/tables/ablation.h"
#include "contra/report/tables/baselines.h"
#include "contra/report/verdicts/claims_table.h"
#include "contra/report/tables/cost.h"
#include "contra/report/figures/curves.h"
#include "contra/report/figures/epoch_reference.h"
#include "contra/report/rows.h"
#include "contra/report/tables/grid.h"
#include "contra/report/tables/objective.h"
#include "contra/report/verdicts/planned_grid.h"
#include "contra/report/verdicts/suite.h"
#include "contra/sweep/baselines.h"

namespace contra::report {

namespace fs = std::filesystem;

namespace {

using Reference = std::optional<config::ReferenceTable>;

/// One report layout: the table and the figure a report.kind builds.
struct Layout {
  std::string kind;
  Table (*table)(const sweep::SweepPlan&, const RowSet&, const Reference&);
  Figure (*figure)(const sweep::SweepPlan&, const RowSet&, const Reference&);
};

/// Every report.kind (config::names::kReportKinds lists the same names for the sweep reader).
const std::vector<Layout>& layouts() {
  static const std::vector<Layout> all = {
      {"ablation", ablation_table, ablation_figure},
      {"grid", grid_table, grid_figure},
      {"cost", cost_table,
       [](const sweep::SweepPlan& p, const RowSet& r, const Reference&) { return cost_figure(p, r); }},
      {"curves", ablation_table, curves_figure},
  };
  return all;
}

const Layout& layout_of(const sweep::SweepPlan& plan) {
  const auto& kind = plan.sweep.report.kind;
  for (const auto& layout : layouts())
    if (layout.kind == kind) return layout;
  core::fail("{}: report.kind = '{}' is unknown; valid: {}", plan.sweep.file, kind, fmt::join(report_kinds(), ", "));
}

}  // namespace

std::vector<std::string> report_kinds() {
  std::vector<std::string> kinds;
  for (const auto& layout : layouts()) kinds.push_back(layout.kind);
  return kinds;
}

namespace {

/// A paper value is found by its x's position in the reference_x column, so a value column of
/// another length would shift every value after a gap onto the wrong x. 1-D columns (and the
/// reference_series column beside them) hold one value per x; a 2-D column holds one row per x, each
/// with one value per entry of the reference_series column.
void check_column_lengths(const sweep::SweepPlan& plan, const config::ReferenceTable& reference) {
  const auto& spec = plan.sweep.report;
  if (spec.reference_x.empty() || reference.columns.count(spec.reference_x) == 0) return;
  const auto& xs = config::reference_column(reference, spec.reference_x);
  const auto n = xs.size();
  // Each x once: a paper value is looked up by its x, so a repeated x would leave one row unread.
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < i; ++j)
      CONTRA_CHECK(xs[i].text != xs[j].text,
                   "{}: column '{}' of the cited table {} holds {} twice (positions {} and {}): each x names one "
                   "row of the paper's table",
                   plan.sweep.file, spec.reference_x, spec.reference, xs[i].text, j + 1, i + 1);
  // Where every planned x is a number, a word among the paper's x would match no row.
  const PlannedGrid grid(plan);
  const auto numeric = [](const std::string& text) { return std::isfinite(number_of(text)); };
  if (grid.x_known() && !grid.xs().empty() && std::all_of(grid.xs().begin(), grid.xs().end(), numeric))
    for (std::size_t i = 0; i < n; ++i)
      CONTRA_CHECK(xs[i].number.has_value() || numeric(xs[i].text),
                   "{}: column '{}' of the cited table {} holds '{}' (position {}), which is no number, where every "
                   "planned x ({}: {}) is one: it would match no row",
                   plan.sweep.file, spec.reference_x, spec.reference, xs[i].text, i + 1, spec.x,
                   fmt::join(grid.xs(), ", "));
  const auto refuse = [&](const std::string& column, std::size_t got, std::size_t want, const std::string& of) {
    core::fail("{}: column '{}' of the cited table {} has {} values but {} has {}: each value is matched to its x "
               "by position",
               plan.sweep.file, column, spec.reference, got, of, want);
  };
  std::vector<std::string> values = {spec.reference_y};
  for (const auto& [series, column] : spec.reference_columns) values.push_back(column);
  const auto series = reference.columns.find(spec.reference_series);
  bool one_d = false;
  for (const auto& column : values) {
    if (column.empty()) continue;
    if (const auto it = reference.columns.find(column); it != reference.columns.end()) {
      one_d = true;
      if (it->second.size() != n) refuse(column, it->second.size(), n, "reference_x '" + spec.reference_x + "'");
      continue;
    }
    std::size_t rows = 0;
    for (; reference.columns.count(fmt::format("{}.{}", column, rows)) > 0; ++rows) {
      const auto& row = reference.columns.at(fmt::format("{}.{}", column, rows));
      if (series != reference.columns.end() && row.size() != series->second.size())
        refuse(fmt::format("{}.{}", column, rows), row.size(), series->second.size(),
               "reference_series '" + spec.reference_series + "'");
    }
    if (rows > 0 && rows != n)
      core::fail("{}: column '{}' of the cited table {} has {} rows but reference_x '{}' has {} values: each row is "
                 "matched to its x by position",
                 plan.sweep.file, column, spec.reference, rows, spec.reference_x, n);
  }
  if (one_d && series != reference.columns.end() && series->second.size() != n)
    refuse(spec.reference_series, series->second.size(), n, "reference_x '" + spec.reference_x + "'");
}

/// A reference_columns key is a series value the table looks its paper column up by, exactly: a
/// misspelt one would leave that series without its paper column, silently.
void check_column_series(const sweep::SweepPlan& plan) {
  const auto& spec = plan.sweep.report;
  const PlannedGrid grid(sweep::untrimmed(plan));  // a series the preset trims keeps its column
  for (const auto& [series, column] : spec.reference_columns)
    CONTRA_CHECK(std::find(grid.series().begin(), grid.series().end(), series) != grid.series().end(),
                 "{}: report.reference_columns.{} = '{}': no planned run has series {} = '{}' (its values: {})",
                 plan.sweep.file, series, column, spec.series.empty() ? "(none)" : spec.series, series,
                 fmt::join(grid.series(), ", "));
}

}  // namespace

void check_references(const sweep::SweepPlan& plan, const std::string& references_dir) {
  (void)layout_of(plan);
  const auto& spec = plan.sweep.report;
  if (!spec.reference.empty()) {
    const auto reference = config::load_reference(references_dir, spec.reference);
    std::vector<std::pair<std::string, std::string>> named = {{"report.reference_x", spec.reference_x},
                                                              {"report.reference_y", spec.reference_y},
                                                              {"report.reference_series", spec.reference_series}};
    for (const auto& [series, column] : spec.reference_columns)
      named.emplace_back("report.reference_columns." + series, column);
    for (const auto& [key, column] : named) {
      if (column.empty()) continue;
      std::vector<std::string> columns;
      for (const auto& [name, values] : reference.columns) columns.push_back(name);
      CONTRA_CHECK(reference.columns.count(column) + reference.columns.count(column + ".0") > 0,
                   "{}: {} = '{}' is no column of the cited table {} (its columns: {})", plan.sweep.file, key, column,
                   spec.reference, fmt::join(columns, ", "));
      // x and the series are looked up value by value: one row each, never a 2-D column.
      CONTRA_CHECK(reference.columns.count(column) > 0 || (column != spec.reference_x && column != spec.reference_series),
                   "{}: {} = '{}' is a 2-D column of the cited table {} ({}.0, {}.1, ...): x and the series must be one "
                   "row of values",
                   plan.sweep.file, key, column, spec.reference, column, column);
    }
    check_column_lengths(plan, reference);
    check_column_series(plan);
    check_claims(plan, reference);
  }
  if (draws_epoch_reference(plan)) (void)config::load_reference_curve(references_dir, spec.epoch_reference, "knn_top1");
}

namespace {

/// How many seeds the plan runs per row (its distinct seeds).
int planned_seeds(const sweep::SweepPlan& plan) {
  std::set<std::int64_t> seeds;
  for (const auto& run : plan.runs) seeds.insert(run.seed);
  return static_cast<int>(seeds.size());
}

/// The finished records the plan matched to its runs (other files in runs/ are not read); a
/// damaged one is skipped and named in `warnings`.
std::vector<RunSummary> read_records(const sweep::SweepPlan& plan, std::vector<std::string>& warnings) {
  std::vector<RunSummary> records;
  for (const auto& w : sweep::damaged_records(plan)) warnings.push_back(w);
  for (const auto& run : plan.runs) {
    if (run.record.empty() || !run.damaged.empty()) continue;
    try {
      records.push_back(read_summary(run.record));
    } catch (const core::ContraError& e) {
      const std::string what = e.what();
      warnings.push_back(fmt::format("skipping a damaged record: {}", what.substr(0, what.find('\n'))));
    }
  }
  return records;
}

/// The plan's rows (report/rows.h) with its baselines (report/tables/baselines.h), from their records.
RowSet rows_of(const sweep::SweepPlan& plan, const Reference& reference, std::vector<std::string>& warnings) {
  RowSet rows = group_runs(plan, read_records(plan, warnings), reference);
  const auto baselines = sweep::plan_baselines(plan);
  const auto records = read_records(baselines, warnings);
  rows.baselines = baseline_rows(baselines, records);
  for (const auto& r : records) {
    ++rows.baseline_records;
    if (const double s = r.wall_seconds(); std::isfinite(s)) rows.baseline_wall_seconds += s, ++rows.baseline_timed;
  }
  return rows;
}

Reference reference_of(const sweep::SweepPlan& plan, const std::string& references_dir) {
  const auto& spec = plan.sweep.report;
  if (spec.reference.empty()) return std::nullopt;
  return config::load_reference(references_dir, spec.reference);
}

}  // namespace

SweepVerdicts sweep_verdicts(const sweep::SweepPlan& plan, const std::string& references_dir, bool over_suite) {
  if (!plan.sweep.report.claims) return {};
  const Reference reference = reference_of(plan, references_dir);
  if (!reference || reference->claims.empty()) return {};
  std::vector<std::string> warnings;
  const RowSet rows = rows_of(plan, reference, warnings);  // the records, read once for both
  SweepVerdicts out{judge_claims(plan, rows, reference), raw_pixel_tally(rows)};
  if (over_suite) adjust_over_suite(plan, out.claims);
  return out;
}

std::vector<ClaimResult> judge_sweep(const sweep::SweepPlan& plan, const std::string& references_dir) {
  return sweep_verdicts(plan, references_dir).claims;
}

ReportFiles write_report(const sweep::SweepPlan& plan, const std::string& references_dir) {
  const auto& spec = plan.sweep.report;
  const Layout& layout = layout_of(plan);  // before reading anything
  check_references(plan, references_dir);  // what `contra sweep` refuses before it trains, refused here too
  const Reference reference = reference_of(plan, references_dir);
  std::optional<config::ReferenceCurve> curve;  // a published per-epoch curve of this preset's setting
  if (draws_epoch_reference(plan)) curve = config::load_reference_curve(references_dir, spec.epoch_reference, "knn_top1");
  std::vector<std::string> warnings;
  const RowSet rows = rows_of(plan, reference, warnings);
  const auto [base_planned, base_recorded] = rows.baseline_counts();
  if (base_recorded < base_planned)
    warnings.push_back(fmt::format("{} of {} baseline runs have no finished record: the table says INCOMPLETE "
                                   "(`contra sweep` trains them)",
                                   base_planned - base_recorded, base_planned));
  auto claims = judge_claims(plan, rows, reference);  // a claim naming a row the table lacks stops here
  const SuiteFamily family = claims.empty() ? SuiteFamily{} : adjust_over_suite(plan, claims);
  for (const auto& why : family.left_out)  // Holm's family is smaller than the suite: said where it is read
    warnings.push_back(fmt::format("left out of the Holm correction over the suite: {}", why));
  Table table = layout.table(plan, rows, reference);
  Figure figure = layout.figure(plan, rows, reference);
  if (curve) {
    figure.panels.push_back(epoch_reference_panel(plan, rows, *curve));
    table.footnotes.push_back(epoch_reference_note(rows, *curve));
  }
  add_claims(table, claims, family);
  if (!spec.objective.empty()) table.sections.push_back(objective_section(spec, rows, planned_seeds(plan)));
  if (!claims.empty()) figure.title += ". " + verdict_line(claims);
  ReportFiles files{plan.dir / "table.md",
                    plan.dir / "table.csv",
                    plan.dir / "table.tex",
                    plan.dir / "figure",
                    false,
                    rows.planned,
                    static_cast<int>(rows.runs.size()),
                    warnings};
  core::ensure_directory(plan.dir, "report");
  for (const auto& [path, text] : {std::pair{files.markdown, to_markdown(table)}, std::pair{files.csv, to_csv(table)},
                                   std::pair{files.latex, to_latex(table)}}) {
    std::ofstream out(path);
    out << text;
    out.flush();
    CONTRA_CHECK(out.good(), "{}: cannot write the table (disk full or read-only?)", path.string());
  }
  if (!rows.rows.empty()) files.figure_drawn = write_figure(figure, files.figure);
  return files;
}

sweep::CommandOutput report_command(const sweep::SweepPlan& plan, const std::string& references_dir) {
  const auto files = write_report(plan, references_dir);
  sweep::CommandOutput o;
  for (const auto& w : files.warnings) o.err.push_back("warning: " + w);
  o.out = fmt::format("report: {}, {} and {}{} ({} of {} planned runs recorded)\n", files.markdown.string(),
                      files.csv.string(), files.latex.string(),
                      files.figure_drawn ? fmt::format(", {}.png/.svg", files.figure.string()) : std::string(),
                      files.recorded, files.planned);
  if (!files.figure_drawn && files.recorded > 0)
    o.err.push_back(fmt::format("warning: the figure was not drawn (is gnuplot installed?); its script is {}.gp",
                                files.figure.string()));
  if (files.recorded < files.planned)
    o.err.push_back(fmt::format("warning: the table is INCOMPLETE: {} planned run(s) have no finished record",
                                files.planned - files.recorded));
  return o;
}

}  // namespace contra::report
