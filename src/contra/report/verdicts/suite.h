// The family of claims Holm's correction runs over (report/verdicts/verdict.h, "Multiplicity"): every claim
// of every sweep in one folder (the suite: sweeps/ for the shipped tables), at one preset. A
// table's verdicts are read from p-values adjusted over all of them, so that the suite as a whole
// makes a false decision with probability at most alpha, however many tables it has.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "contra/report/verdicts/claims.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// What the correction ran over.
struct SuiteFamily {
  int tested = 0;                     ///< claims with a p-value (a test was run), all tables
  int tables = 0;                     ///< sweeps whose claims were judged
  std::vector<std::string> left_out;  ///< "<file>: <why>" for a sweep of the folder that could not be judged
};

/// The raw verdicts of every claim of the sweep `file` at `preset` from its own records and
/// references; empty when it cites no claims. Throws ContraError as judge_claims does.
std::vector<ClaimResult> raw_verdicts(const sweep::SweepPlan& plan, const std::string& references_dir);

/// Adjusts `results` (the claims of `plan`'s table, judged raw) by Holm over the suite: the claims
/// with a p-value of every sweep file in the folder of plan.sweep.file at plan.preset (`results`
/// standing for `plan`'s own). Each verdict gets p_adjusted, its outcome read again from it
/// (decide), and its evidence the adjusted p. A file of the folder that is not a sweep (no
/// `experiment` key) is skipped; a sweep that lacks the preset, or whose records or references
/// cannot be read, is named in left_out.
/// `judged`: raw p-values already at hand, by sweep file (suite_key), so that a caller judging the
/// whole folder (the results index) judges each sweep once; the others are judged here.
using JudgedSweeps = std::map<std::string, std::vector<double>>;
SuiteFamily adjust_over_suite(const sweep::SweepPlan& plan, std::vector<ClaimResult>& results,
                              const JudgedSweeps& judged = {});

/// The key of a sweep file in JudgedSweeps: its canonical path.
std::string suite_key(const std::filesystem::path& sweep_file);

/// "Holm over 24 tested claims of 9 tables" (and the sweeps left out).
std::string family_text(const SuiteFamily& family);

}  // namespace contra::report
