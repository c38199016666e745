#include "contra/report/claims_table.h"

#include <fmt/format.h>

namespace contra::report {

std::string verdict_count(const std::vector<ClaimResult>& results) {
  int reproduced = 0, contradicted = 0, inconclusive = 0;
  for (const auto& r : results) {
    if (r.verdict.outcome == Outcome::reproduced) ++reproduced;
    if (r.verdict.outcome == Outcome::contradicted) ++contradicted;
    if (r.verdict.outcome == Outcome::inconclusive) ++inconclusive;
  }
  return fmt::format("{} of {} claims reproduced, {} contradicted, {} inconclusive", reproduced, results.size(),
                     contradicted, inconclusive);
}

void add_claims(Table& table, const std::vector<ClaimResult>& results) {
  if (results.empty()) return;
  Section s;
  s.heading = "The paper's claims, judged on these runs";
  s.notes.push_back(fmt::format(
      "{}. Rule (docs/claims.md; the same for every table): per-seed values of the claim's "
      "metric; A above B by a one-sided Welch t-test at α = {}; A ≈ B within d by two one-sided Welch tests "
      "(TOST); a trend by the sign of Spearman's ρ over the row means and the end rows by Welch; a peak by the "
      "best row in the set against the best outside it; a gap narrows when its size |A − B| per seed is "
      "above the later one's |C − D| by Welch; fails when every run fails. A run recorded fail (loss near "
      "chance) counts only in a fails claim and is left out of every other, as the paper prints \"fail\" for "
      "it; fewer than {} values in a row: inconclusive (n < {}). The verdict is on the direction, not the "
      "size: the difference of the means (ours: means over seeds) is printed in brackets beside the paper's. "
      "Claims were written from the paper before these runs were read.",
      verdict_count(results), kAlpha, kMinSeeds, kMinSeeds));
  s.columns = {"#", "claim (the paper's words, or a paraphrase)", "rows", "metric", "paper", "ours", "verdict",
               "evidence"};
  const std::vector<std::string> extra = {"claim",       "claim_kind", "claim_rows",   "claim_metric",
                                          "claim_paper", "claim_ours", "claim_verdict", "claim_evidence"};
  const std::size_t width = table.csv_columns.size();
  for (auto& row : table.csv_rows) row.resize(width + extra.size());
  table.csv_columns.insert(table.csv_columns.end(), extra.begin(), extra.end());
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    const std::string verdict = r.verdict.text();
    s.rows.push_back({fmt::format("C{}", i + 1), r.claim.says, r.rows, r.metric, r.paper, r.ours,
                      "**" + verdict + "**", r.verdict.evidence});
    std::vector<std::string> csv(width);
    csv.insert(csv.end(), {r.claim.says, r.claim.kind, r.rows, r.metric, r.paper, r.ours, verdict, r.verdict.evidence});
    table.csv_rows.push_back(std::move(csv));
  }
  table.sections.push_back(std::move(s));
}

}  // namespace contra::report
