#include "contra/report/claims.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "contra/core/error.h"

namespace contra::report {

namespace {

using config::Claim;
using config::ClaimRow;
namespace kinds = config::claim_kinds;

constexpr double kMiB = 1024.0 * 1024.0;

bool is_keyword(const std::string& s) { return s == "smallest" || s == "largest"; }

/// Whether a row's value (series or x text, with its number) is the one a claim names: numbers
/// within 1e-9 (relative), words exactly.
bool same_value(const std::string& have, double have_number, const std::string& want) {
  const double w = number_of(want);
  if (std::isfinite(w) && std::isfinite(have_number))
    return std::abs(have_number - w) <= 1e-9 * std::max(1.0, std::abs(w));
  return have == want;
}

double series_number(const Row& r) { return number_of(r.series); }

/// Raised when a row a claim names is not among the recorded rows. `named`: the claim named it by
/// its value (an error in a complete table); otherwise a keyword or a selection found too few
/// rows in this table's grid (the claim cannot be judged here: inconclusive).
struct MissingRow {
  std::string what;
  bool named = true;
};

/// The per-seed values and the failure flags of a row on a metric, from its runs that did not error.
struct RowValues {
  std::vector<double> values;
  std::vector<std::int64_t> seeds;
  std::vector<bool> failed;
};

class Judge {
 public:
  Judge(const sweep::SweepPlan& plan, const RowSet& rows, const Claim& claim, std::string metric)
      : plan_(plan), d_(rows), claim_(claim), metric_(std::move(metric)) {}

  ClaimResult judge() {
    ClaimResult r;
    r.claim = claim_;
    r.metric = metric_;
    const auto& k = claim_.kind;
    if (k == kinds::kAbove || k == kinds::kApprox) {
      const auto [a, b] = pair(claim_.row, claim_.than);
      r.rows = fmt::format("{} vs {}", name(*a), name(*b));
      r.paper = paper_of({a, b});
      r.ours = ours_of({a, b});
      r.verdict = k == kinds::kAbove ? above(values(*a).values, values(*b).values)
                                     : approx(values(*a).values, values(*b).values, claim_.within);
    } else if (k == kinds::kIncreases || k == kinds::kDecreases) {
      const auto along = select_along(claim_.along);
      r.rows = along_name(along);
      r.paper = paper_of(along);
      r.ours = ours_of(along);
      std::vector<std::vector<double>> v;
      for (const auto* row : along) v.push_back(values(*row).values);
      r.verdict = trend(v, k == kinds::kIncreases);
    } else if (k == kinds::kPeaksWithin) {
      const auto along = select_along(claim_.along);
      std::vector<std::vector<double>> v;
      std::vector<bool> in_set;
      for (const auto* row : along) {
        v.push_back(values(*row).values);
        in_set.push_back(std::any_of(claim_.set.begin(), claim_.set.end(),
                                     [&](const std::string& x) { return same_value(row->x_text, row->x, x); }));
      }
      const auto inside = std::count(in_set.begin(), in_set.end(), true);
      CONTRA_CHECK(inside > 0, "{}: the claim's set [{}] names no row of the table ({})", claim_.where,
                   fmt::join(claim_.set, ", "), along_name(along));
      CONTRA_CHECK(inside < static_cast<long>(in_set.size()),
                   "{}: the claim's set [{}] holds every row it looks at ({}): a peak within it says nothing",
                   claim_.where, fmt::join(claim_.set, ", "), along_name(along));
      r.rows = fmt::format("best of {}, in {{{}}}?", along_name(along), fmt::join(claim_.set, ", "));
      r.paper = paper_of(along);
      r.ours = ours_of(along);
      r.verdict = peaks_within(v, in_set);
    } else if (k == kinds::kFails) {
      const Row* a = one(claim_.row);
      r.rows = name(*a);
      r.paper = paper_of({a});
      const auto v = values(*a);
      r.ours = fmt::format("{} of {} runs fail", std::count(v.failed.begin(), v.failed.end(), true), v.failed.size());
      r.verdict = fails(v.failed);
    } else {  // narrows
      const auto [a, b] = pair(claim_.row, claim_.than);
      const auto [c, e] = pair(claim_.then_row, claim_.then_than);
      r.rows = fmt::format("({} − {}) vs ({} − {})", name(*a), name(*b), name(*c), name(*e));
      r.paper = fmt::format("{} vs {}", paper_gap(*a, *b), paper_gap(*c, *e));
      const auto wide = gaps(*a, *b), narrow = gaps(*c, *e);
      r.ours = fmt::format("{} vs {}", num_or_dash(mean(wide)), num_or_dash(mean(narrow)));
      r.verdict = above(wide, narrow);
    }
    if (!claim_.paper.empty()) r.paper = claim_.paper;
    return r;
  }

 private:
  std::string name(const Row& r) const {
    const auto& spec = plan_.sweep.report;
    const std::string x = fmt::format("{} = {}", spec.x_label.empty() ? spec.x : spec.x_label, r.x_text);
    if (spec.x == "label") return r.x_text;
    if (r.series.empty()) return x;
    return fmt::format("{} {}, {}", spec.series_label.empty() ? spec.series : spec.series_label, r.series, x);
  }

  std::string along_name(const std::vector<const Row*>& along) const {
    std::vector<std::string> names;
    for (const auto* r : along) names.push_back(name(*r));
    return fmt::format("{}", fmt::join(names, "; "));
  }

  static double mean(const std::vector<double>& v) {
    double s = 0;
    int n = 0;
    for (double x : v)
      if (std::isfinite(x)) s += x, ++n;
    return n > 0 ? s / n : NAN;
  }

  static std::string num_or_dash(double v) { return std::isfinite(v) ? num(v, 2) : "—"; }

  std::string paper_of(const std::vector<const Row*>& rows) const {
    std::vector<std::string> out;
    for (const auto* r : rows) out.push_back(r->paper.empty() ? "—" : r->paper);
    return fmt::format("{}", fmt::join(out, " vs "));
  }

  std::string paper_gap(const Row& a, const Row& b) const {
    const double pa = number_of(a.paper), pb = number_of(b.paper);
    return std::isfinite(pa) && std::isfinite(pb) ? fmt::format("{:+.1f}", pa - pb) : "—";
  }

  std::string ours_of(const std::vector<const Row*>& rows) const {
    std::vector<std::string> out;
    for (const auto* r : rows) out.push_back(num_or_dash(mean(values(*r).values)));
    return fmt::format("{}", fmt::join(out, " vs "));
  }

  /// A run's value on the claim's metric; NaN where it was not measured.
  double value_of(const RunSummary& run) const {
    if (metric_ == "linear") return run.metric("linear_top1");
    if (metric_ == "knn") return run.metric("knn_top1");
    if (metric_ == "pretext") return run.last_epoch("pretext_acc");
    if (metric_ == "peak_memory") return run.metric("peak_memory_bytes") / kMiB;
    return run.metric("train_seconds");
  }

  RowValues values(const Row& r) const {
    RowValues v;
    for (const auto i : r.members) {
      const auto& run = d_.runs[i];
      if (run.status == "error") continue;
      v.values.push_back(value_of(run));
      v.seeds.push_back(run.seed);
      v.failed.push_back(run.status == "fail");
    }
    return v;
  }

  /// Per-seed gaps a − b over the seeds both rows have.
  std::vector<double> gaps(const Row& a, const Row& b) const {
    const auto va = values(a), vb = values(b);
    std::vector<double> out;
    for (std::size_t i = 0; i < va.seeds.size(); ++i)
      for (std::size_t j = 0; j < vb.seeds.size(); ++j)
        if (va.seeds[i] == vb.seeds[j]) out.push_back(va.values[i] - vb.values[j]);
    return out;
  }

  std::string rows_list() const {
    std::vector<std::string> names;
    for (const auto& r : d_.rows) names.push_back(name(r));
    return names.empty() ? std::string("none recorded") : fmt::format("{}", fmt::join(names, "; "));
  }

  [[noreturn]] static void missing(const std::string& what, bool named) { throw MissingRow{what, named}; }

  /// Rows of the given series (a value, a keyword, or "" = every series).
  std::vector<const Row*> of_series(const std::string& series) const {
    std::vector<const Row*> out;
    std::string want = series;
    if (is_keyword(series)) {
      std::vector<double> values;
      for (const auto& r : d_.rows)
        if (std::isfinite(series_number(r))) values.push_back(series_number(r));
      CONTRA_CHECK(!values.empty(), "{}: series = '{}' needs numeric series values (the table's: {})", claim_.where,
                   series, rows_list());
      const double pick = series == "smallest" ? *std::min_element(values.begin(), values.end())
                                               : *std::max_element(values.begin(), values.end());
      for (const auto& r : d_.rows)
        if (series_number(r) == pick) out.push_back(&r);
      return out;
    }
    for (const auto& r : d_.rows)
      if (want.empty() || same_value(r.series, series_number(r), want)) out.push_back(&r);
    return out;
  }

  /// The row among `rows` at x (a value or a keyword); `xs` restricts the keyword to those x values.
  const Row* at_x(const std::vector<const Row*>& rows, const ClaimRow& ref, const std::set<double>* xs) const {
    if (is_keyword(ref.x)) {
      const Row* best = nullptr;
      for (const auto* r : rows) {
        if (!std::isfinite(r->x) || (xs != nullptr && xs->count(r->x) == 0)) continue;
        if (best == nullptr || (ref.x == "smallest" ? r->x < best->x : r->x > best->x)) best = r;
      }
      return best;
    }
    const Row* found = nullptr;
    for (const auto* r : rows)
      if (ref.x.empty() || same_value(r->x_text, r->x, ref.x)) {
        CONTRA_CHECK(found == nullptr, "{}: the claim's row {} names more than one row of the table; give its series",
                     claim_.where, ref.describe());
        found = r;
      }
    return found;
  }

  const Row* one(const ClaimRow& ref, const std::set<double>* xs = nullptr) const {
    const auto rows = of_series(ref.series);
    const Row* r = at_x(rows, ref, xs);
    if (r == nullptr && is_keyword(ref.x) && !rows.empty())
      missing(fmt::format("{}: no x {}in this table", ref.describe(), xs != nullptr ? "shared by both rows " : ""),
              false);
    if (r == nullptr) missing(ref.describe(), true);
    return r;
  }

  /// Two rows; when both name the same x keyword, it is taken among the x values both series have.
  std::pair<const Row*, const Row*> pair(const ClaimRow& a, const ClaimRow& b) const {
    if (!is_keyword(a.x) || a.x != b.x) return {one(a), one(b)};
    std::set<double> xa, shared;
    for (const auto* r : of_series(a.series)) xa.insert(r->x);
    for (const auto* r : of_series(b.series))
      if (xa.count(r->x) == 1) shared.insert(r->x);
    return {one(a, &shared), one(b, &shared)};
  }

  /// The rows `along` names in order: a series' rows by x, or one x's rows by series value (numeric).
  std::vector<const Row*> select_along(const ClaimRow& along) const {
    std::vector<const Row*> out;
    if (!along.x.empty()) {  // one x across the series
      std::vector<const Row*> candidates;
      for (const auto& r : d_.rows) candidates.push_back(&r);
      std::set<std::string> series;
      for (const auto* r : candidates) series.insert(r->series);
      for (const auto& s : series) {
        std::vector<const Row*> in;
        for (const auto* r : candidates)
          if (r->series == s) in.push_back(r);
        if (const Row* hit = at_x(in, along, nullptr)) out.push_back(hit);
      }
      std::stable_sort(out.begin(), out.end(),
                       [](const Row* a, const Row* b) { return series_number(*a) < series_number(*b); });
    } else {
      out = of_series(along.series);
    }
    if (out.empty()) missing(along.describe(), true);
    if (out.size() < 2) missing(fmt::format("{}: one row in this table, a trend needs 2", along.describe()), false);
    return out;
  }

  const sweep::SweepPlan& plan_;
  const RowSet& d_;
  const Claim& claim_;
  std::string metric_;
};

/// The (x, series) text of every planned run: x its zip label for "label", "" when the plan cannot
/// say (x a /summary attribute, known only once recorded); series "" without one.
std::vector<std::pair<std::string, std::string>> planned_points(const sweep::SweepPlan& plan) {
  const auto& spec = plan.sweep.report;
  const bool x_known = spec.x.rfind("summary.", 0) != 0;
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& run : plan.runs) {
    const auto text = [&](const std::string& key) { return config::display_text(run.experiment, key).value_or(""); };
    out.emplace_back(!x_known ? "" : spec.x == "label" ? run.label : text(spec.x),
                     spec.series.empty() ? "" : text(spec.series));
  }
  return out;
}

/// The distinct values of one side (x: first, series: second) of `points`, in plan order.
std::vector<std::string> distinct(const std::vector<std::pair<std::string, std::string>>& points, bool series) {
  std::vector<std::string> out;
  for (const auto& p : points) {
    const auto& v = series ? p.second : p.first;
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
  }
  return out;
}

bool names_one_of(const std::vector<std::string>& values, const std::string& want) {
  return std::any_of(values.begin(), values.end(),
                     [&](const std::string& v) { return same_value(v, number_of(v), want); });
}

/// Throws when `want` (a value a claim names, not a keyword) is none of `values`.
void require_planned(const Claim& claim, const char* what, const std::string& want,
                     const std::vector<std::string>& values, const std::string& sweep) {
  if (want.empty() || is_keyword(want)) return;
  CONTRA_CHECK(names_one_of(values, want), "{}: the claim names {} = {}, which no planned run of {} has (its values: {})",
               claim.where, what, want, sweep, fmt::join(values, ", "));
}

/// A peaks_within claim along one series (or along every row of a table without series): throws
/// when its set holds every planned x of those rows, as a peak within it would then say nothing.
void require_outside_point(const Claim& claim, const std::vector<std::pair<std::string, std::string>>& points,
                           bool has_series) {
  if (claim.kind != kinds::kPeaksWithin || !claim.along.x.empty() || is_keyword(claim.along.series) ||
      has_series == claim.along.series.empty())
    return;
  std::vector<std::string> xs;
  for (const auto& [x, series] : points)
    if ((!has_series || same_value(series, number_of(series), claim.along.series)) &&
        std::find(xs.begin(), xs.end(), x) == xs.end())
      xs.push_back(x);
  const bool outside =
      std::any_of(xs.begin(), xs.end(), [&](const std::string& x) { return !names_one_of(claim.set, x); });
  CONTRA_CHECK(xs.empty() || outside,
               "{}: the claim's set [{}] holds every x its rows have ({}): a peak within it says nothing", claim.where,
               fmt::join(claim.set, ", "), fmt::join(xs, ", "));
}

}  // namespace

void check_claims(const sweep::SweepPlan& plan, const config::ReferenceTable& reference) {
  if (!plan.sweep.report.claims) return;
  const auto& spec = plan.sweep.report;
  const bool x_known = spec.x.rfind("summary.", 0) != 0, has_series = !spec.series.empty();
  const auto points = planned_points(plan);
  const auto xs = distinct(points, false), series = distinct(points, true);
  for (const auto& c : reference.claims) {
    for (const auto* r : {&c.row, &c.than, &c.then_row, &c.then_than, &c.along}) {
      if (x_known) require_planned(c, "x", r->x, xs, plan.sweep.name);
      if (has_series) require_planned(c, "series", r->series, series, plan.sweep.name);
    }
    if (x_known) {
      for (const auto& x : c.set) require_planned(c, "x", x, xs, plan.sweep.name);
      require_outside_point(c, points, has_series);
    }
    CONTRA_CHECK(!(c.kind == kinds::kAbove || c.kind == kinds::kApprox) || c.row.series != c.than.series ||
                     c.row.x != c.than.x,
                 "{}: the claim compares the row {} with itself", c.where, c.row.describe());
  }
}

std::string claim_metric(const Claim& claim, const std::optional<config::ReferenceTable>& reference) {
  if (!claim.metric.empty()) return claim.metric;
  return reference && cites_knn(*reference) ? "knn" : "linear";
}

std::vector<ClaimResult> judge_claims(const sweep::SweepPlan& plan, const RowSet& rows,
                                      const std::optional<config::ReferenceTable>& reference) {
  std::vector<ClaimResult> out;
  if (!reference || !plan.sweep.report.claims) return out;
  check_claims(plan, *reference);  // a row no run can have is an error, recorded or not
  const bool incomplete = static_cast<int>(rows.runs.size()) < rows.planned;
  for (const auto& claim : reference->claims) {
    try {
      out.push_back(Judge(plan, rows, claim, claim_metric(claim, reference)).judge());
    } catch (const MissingRow& m) {
      std::vector<std::string> names;
      for (const auto& r : rows.rows) names.push_back(r.series.empty() ? r.x_text : r.series + " " + r.x_text);
      CONTRA_CHECK(incomplete || !m.named,
                   "{}: the claim names the row {}, which the table {} lacks (its rows: {}); a sweep that covers "
                   "only part of the paper's table sets [report] claims = false",
                   claim.where, m.what, plan.sweep.name,
                   names.empty() ? std::string("none") : fmt::format("{}", fmt::join(names, "; ")));
      ClaimResult r;
      r.claim = claim;
      r.metric = claim_metric(claim, reference);
      r.rows = m.what;
      r.paper = claim.paper.empty() ? "—" : claim.paper;
      r.ours = "—";
      r.verdict = {Outcome::inconclusive, m.named ? "not recorded: the table is INCOMPLETE"
                                                  : "not judged: " + m.what};
      out.push_back(std::move(r));
    }
  }
  return out;
}

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
      "{}. Rule (README, \"Claims and verdicts\"; the same for every table): per-seed values of the claim's "
      "metric; A above B by a one-sided Welch t-test at α = {}; A ≈ B within d by two one-sided Welch tests "
      "(TOST); a trend by the sign of Spearman's ρ over the row means and the end rows by Welch; a peak by the "
      "best row in the set against the best outside it; fails when every run fails; fewer than {} seeds: "
      "inconclusive (n < {}). Claims were written from the paper before these runs were read.",
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
