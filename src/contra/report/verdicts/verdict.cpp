#include "contra/report/verdicts/verdict.h"

#include <fmt/format.h>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

#include <algorithm>
#include <map>

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

bool enough(std::size_t n) { return n >= static_cast<std::size_t>(kMinSeeds); }

std::string p_text(double p) { return p < 1e-4 ? "p < 0.0001" : fmt::format("p = {:.4f}", p); }

/// P(T > t) for a t statistic: with no spread (se = 0), 0 or 1 by the sign of the difference.
double t_upper(double diff, double se, double df) {
  if (!(se > 0)) return diff > 0 ? 0.0 : (diff < 0 ? 1.0 : 0.5);
  return gsl_cdf_tdist_Q(diff / se, df);
}

/// A − B as one t statistic: paired on the seeds both samples hold (at least kMinSeeds of them),
/// Welch otherwise. `ok` is false when a group has fewer than kMinSeeds finite values.
struct Difference {
  bool ok = false, paired = false;
  std::size_t na = 0, nb = 0;  ///< values per group (pairs: na = nb)
  double diff = NAN, se = NAN, df = NAN;
  /// One-sided p of A − B > delta.
  double p_greater(double delta) const { return t_upper(diff - delta, se, df); }
  /// One-sided p of A − B < delta.
  double p_less(double delta) const { return t_upper(delta - diff, se, df); }
  std::string test() const {
    return paired ? fmt::format("paired t, {} seeds", na) : fmt::format("Welch, n = {}, {}", na, nb);
  }
  std::string too_few() const { return fmt::format("n < {} (n = {}, {})", kMinSeeds, na, nb); }
};

/// The paired t statistic of per-pair differences (at least 2, finite).
Difference paired_of(const std::vector<double>& pairs) {
  Difference d;
  d.ok = d.paired = true;
  d.na = d.nb = pairs.size();
  d.diff = mean_of(pairs);
  d.se = std::sqrt(variance_of(pairs, d.diff) / static_cast<double>(pairs.size()));
  d.df = static_cast<double>(pairs.size() - 1);
  return d;
}

/// Welch's t statistic of two samples (at least 2 finite values each), Welch–Satterthwaite df.
Difference welch_of(const std::vector<double>& va, const std::vector<double>& vb) {
  Difference d;
  d.ok = true;
  d.na = va.size(), d.nb = vb.size();
  const double ma = mean_of(va), mb = mean_of(vb);
  const double na = static_cast<double>(d.na), nb = static_cast<double>(d.nb);
  const double sa = variance_of(va, ma) / na, sb = variance_of(vb, mb) / nb;  // squared standard errors
  d.diff = ma - mb;
  d.se = std::sqrt(sa + sb);
  d.df = sa + sb > 0 ? (sa + sb) * (sa + sb) / (sa * sa / (na - 1) + sb * sb / (nb - 1)) : na + nb - 2;
  return d;
}

Difference difference(const Sample& a, const Sample& b) {
  std::map<std::int64_t, double> by_seed;
  if (a.seeds.size() == a.values.size())
    for (std::size_t i = 0; i < a.values.size(); ++i)
      if (std::isfinite(a.values[i])) by_seed[a.seeds[i]] = a.values[i];
  std::vector<double> pairs;
  if (b.seeds.size() == b.values.size())
    for (std::size_t i = 0; i < b.values.size(); ++i) {
      const auto it = by_seed.find(b.seeds[i]);
      if (it != by_seed.end() && std::isfinite(b.values[i])) pairs.push_back(it->second - b.values[i]);
    }
  if (enough(pairs.size())) return paired_of(pairs);
  const auto va = finite(a.values), vb = finite(b.values);
  if (enough(va.size()) && enough(vb.size())) return welch_of(va, vb);
  Difference d;  // too few values: not ok, the counts for the evidence
  d.na = va.size(), d.nb = vb.size();
  return d;
}

Verdict too_few(const std::string& why) { return {Outcome::inconclusive, why}; }

/// A verdict from its two one-sided p-values, decided at the unadjusted p.
Verdict tested(double p_for, double p_against, double detectable, double effect, std::string evidence) {
  Verdict v;
  v.p_for = std::clamp(p_for, 0.0, 1.0);
  v.p_against = std::clamp(p_against, 0.0, 1.0);
  v.detectable = detectable;
  v.effect = effect;
  v.evidence = std::move(evidence);
  decide(v);
  return v;
}

}  // namespace

std::string outcome_name(Outcome o) {
  static const char* const names[] = {"reproduced", "contradicted", "inconclusive", "not testable"};  // enum order
  return names[static_cast<int>(o)];
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
  return welch_of(a, b).p_greater(delta);
}

double paired_p_greater(const std::vector<double>& d_in, double delta) {
  const auto d = finite(d_in);
  CONTRA_CHECK(d.size() >= 2, "a paired t-test needs at least 2 finite differences (got {})", d.size());
  return paired_of(d).p_greater(delta);
}

double min_detectable(double se, double df, double alpha) {
  if (!std::isfinite(se) || !(df > 0)) return NAN;
  return (gsl_cdf_tdist_Qinv(alpha / 2, df) + gsl_cdf_tdist_Qinv(1 - kPower, df)) * se;
}

double spearman(const std::vector<double>& x, const std::vector<double>& y) {
  CONTRA_CHECK(x.size() == y.size(), "spearman: {} x values for {} y values", x.size(), y.size());
  if (x.size() < 2) return NAN;
  if (std::all_of(y.begin(), y.end(), [&](double v) { return v == y.front(); })) return NAN;
  std::vector<double> xs = x, ys = y, work(2 * x.size());
  return gsl_stats_spearman(xs.data(), 1, ys.data(), 1, xs.size(), work.data());
}

void decide(Verdict& v, double p_adjusted) {
  if (!std::isfinite(v.p_for) || !std::isfinite(v.p_against)) return;
  v.p = std::min(1.0, 2 * std::min(v.p_for, v.p_against));
  v.p_adjusted = std::isfinite(p_adjusted) ? std::max(p_adjusted, v.p) : v.p;
  if (v.outcome == Outcome::not_testable) return;
  if (v.p_adjusted >= kAlpha)
    v.outcome = Outcome::inconclusive;
  else
    v.outcome = v.p_for < v.p_against ? Outcome::reproduced : Outcome::contradicted;
}

std::vector<double> holm_adjust(const std::vector<double>& p) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < p.size(); ++i)
    if (std::isfinite(p[i])) order.push_back(i);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t i, std::size_t j) { return p[i] < p[j]; });
  std::vector<double> out(p.size(), NAN);
  const auto m = order.size();
  double running = 0;
  for (std::size_t k = 0; k < m; ++k) {
    running = std::max(running, std::min(1.0, static_cast<double>(m - k) * p[order[k]]));
    out[order[k]] = running;
  }
  return out;
}

Verdict above(const Sample& a, const Sample& b) {
  const auto d = difference(a, b);
  if (!d.ok) return too_few(d.too_few());
  const double p_for = d.p_greater(0), p_against = d.p_less(0);
  return tested(
      p_for, p_against, min_detectable(d.se, d.df), d.diff,
      fmt::format("A − B = {:+.2f}: A > B {}, B > A {} ({})", d.diff, p_text(p_for), p_text(p_against), d.test()));
}

Verdict approx(const Sample& a, const Sample& b, double margin) {
  CONTRA_CHECK(std::isfinite(margin) && margin > 0, "a claim 'A ≈ B within d' needs d > 0 points, got {}", margin);
  const auto d = difference(a, b);
  if (!d.ok) return too_few(d.too_few());
  const double p_tost = std::max(d.p_greater(-margin), d.p_less(margin));                        // −d < A − B < d
  const double p_outside = std::min(1.0, 2 * std::min(d.p_greater(margin), d.p_less(-margin)));  // |A − B| > d
  return tested(p_tost, p_outside, min_detectable(d.se, d.df), margin - std::fabs(d.diff),
                fmt::format("A − B = {:+.2f}, d = {}: TOST {}, |A − B| > d {} ({})", d.diff, margin, p_text(p_tost),
                            p_text(p_outside), d.test()));
}

Verdict trend(const std::vector<Sample>& rows, bool increasing) {
  CONTRA_CHECK(rows.size() >= 2, "a trend claim needs at least 2 rows, got {}", rows.size());
  std::vector<double> x, means;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto v = finite(rows[i].values);
    if (!enough(v.size()))
      return too_few(fmt::format("n < {} (n = {} in row {} of {})", kMinSeeds, v.size(), i + 1, rows.size()));
    x.push_back(static_cast<double>(i));
    means.push_back(mean_of(v));
  }
  const double rho = spearman(x, means);
  // The end rows, oriented so that "as claimed" is last − first > 0 (first − last for decreases).
  const auto d = increasing ? difference(rows.back(), rows.front()) : difference(rows.front(), rows.back());
  const double sign = increasing ? 1.0 : -1.0;
  const double p_for = std::isfinite(rho) && sign * rho > 0 ? d.p_greater(0) : 1.0;
  const double p_against = std::isfinite(rho) && sign * rho < 0 ? d.p_less(0) : 1.0;
  return tested(p_for, p_against, min_detectable(d.se, d.df), d.diff,
                fmt::format("Spearman ρ = {:.2f} over {} means; end rows {:+.2f} as claimed: {}, opposite: {} ({})",
                            rho, rows.size(), d.diff, p_text(p_for), p_text(p_against), d.test()));
}

Verdict peaks_within(const std::vector<Sample>& rows, const std::vector<bool>& in_set) {
  CONTRA_CHECK(rows.size() == in_set.size(), "peaks_within: {} rows for {} flags", rows.size(), in_set.size());
  const auto inside = static_cast<std::size_t>(std::count(in_set.begin(), in_set.end(), true));
  CONTRA_CHECK(inside > 0 && inside < rows.size(),
               "a claim 'peaks within S' needs rows both in S and outside it ({} rows, {} in S)", rows.size(), inside);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto n = finite(rows[i].values).size();
    if (!enough(n)) return too_few(fmt::format("n < {} (n = {} in row {} of {})", kMinSeeds, n, i + 1, rows.size()));
  }
  // Intersection–union: a candidate of one side beats every row of the other; Bonferroni over
  // that side's candidates. Also the smallest margin and the largest detectable difference met.
  double detectable = 0, effect = NAN;
  const auto side_p = [&](bool side) {
    double best = INFINITY;
    double best_margin = NAN;
    std::size_t candidates = 0;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      if (in_set[i] != side) continue;
      ++candidates;
      double worst = 0, margin = INFINITY;
      for (std::size_t j = 0; j < rows.size(); ++j) {
        if (in_set[j] == side) continue;
        const auto d = difference(rows[i], rows[j]);
        worst = std::max(worst, d.p_greater(0));
        margin = std::min(margin, d.diff);
        detectable = std::max(detectable, min_detectable(d.se, d.df));
      }
      if (worst < best) best = worst, best_margin = margin;
    }
    if (side) effect = best_margin;
    return std::min(1.0, best * static_cast<double>(candidates));
  };
  const double p_for = side_p(true), p_against = side_p(false);
  return tested(p_for, p_against, detectable, effect,
                fmt::format("a row in S above every row outside: {} (Bonferroni over {}); a row outside above "
                            "every row in S: {} (over {}); pairwise t-tests",
                            p_text(p_for), inside, p_text(p_against), rows.size() - inside));
}

Verdict fails(const std::vector<bool>& failed) {
  const auto n = failed.size();
  const auto k = static_cast<std::size_t>(std::count(failed.begin(), failed.end(), true));
  if (!enough(n)) return too_few(fmt::format("n < {} (n = {}, {})", kMinSeeds, n, n));
  const std::string evidence = fmt::format("{} of {} runs failed", k, n);
  if (k == n) return {Outcome::reproduced, evidence};
  if (k == 0) return {Outcome::contradicted, evidence};
  return {Outcome::inconclusive, evidence};
}

}  // namespace contra::report
