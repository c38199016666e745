// `contra report`: a sweep's table (Markdown, CSV, LaTeX) and figure (gnuplot: PNG, SVG) from its HDF5
// records alone, beside the cited paper numbers; the [report] block's kind picks the layout.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "contra/report/tables/baselines.h"
#include "contra/report/verdicts/claims_table.h"
#include "contra/sweep/commands.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// What write_report wrote.
struct ReportFiles {
  std::filesystem::path markdown, csv, latex, figure;  ///< figure: the stem of .png/.svg/.gp
  bool figure_drawn = false;                           ///< false when gnuplot is missing or failed
  int planned = 0;
  int recorded = 0;                   ///< planned runs with a finished, readable record
  std::vector<std::string> warnings;  ///< one line per damaged record that was skipped, and per sweep left out of Holm's family
};

/// The report kinds write_report builds (report.kind), in a fixed order.
std::vector<std::string> report_kinds();

/// Reads what the report of `plan` will cite (report.reference and, for a preset that draws it,
/// report.epoch_reference) from `references_dir` and throws ContraError naming the file and the
/// defect, so that a sweep stops on a bad reference before it trains, not after. Defects: a named
/// column the table lacks, a value column whose length is not the reference_x column's (values are
/// matched to their x by position), a 2-D column whose rows are not one per x or not one value per
/// reference_series entry, a reference_columns key that is no planned series value, and the
/// claims' (check_claims).
void check_references(const sweep::SweepPlan& plan, const std::string& references_dir);

/// Writes `<plan.dir>/table.md`, `table.csv`, `table.tex` and `figure.{gp,png,svg}` from the records in
/// `<plan.dir>/runs`. Running it again on the same records gives the same table bytes.
/// A damaged record (corrupt, truncated, not a run record) is skipped and named in `warnings`, so
/// the table counts that run as missing. Throws ContraError when the reference cannot be read, or
/// when report.kind is none of report_kinds() (listing them).
/// The table also carries the verdict on each claim of the cited table (report/verdicts/claims.h); a claim
/// that names a row the complete table lacks is an error.
ReportFiles write_report(const sweep::SweepPlan& plan, const std::string& references_dir);

/// `contra report`: write_report of `plan` from `references_dir`, and what to print of it: the files
/// and the records counted on stdout; a warning per damaged record, a figure gnuplot did not draw
/// and a table with runs not recorded (INCOMPLETE) on stderr. The exit code is 0.
sweep::CommandOutput report_command(const sweep::SweepPlan& plan, const std::string& references_dir);

/// The verdicts write_report prints under the table of `plan`, from the same records: for the
/// results index (report/index.h). Empty when the sweep cites no table or its table has no claims.
std::vector<ClaimResult> judge_sweep(const sweep::SweepPlan& plan, const std::string& references_dir);

/// The verdicts of judge_sweep and the measured rows above the raw-pixel baseline
/// (report/tables/baselines.h), from one read of the records: what the results index says of a table.
/// Both empty when the sweep cites no table or its table has no claims. `over_suite` false: the
/// raw verdicts, before Holm's correction over the suite (report/verdicts/suite.h).
struct SweepVerdicts {
  std::vector<ClaimResult> claims;
  RawPixelTally pixel_tally;
};
SweepVerdicts sweep_verdicts(const sweep::SweepPlan& plan, const std::string& references_dir, bool over_suite = true);

}  // namespace contra::report
