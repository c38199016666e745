// A sweep's protocol, written in the sweep before its runs (docs/claims.md, "Scale rules" and
// "Power"): the ratio each claim's mechanism depends on, which a preset must keep (MoCo's queue age
// K/batch for the momentum claims, K/n for the K trends, comparable batches for end-to-end against
// MoCo, a warm-up standing in for LARS at large batches), and the rule that sets its seeds.
#pragma once

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "contra/config/claims.h"

namespace contra::config {

/// One `[[scale_rules]]` entry:
///   { of = "method.queue / optim.batch", at_least = 4, paper = 16, claims = [2, 3],
///     why = "...", cannot_keep = "..." }
/// `of`, the bound and `why` read as a claim's condition (config/claims.h, Condition). The report
/// adds the rule to each claim it names as one more condition (with_scale_rules), so a claim whose
/// table broke the rule is "not testable", naming the rule; `contra sweep` names a rule the planned
/// runs break before it trains (report/verdicts/protocol.h).
struct ScaleRule {
  Condition keeps;          ///< the ratio and its bound; keeps.where is the entry's file:line
  double paper = NAN;       ///< the ratio in the paper's own setting (MoCo: 4096 / 256 = 16)
  std::vector<int> claims;  ///< the claims it governs, by their number in the cited table (C1 = 1)
  std::string cannot_keep;  ///< "" or why the preset's n cannot keep this ratio beside another
};

/// The `[power]` table: the seeds per table, chosen by a power rule before the runs.
///   { detect = 1.0, sd = 0.6, sd_from = "...", unit = "points of top-1", presets = ["cpu"] }
/// The seeds a table needs: the fewest n >= kMinSeedsByRule whose paired two-sided t-test at α =
/// 0.05 detects `detect` with 80% power (the verdict rule's, report/verdicts/verdict.h) when the per-seed
/// differences have SD `sd` (report/verdicts/protocol.h).
struct PowerRule {
  double detect = NAN;  ///< the smallest difference a claim must detect, in the metric's points
  double sd = NAN;      ///< the per-seed SD of a claim's paired differences it assumes, points
  std::string sd_from;  ///< where that SD comes from (a pilot's records), as text
  std::string unit = "points of top-1";  ///< the unit of detect and sd, as text ("MiB" for cost claims)
  /// The presets it sets the seeds of: the pilot's SD holds at the pilot's scale (absent: the
  /// sweep's default preset).
  std::vector<std::string> presets;
  std::string presets_where;  ///< "file:line" of its presets key; [power]'s own where when absent
  std::string where;    ///< "file:line" of [power]
};

/// Never fewer seeds than this, whatever the power rule gives (issue: "at least 5").
constexpr int kMinSeedsByRule = 5;

/// `claims` (a reference table's, in file order) with each rule's condition added to the claims it
/// names; its why says it is the sweep's scale rule, with the paper's ratio and cannot_keep. Throws
/// ContraError naming the rule's file:line when it names a claim the table does not have.
std::vector<Claim> with_scale_rules(std::vector<Claim> claims, const std::vector<ScaleRule>& rules);

}  // namespace contra::config
