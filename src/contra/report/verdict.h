// The statistical rule that turns per-seed values into a verdict on a paper's claim: reproduced,
// contradicted or inconclusive. One rule for every table (docs/claims.md):
//   - A above B:      one-sided Welch t-test on the per-seed values at alpha; A > B significant:
//                     reproduced; B > A significant: contradicted; neither: inconclusive.
//   - A ≈ B within d: two one-sided tests (TOST, Schuirmann 1987) with margin d: both significant:
//                     reproduced; |A - B| > d significant (one-sided, either side): contradicted.
//   - trend (increases / decreases with x): the sign of Spearman's rank correlation over the row
//                     means (ordered by x) must be the claim's, and the last row above the first
//                     (the first above the last, for decreases) by the pairwise test: reproduced;
//                     the opposite sign with the opposite end-point difference significant:
//                     contradicted.
//   - peaks within S: the best row in S (highest mean) against the best row outside S, pairwise.
//   - fails:          every run of the row failed: reproduced; none did: contradicted.
// Any group with fewer than 3 values makes the verdict "inconclusive (n < 3)". The p-values come
// from the Student t distribution of the GNU Scientific Library (gsl_cdf_tdist_Q).
#pragma once

#include <string>
#include <vector>

namespace contra::report {

enum class Outcome { reproduced, contradicted, inconclusive };

/// "reproduced" | "contradicted" | "inconclusive".
std::string outcome_name(Outcome o);

/// A verdict and the evidence behind it, e.g. "p = 0.012 (Welch, one-sided, n = 3, 3)".
struct Verdict {
  Outcome outcome = Outcome::inconclusive;
  std::string evidence;  ///< the test, its statistic and p-value, or why none was run ("n < 3")
  std::string text() const;  ///< "reproduced", or "inconclusive (n < 3)" when evidence says why
};

/// The fewest values per group a test is run on; fewer gives "inconclusive (n < 3)".
constexpr int kMinSeeds = 3;
/// The one significance level of the rule (one-sided).
constexpr double kAlpha = 0.05;

/// The one-sided p-value of Welch's t-test for mean(a) - mean(b) > delta (Welch 1947): t = (ā - b̄ -
/// delta) / sqrt(s²a/na + s²b/nb) with the Welch–Satterthwaite degrees of freedom. Non-finite values
/// are dropped. When both samples have zero variance the p-value is 0 or 1 (0.5 on a tie). Throws
/// ContraError when a sample has fewer than 2 finite values.
double welch_p_greater(const std::vector<double>& a, const std::vector<double>& b, double delta = 0);

/// Spearman's rank correlation of (x, y), ties given their mean rank (gsl_stats_spearman); NaN when
/// fewer than 2 points or a constant y.
double spearman(const std::vector<double>& x, const std::vector<double>& y);

/// A above B: per-seed values of the two rows (points, e.g. top-1 %).
Verdict above(const std::vector<double>& a, const std::vector<double>& b);
/// A ≈ B within `margin` points (margin > 0; throws ContraError otherwise).
Verdict approx(const std::vector<double>& a, const std::vector<double>& b, double margin);
/// The rows' per-seed values in increasing x; `increasing` false for "decreases with x". At least
/// 2 rows (throws ContraError otherwise).
Verdict trend(const std::vector<std::vector<double>>& rows, bool increasing);
/// The rows' per-seed values and whether each row is in the set S; S and its complement must both
/// be non-empty (throws ContraError otherwise).
Verdict peaks_within(const std::vector<std::vector<double>>& rows, const std::vector<bool>& in_set);
/// Whether each run of the row failed (the paper's "fail", DESIGN.md "Fail").
Verdict fails(const std::vector<bool>& failed);

}  // namespace contra::report
