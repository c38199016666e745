// The statistical rule that turns per-seed values into a verdict on a paper's claim (docs/claims.md).
// Pure functions of numbers: no records, no files. Rule version kRuleVersion:
//   - One test per claim, two-sided at alpha: each kind gives a one-sided p for the claimed
//     direction (p_for) and one for the opposite (p_against); the claim's p is
//     min(1, 2 min(p_for, p_against)), and the direction is read from the smaller.
//   - Paired where the design is: two rows that share at least kMinSeeds seeds are compared by a
//     paired t-test on the per-seed differences (a seed fixes initialisation and data order across
//     a table's rows); otherwise by Welch's t-test.
//   - A above B:      p_for: A − B > 0; p_against: A − B < 0.
//   - A ≈ B within d: p_for: TOST (Schuirmann 1987), the larger of the two one-sided p at ±d;
//                     p_against: the smaller of |A − B| > d on either side, doubled.
//   - trend:          p_for: the end rows differ as claimed (last above first for "increases") and
//                     Spearman's ρ over the row means has the claim's sign (else 1); p_against the
//                     same for the opposite direction.
//   - peaks within S: no selected maximum is tested. p_for: the smallest over rows i in S of the
//                     largest p of "i above j" over every row j outside S, times |S| (Bonferroni over
//                     the candidates: an intersection–union test); p_against: the same with S and
//                     its complement swapped.
//   - fails:          deterministic (every run of the row failed, or none did); no p, no correction.
//   - Multiplicity:   Holm (1979) over every claim of the suite with a p; the outcome is read from
//                     the adjusted p (holm_adjust, decide).
//   - Power:          each test reports the smallest difference it detects with 80% power at
//                     alpha, from its own standard error (min_detectable).
// Fewer than kMinSeeds values in a group: "inconclusive (n < 3)", no p. The t distribution is the
// GNU Scientific Library's (gsl_cdf_tdist_Q, gsl_cdf_tdist_Qinv).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "contra/config/claims.h"

namespace contra::report {

/// The rule's version (config/claims.h, where records read it): bumped whenever the rule changes.
using config::kRuleVersion;

/// not_testable: a condition the paper's mechanism needs does not hold in the runs (report/verdicts/conditions.h);
/// such a claim is never counted reproduced or contradicted.
enum class Outcome { reproduced, contradicted, inconclusive, not_testable };

/// "reproduced" | "contradicted" | "inconclusive" | "not testable".
std::string outcome_name(Outcome o);

/// A row's per-seed values and the seed of each (seeds may be empty: unpaired).
struct Sample {
  std::vector<double> values;
  std::vector<std::int64_t> seeds;
};

/// A verdict and the evidence behind it.
struct Verdict {
  Outcome outcome = Outcome::inconclusive;
  std::string evidence;     ///< the test, its statistic and p-values, or why none was run ("n < 3")
  double p_for = NAN;       ///< one-sided p of the claimed direction; NaN when no test was run
  double p_against = NAN;   ///< one-sided p of the opposite direction
  double p = NAN;           ///< the claim's two-sided p, min(1, 2 min(p_for, p_against))
  double p_adjusted = NAN;  ///< p after Holm over the suite (holm_adjust); p until then
  double detectable = NAN;  ///< the smallest difference detected with 80% power at alpha, metric units
  double effect = NAN;      ///< the measured difference the test is on (claimed direction positive)
  bool tested() const { return std::isfinite(p); }
  /// "reproduced", "not testable", or "inconclusive (n < 3)" when evidence says why.
  std::string text() const;
};

/// The fewest values per group a test is run on; fewer gives "inconclusive (n < 3)".
constexpr int kMinSeeds = 3;
/// The one significance level of the rule: two-sided, per claim after Holm's correction.
constexpr double kAlpha = 0.05;
/// The power at which min_detectable is stated.
constexpr double kPower = 0.80;

/// The one-sided p-value of Welch's t-test for mean(a) − mean(b) > delta (Welch 1947), with the
/// Welch–Satterthwaite degrees of freedom. Non-finite values are dropped. Both samples without
/// variance: 0 or 1 (0.5 on a tie). Throws ContraError when a sample has fewer than 2 finite values.
double welch_p_greater(const std::vector<double>& a, const std::vector<double>& b, double delta = 0);

/// One-sided p of the paired t-test for mean(d) > delta on per-pair differences d (Student 1908),
/// n − 1 degrees of freedom; d without variance: 0 or 1 (0.5 on a tie). Throws ContraError with
/// fewer than 2 differences.
double paired_p_greater(const std::vector<double>& d, double delta = 0);

/// The smallest true difference a two-sided t-test at `alpha` detects with power kPower, for a
/// standard error `se` and `df` degrees of freedom: (t_{1−α/2} + t_{power}) · se.
double min_detectable(double se, double df, double alpha = kAlpha);

/// Spearman's rank correlation of (x, y), ties given their mean rank (gsl_stats_spearman); NaN when
/// fewer than 2 points or a constant y.
double spearman(const std::vector<double>& x, const std::vector<double>& y);

/// Sets v.p from p_for and p_against, v.p_adjusted = p_adjusted (v.p when NaN), and the outcome from
/// the adjusted p: below kAlpha, reproduced when p_for < p_against, else contradicted; otherwise
/// inconclusive. A verdict without a test, or not testable, keeps its outcome.
void decide(Verdict& v, double p_adjusted = NAN);

/// Holm's step-down adjustment (Holm 1979) of `p` (values in [0, 1]; NaN entries are skipped and
/// stay NaN): the i-th smallest of m becomes max over j ≤ i of min(1, (m − j + 1) p_(j)).
std::vector<double> holm_adjust(const std::vector<double>& p);

/// A above B (points, e.g. top-1 %): paired on shared seeds, else Welch.
Verdict above(const Sample& a, const Sample& b);
/// A ≈ B within `margin` points (margin > 0; throws ContraError otherwise).
Verdict approx(const Sample& a, const Sample& b, double margin);
/// The rows' values in increasing x; `increasing` false for "decreases with x". At least 2 rows
/// (throws ContraError otherwise).
Verdict trend(const std::vector<Sample>& rows, bool increasing);
/// The rows' values and whether each row is in the set S; S and its complement must both be
/// non-empty (throws ContraError otherwise).
Verdict peaks_within(const std::vector<Sample>& rows, const std::vector<bool>& in_set);
/// Whether each run of the row failed (DESIGN.md "Fail"): all: reproduced; none: contradicted.
Verdict fails(const std::vector<bool>& failed);

}  // namespace contra::report
