#include "contra/report/report.h"

#include <fstream>

#include "contra/report/ablation.h"
#include "contra/report/cost.h"
#include "contra/report/grid.h"

namespace contra::report {

namespace fs = std::filesystem;

ReportFiles write_report(const sweep::SweepPlan& plan, const std::string& references_dir) {
  const auto& spec = plan.sweep.report;
  std::optional<config::ReferenceTable> reference;
  if (!spec.reference.empty()) reference = config::load_reference(references_dir, spec.reference);
  // Only the records the plan matched to its runs: other files in runs/ are not read.
  std::vector<RunSummary> records;
  for (const auto& run : plan.runs)
    if (!run.record.empty()) records.push_back(read_summary(run.record));
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
    figure = ablation_figure(plan, rows, reference);
  }
  ReportFiles files{plan.dir / "table.md", plan.dir / "table.csv", plan.dir / "figure", false, rows.planned,
                    static_cast<int>(rows.runs.size())};
  fs::create_directories(plan.dir);
  std::ofstream(files.markdown) << to_markdown(table);
  std::ofstream(files.csv) << to_csv(table);
  if (!rows.rows.empty()) files.figure_drawn = write_figure(figure, files.figure);
  return files;
}

}  // namespace contra::report
