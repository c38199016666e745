#include "contra/report/report.h"

#include <fmt/format.h>

#include <fstream>

#include "contra/core/error.h"
#include "contra/core/files.h"
#include "contra/report/ablation.h"
#include "contra/report/cost.h"
#include "contra/report/curves.h"
#include "contra/report/grid.h"

namespace contra::report {

namespace fs = std::filesystem;

ReportFiles write_report(const sweep::SweepPlan& plan, const std::string& references_dir) {
  const auto& spec = plan.sweep.report;
  std::optional<config::ReferenceTable> reference;
  if (!spec.reference.empty()) reference = config::load_reference(references_dir, spec.reference);
  // Only the records the plan matched to its runs: other files in runs/ are not read.
  std::vector<RunSummary> records;
  std::vector<std::string> warnings = sweep::damaged_records(plan);
  for (const auto& run : plan.runs) {
    if (run.record.empty() || !run.damaged.empty()) continue;
    try {
      records.push_back(read_summary(run.record));
    } catch (const core::ContraError& e) {
      const std::string what = e.what();
      warnings.push_back(fmt::format("skipping a damaged record: {}", what.substr(0, what.find('\n'))));
    }
  }
  const RowSet rows = group_runs(plan, records, reference);
  Table table;
  Figure figure;
  if (spec.kind == "grid") {
    table = grid_table(plan, rows, reference);
    figure = grid_figure(plan, rows, reference);
  } else if (spec.kind == "cost") {
    table = cost_table(plan, rows, reference);
    figure = cost_figure(plan, rows);
  } else {
    table = ablation_table(plan, rows, reference);
    figure = spec.kind == "curves" ? curves_figure(plan, rows, reference) : ablation_figure(plan, rows, reference);
  }
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

}  // namespace contra::report
