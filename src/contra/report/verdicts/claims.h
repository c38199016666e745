// The verdict on each of a paper's claims (config/claims.h) over one of our tables: the rows each
// claim names, resolved among the recorded rows, their per-seed values on the claim's metric, and
// the verdict of the one rule in report/verdicts/verdict.h. Printed under every table, written into its CSV
// and counted in results/README.md.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contra/config/references.h"
#include "contra/report/verdicts/claim_size.h"
#include "contra/report/verdicts/planned_grid.h"  // check_claims
#include "contra/report/rows.h"
#include "contra/report/verdicts/verdict.h"

namespace contra::report {

/// One judged claim.
struct ClaimResult {
  config::Claim claim;
  std::string metric;  ///< the metric it was judged on ("linear", "knn", ...), never empty
  std::string rows;    ///< the rows it compares, as the table names them ("m = 0.99 vs m = 0.9")
  std::string paper;   ///< the paper's numbers for those rows ("57.8 vs 55.2"), cited
  std::string ours;    ///< our means for those rows ("78.20 vs 70.56"), or the fail counts
  Verdict verdict;
  /// Our gap against the paper's on the stated scale (report/verdicts/claim_size.h); empty for approx, a peak or a fail.
  SizeComparison size;
  /// Pre-registration, from the records the claim judges: "yes" when every one stores this claim's
  /// hash under this rule version (config::claim_hash, attribute claims_sha); "revised after its
  /// runs (k of n)" when some store other claims; "no: k of n records predate it" when some store none.
  std::string registered;
  bool preregistered() const { return registered == "yes"; }
};

/// The metric a claim is judged on: its own, else the table's protocol ("knn" when the cited metric
/// is kNN, report/rows.h cites_knn; "linear" otherwise).
std::string claim_metric(const config::Claim& claim, const std::optional<config::ReferenceTable>& reference);

/// Judges every claim of `reference` on `rows` (the runs of `plan`'s sweep, report/rows.h).
/// A row a claim names that the table lacks is an error (ContraError naming the claim's file:line
/// and the table's rows) when every planned run is recorded; in an INCOMPLETE table it makes the
/// claim "inconclusive (not recorded)". No reference or no claims: empty.
std::vector<ClaimResult> judge_claims(const sweep::SweepPlan& plan, const RowSet& rows,
                                      const std::optional<config::ReferenceTable>& reference);

}  // namespace contra::report
