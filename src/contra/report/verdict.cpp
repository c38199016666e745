#include "contra/report/verdict.h"

#include <fmt/format.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

#include <algorithm>
#include <cmath>

#include "contra/core/error.h"

namespace contra::report {

namespace {

std::vector<double> finite(const std::vector<double>& v) {
  std::vector<double> out;
  for (double x : v)
    if (std::isfinite(x)) out.push_back(x);
  return out;
}

double mean_of(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? NAN : s / static_cast<double>(v.size());
}

double variance_of(const std::vector<double>& v, double mean) {
  double ss = 0;
  for (double x : v) ss += (x - mean) * (x - mean);
  return ss / static_cast<double>(v.size() - 1);
}

Verdict too_few(std::size_t na, std::size_t nb) {
  return {Outcome::inconclusive, fmt::format("n < {} (n = {}, {})", kMinSeeds, na, nb)};
}

/// A trend or a peak: the first of its rows with too few values, by its place among them.
Verdict too_few_in_row(std::size_t n, std::size_t row, std::size_t rows) {
  return {Outcome::inconclusive, fmt::format("n < {} (n = {} in row {} of {})", kMinSeeds, n, row + 1, rows)};
}

bool enough(std::size_t n) { return n >= static_cast<std::size_t>(kMinSeeds); }

std::string p_text(double p) { return p < 1e-4 ? "p < 0.0001" : fmt::format("p = {:.4f}", p); }

}  // namespace

std::string outcome_name(Outcome o) {
  switch (o) {
    case Outcome::reproduced: return "reproduced";
    case Outcome::contradicted: return "contradicted";
    case Outcome::inconclusive: break;
  }
  return "inconclusive";
}

std::string Verdict::text() const {
  if (outcome == Outcome::inconclusive && evidence.rfind("n < ", 0) == 0)
    return fmt::format("inconclusive (n < {})", kMinSeeds);
  return outcome_name(outcome);
}

double welch_p_greater(const std::vector<double>& a_in, const std::vector<double>& b_in, double delta) {
  const auto a = finite(a_in), b = finite(b_in);
  CONTRA_CHECK(a.size() >= 2 && b.size() >= 2, "Welch's t-test needs at least 2 finite values per sample (got {}, {})",
               a.size(), b.size());
  const double ma = mean_of(a), mb = mean_of(b);
  const double na = static_cast<double>(a.size()), nb = static_cast<double>(b.size());
  const double va = variance_of(a, ma) / na, vb = variance_of(b, mb) / nb;  // squared standard errors
  const double diff = ma - mb - delta;
  const double se2 = va + vb;
  if (!(se2 > 0)) return diff > 0 ? 0.0 : (diff < 0 ? 1.0 : 0.5);
  const double t = diff / std::sqrt(se2);
  const double df = se2 * se2 / (va * va / (na - 1) + vb * vb / (nb - 1));  // Welch–Satterthwaite
  return gsl_cdf_tdist_Q(t, df);
}

double spearman(const std::vector<double>& x, const std::vector<double>& y) {
  CONTRA_CHECK(x.size() == y.size(), "spearman: {} x values for {} y values", x.size(), y.size());
  if (x.size() < 2) return NAN;
  if (std::all_of(y.begin(), y.end(), [&](double v) { return v == y.front(); })) return NAN;
  std::vector<double> xs = x, ys = y, work(2 * x.size());
  return gsl_stats_spearman(xs.data(), 1, ys.data(), 1, xs.size(), work.data());
}

Verdict above(const std::vector<double>& a_in, const std::vector<double>& b_in) {
  const auto a = finite(a_in), b = finite(b_in);
  if (!enough(a.size()) || !enough(b.size())) return too_few(a.size(), b.size());
  const double p = welch_p_greater(a, b), q = welch_p_greater(b, a);
  const std::string tail = fmt::format("(Welch, one-sided, n = {}, {})", a.size(), b.size());
  if (p < kAlpha) return {Outcome::reproduced, fmt::format("A > B: {} {}", p_text(p), tail)};
  if (q < kAlpha) return {Outcome::contradicted, fmt::format("B > A: {} {}", p_text(q), tail)};
  return {Outcome::inconclusive, fmt::format("A > B: {}, B > A: {} {}", p_text(p), p_text(q), tail)};
}

Verdict approx(const std::vector<double>& a_in, const std::vector<double>& b_in, double margin) {
  CONTRA_CHECK(std::isfinite(margin) && margin > 0, "a claim 'A ≈ B within d' needs d > 0 points, got {}", margin);
  const auto a = finite(a_in), b = finite(b_in);
  if (!enough(a.size()) || !enough(b.size())) return too_few(a.size(), b.size());
  const double p_low = welch_p_greater(a, b, -margin);  // H1: A - B > -d
  const double p_high = welch_p_greater(b, a, -margin);  // H1: A - B < d
  const double p_over = welch_p_greater(a, b, margin);   // H1: A - B > d
  const double p_under = welch_p_greater(b, a, margin);  // H1: A - B < -d
  const std::string tail = fmt::format("(d = {}, Welch, n = {}, {})", margin, a.size(), b.size());
  if (std::max(p_low, p_high) < kAlpha)
    return {Outcome::reproduced, fmt::format("|A − B| < d: TOST {} {}", p_text(std::max(p_low, p_high)), tail)};
  if (std::min(p_over, p_under) < kAlpha)
    return {Outcome::contradicted, fmt::format("|A − B| > d: {} {}", p_text(std::min(p_over, p_under)), tail)};
  return {Outcome::inconclusive,
          fmt::format("TOST {}, |A − B| > d: {} {}", p_text(std::max(p_low, p_high)),
                      p_text(std::min(p_over, p_under)), tail)};
}

Verdict trend(const std::vector<std::vector<double>>& rows, bool increasing) {
  CONTRA_CHECK(rows.size() >= 2, "a trend claim needs at least 2 rows, got {}", rows.size());
  std::vector<double> x, means;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto v = finite(rows[i]);
    if (!enough(v.size())) return too_few_in_row(v.size(), i, rows.size());
    x.push_back(static_cast<double>(i));
    means.push_back(mean_of(v));
  }
  const double rho = spearman(x, means);
  const double sign = increasing ? 1.0 : -1.0;
  const auto& first = rows.front();
  const auto& last = rows.back();
  // The claimed end-point difference (last above first for increases) and the opposite one.
  const double p_claim = increasing ? welch_p_greater(last, first) : welch_p_greater(first, last);
  const double p_opposite = increasing ? welch_p_greater(first, last) : welch_p_greater(last, first);
  const std::string evidence = fmt::format("Spearman rho = {:.2f} over {} means; ends: {} as claimed, {} opposite (Welch)",
                                           rho, rows.size(), p_text(p_claim), p_text(p_opposite));
  if (std::isfinite(rho) && sign * rho > 0 && p_claim < kAlpha) return {Outcome::reproduced, evidence};
  if (std::isfinite(rho) && sign * rho < 0 && p_opposite < kAlpha) return {Outcome::contradicted, evidence};
  return {Outcome::inconclusive, evidence};
}

Verdict peaks_within(const std::vector<std::vector<double>>& rows, const std::vector<bool>& in_set) {
  CONTRA_CHECK(rows.size() == in_set.size(), "peaks_within: {} rows for {} flags", rows.size(), in_set.size());
  int best_in = -1, best_out = -1;
  double mean_in = -INFINITY, mean_out = -INFINITY;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto v = finite(rows[i]);
    if (!enough(v.size())) return too_few_in_row(v.size(), i, rows.size());
    const double m = mean_of(v);
    if (in_set[i] && m > mean_in) mean_in = m, best_in = static_cast<int>(i);
    if (!in_set[i] && m > mean_out) mean_out = m, best_out = static_cast<int>(i);
  }
  CONTRA_CHECK(best_in >= 0 && best_out >= 0,
               "a claim 'peaks within S' needs rows both in S and outside it ({} rows, {} in S)", rows.size(),
               std::count(in_set.begin(), in_set.end(), true));
  Verdict v = above(rows[static_cast<std::size_t>(best_in)], rows[static_cast<std::size_t>(best_out)]);
  v.evidence = fmt::format("best in S ({:.2f}) vs best outside ({:.2f}): {}", mean_in, mean_out, v.evidence);
  return v;
}

Verdict fails(const std::vector<bool>& failed) {
  const auto n = failed.size();
  const auto k = static_cast<std::size_t>(std::count(failed.begin(), failed.end(), true));
  if (!enough(n)) return too_few(n, n);
  const std::string evidence = fmt::format("{} of {} runs failed", k, n);
  if (k == n) return {Outcome::reproduced, evidence};
  if (k == 0) return {Outcome::contradicted, evidence};
  return {Outcome::inconclusive, evidence};
}

}  // namespace contra::report
