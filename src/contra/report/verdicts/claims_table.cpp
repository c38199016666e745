#include "contra/report/verdicts/claims_table.h"

#include <fmt/format.h>

#include <algorithm>

namespace contra::report {

namespace {

/// "0.0123", "< 0.0001", or "—" without a test.
std::string p_cell(double p) {
  if (!std::isfinite(p)) return "—";
  return p < 1e-4 ? "< 0.0001" : fmt::format("{:.4f}", p);
}

std::string number_cell(double v) { return std::isfinite(v) ? fmt::format("{:.2f}", v) : "—"; }

}  // namespace

std::string verdict_count(const std::vector<ClaimResult>& results) {
  int counts[4] = {0, 0, 0, 0};
  for (const auto& r : results) ++counts[static_cast<int>(r.verdict.outcome)];
  return fmt::format("{} of {} claims reproduced, {} contradicted, {} inconclusive, {} not testable",
                     counts[static_cast<int>(Outcome::reproduced)], results.size(),
                     counts[static_cast<int>(Outcome::contradicted)], counts[static_cast<int>(Outcome::inconclusive)],
                     counts[static_cast<int>(Outcome::not_testable)]);
}

std::string size_count(const std::vector<ClaimResult>& results) {
  int reproduced = 0, comparable = 0, sized = 0;
  for (const auto& r : results) {
    if (r.verdict.outcome != Outcome::reproduced) continue;
    ++reproduced;
    sized += r.size.text() != "—" ? 1 : 0;
    comparable += r.size.comparable ? 1 : 0;
  }
  if (reproduced == 0) return "";
  return fmt::format("of the {} reproduced, {} with the paper's numbers to compare, {} size comparable", reproduced,
                     sized, comparable);
}

std::string verdict_line(const std::vector<ClaimResult>& results) {
  if (results.empty()) return "";
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < results.size(); ++i)
    parts.push_back(fmt::format("C{} {}", i + 1, results[i].verdict.text()));
  return fmt::format("claims (rule {}): {}", kRuleVersion, fmt::join(parts, ", "));
}

void add_claims(Table& table, const std::vector<ClaimResult>& results, const SuiteFamily& family) {
  if (results.empty()) return;
  Section s;
  s.heading = "The paper's claims, judged on these runs";
  s.notes.push_back(fmt::format(
      "{}. Rule version {} (docs/claims.md; the same for every table): one test per claim, two-sided at α = {} "
      "after Holm's correction over every tested claim of the suite ({}), the direction read from the sign; rows "
      "that share seeds are compared by a paired t-test on the per-seed differences, others by Welch's; A ≈ B "
      "within d by two one-sided tests (TOST); a trend by the end rows with Spearman's ρ of the claimed sign; a "
      "peak by an intersection–union test (a row in the set above every row outside it, Bonferroni over the "
      "candidates); a gap narrows when its per-seed size |A − B| is above the later |C − D|; fails when every "
      "run fails. A run that fails (the loss curve's rule, docs/definitions.md) is left out of an accuracy only "
      "on a row where the paper prints fail; fewer than {} values in a row: inconclusive (n < {}). \"detectable\" is the smallest difference the "
      "claim's test finds with 80% power at α, from its measured spread. The verdict is on the direction: our "
      "difference of the means is printed in brackets beside the paper's, and \"size\" compares the gaps on one "
      "scale, each relative to its second value ((a − b)/|b|; a trend: last row against first): comparable when "
      "ours is between half and twice the paper's.",
      verdict_count(results), kRuleVersion, kAlpha, family_text(family), kMinSeeds, kMinSeeds));
  const auto registered = std::count_if(results.begin(), results.end(), [](const auto& r) { return r.preregistered(); });
  const bool all_registered = registered == static_cast<std::ptrdiff_t>(results.size());
  s.notes.push_back(fmt::format(
      "Pre-registered: {} of {} claims (every record a claim judges stores its hash, taken by `contra sweep` "
      "when the run started: the claim and its conditions were fixed before the runs){}",
      registered, results.size(),
      all_registered ? "."
                     : fmt::format(". The others were written or revised after their runs, or their records predate "
                                   "rule version {}: their verdicts may reflect the results.",
                                   kRuleVersion)));
  if (std::any_of(results.begin(), results.end(), [](const auto& r) { return r.registered.rfind("no:", 0) == 0; }))
    s.notes.push_back(fmt::format(
        "Judged again: records trained before rule version {} are judged here under it, not trained again; "
        "docs/results-log.md lists every claim's verdict under the earlier rule and under this one.",
        kRuleVersion));
  for (const auto& why : family.left_out) s.notes.push_back("Left out of the correction: " + why);
  s.columns = {"#", "claim (the paper's words, or a paraphrase)", "rows", "metric", "paper", "ours", "verdict", "size",
               "p", "p (Holm)", "detectable", "pre-registered", "evidence"};
  const std::vector<std::string> extra = {"claim",        "claim_kind",   "claim_rows",    "claim_metric",
                                          "claim_paper",  "claim_ours",   "claim_verdict", "claim_size", "claim_p",
                                          "claim_p_holm", "claim_detectable", "claim_registered", "claim_evidence"};
  const std::size_t width = table.csv_columns.size();
  for (auto& row : table.csv_rows) row.resize(width + extra.size());
  table.csv_columns.insert(table.csv_columns.end(), extra.begin(), extra.end());
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    const auto& v = r.verdict;
    const std::string verdict = v.text();
    s.rows.push_back({fmt::format("C{}", i + 1), r.claim.says, r.rows, r.metric, r.paper, r.ours,
                      "**" + verdict + "**", r.size.text(), p_cell(v.p), p_cell(v.p_adjusted), number_cell(v.detectable),
                      r.registered, v.evidence});
    std::vector<std::string> csv(width);
    csv.insert(csv.end(), {r.claim.says, config::to_string(r.claim.kind), r.rows, r.metric, r.paper, r.ours, verdict, r.size.text(), p_cell(v.p),
                           p_cell(v.p_adjusted), number_cell(v.detectable), r.registered, v.evidence});
    table.csv_rows.push_back(std::move(csv));
  }
  table.sections.push_back(std::move(s));
}

}  // namespace contra::report
