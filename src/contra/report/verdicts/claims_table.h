// The judged claims of a table (report/verdicts/claims.h) as the reader sees them: the count of verdicts,
// the section under the table with the rule's one line, and the claim_* columns of its CSV.
#pragma once

#include <string>
#include <vector>

#include "contra/report/verdicts/claims.h"
#include "contra/report/verdicts/suite.h"
#include "contra/report/tables/table.h"

namespace contra::report {

/// "3 of 5 claims reproduced, 1 contradicted, 1 inconclusive, 0 not testable".
std::string verdict_count(const std::vector<ClaimResult>& results);

/// Direction and size apart (report/verdicts/claim_size.h): "of the 2 reproduced, 1 with the paper's numbers
/// to compare, 1 size comparable"; "" when none is reproduced.
std::string size_count(const std::vector<ClaimResult>& results);

/// The verdicts in one line, for a figure's title (a reader looks at the figure first):
/// "claims (rule 2): C1 reproduced, C2 not testable, C3 inconclusive"; "" without claims.
std::string verdict_line(const std::vector<ClaimResult>& results);

/// Adds the claims under `table` (a Markdown table of claim, paper, ours, verdict, p raw and after
/// Holm over `family`, the difference detectable at 80% power and the evidence, with the rule's
/// note), and as CSV rows (claim_* columns appended to the table's CSV, empty on the measured rows).
void add_claims(Table& table, const std::vector<ClaimResult>& results, const SuiteFamily& family = {});

}  // namespace contra::report
