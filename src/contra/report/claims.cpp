#include "contra/report/claims.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "contra/core/error.h"
#include "contra/report/planned_grid.h"

namespace contra::report {

namespace {

using config::Claim;
using config::ClaimRow;
namespace kinds = config::claim_kinds;

constexpr double kMiB = 1024.0 * 1024.0;

double series_number(const Row& r) { return number_of(r.series); }

/// Raised when a row a claim names is not among the recorded rows. `named`: the claim named it by
/// its value (an error in a complete table); otherwise a keyword or a selection found too few
/// rows in this table's grid (the claim cannot be judged here: inconclusive).
struct MissingRow {
  std::string what;
  bool named = true;
};

/// The per-seed values and the failure flags of a row on a metric, from its runs that did not
/// error; runs recorded `fail` are left out of the values (and counted) except for a `fails` claim.
struct RowValues {
  std::vector<double> values;
  std::vector<std::int64_t> seeds;
  std::vector<bool> failed;
  int failed_left_out = 0;
};

class Judge {
 public:
  Judge(const sweep::SweepPlan& plan, const RowSet& rows, const Claim& claim, std::string metric)
      : plan_(plan), grid_(plan), d_(rows), claim_(claim), metric_(std::move(metric)) {}

  ClaimResult judge() {
    ClaimResult r;
    r.claim = claim_;
    r.metric = metric_;
    const auto& k = claim_.kind;
    if (k == kinds::kAbove || k == kinds::kApprox) {
      const auto [a, b] = pair(claim_.row, claim_.than);
      r.rows = fmt::format("{} vs {}", name(*a), name(*b));
      r.paper = with_gap(paper_of({a, b}), number_of(a->paper), number_of(b->paper), 1);
      r.ours = with_gap(ours_of({a, b}), mean(values(*a).values), mean(values(*b).values), 2);
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
      // The gaps' sizes: a gap of either sign narrows when |C − D| is below |A − B|.
      const auto wide = gaps(*a, *b), narrow = gaps(*c, *e);
      const auto wide_size = sizes(wide), narrow_size = sizes(narrow);
      r.ours = fmt::format("{} vs {}", gap_text(*a, *b, wide), gap_text(*c, *e, narrow));
      if (!wide.empty() && !narrow.empty())
        r.ours += fmt::format(" (sizes {} vs {})", num_or_dash(mean(wide_size)), num_or_dash(mean(narrow_size)));
      r.verdict = above(wide_size, narrow_size);
    }
    if (!claim_.paper.empty()) r.paper = claim_.paper;
    int left_out = 0;
    for (const auto& [row, n] : left_out_by_row_) left_out += n;
    if (left_out > 0)
      r.verdict.evidence += fmt::format("; {} failed run{} left out (README, \"Claims and verdicts\")", left_out,
                                        left_out == 1 ? "" : "s");
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

  static std::vector<double> sizes(const std::vector<double>& gaps) {
    std::vector<double> out;
    for (double g : gaps) out.push_back(std::fabs(g));
    return out;
  }

  /// "78.86 vs 77.75" with the difference of the two means appended, "(+1.11)", when both are numbers:
  /// the verdict is on the direction, and this shows its size beside the paper's.
  static std::string with_gap(const std::string& text, double a, double b, int digits) {
    if (!std::isfinite(a) || !std::isfinite(b)) return text;
    return fmt::format("{} ({:+.{}f})", text, a - b, digits);
  }

  std::string paper_of(const std::vector<const Row*>& rows) const {
    std::vector<std::string> out;
    for (const auto* r : rows) out.push_back(r->paper.empty() ? "—" : r->paper);
    return fmt::format("{}", fmt::join(out, " vs "));
  }

  /// Our mean gap a − b, or "fail" when one row's every run failed (left out).
  std::string gap_text(const Row& a, const Row& b, const std::vector<double>& gaps) const {
    const auto va = values(a), vb = values(b);
    const bool failed = (va.values.empty() && va.failed_left_out > 0) || (vb.values.empty() && vb.failed_left_out > 0);
    return gaps.empty() && failed ? "fail" : num_or_dash(mean(gaps));
  }

  std::string paper_gap(const Row& a, const Row& b) const {
    const double pa = number_of(a.paper), pb = number_of(b.paper);
    return std::isfinite(pa) && std::isfinite(pb) ? fmt::format("{:+.1f}", pa - pb) : "—";
  }

  /// Our mean per row ("fail" for a row whose every run failed), in the metric's unit.
  std::string ours_of(const std::vector<const Row*>& rows) const {
    std::vector<std::string> out;
    for (const auto* r : rows) {
      const auto v = values(*r);
      const double m = mean(v.values);
      const char* unit = !std::isfinite(m) ? "" : metric_ == "peak_memory" ? " MiB" : metric_ == "train_seconds" ? " s" : "";
      out.push_back(v.values.empty() && v.failed_left_out > 0 ? "fail" : num_or_dash(m) + unit);
    }
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

  /// A run recorded `fail` (DESIGN.md, "Fail") has no accuracy the paper would print: its tables
  /// write "fail" instead. It counts only in a `fails` claim; elsewhere it is left out (and counted
  /// for the evidence), so a row left with fewer than 3 values is "inconclusive (n < 3)".
  RowValues values(const Row& r) const {
    RowValues v;
    for (const auto i : r.members) {
      const auto& run = d_.runs[i];
      if (run.status == "error") continue;
      if (run.status == "fail" && claim_.kind != kinds::kFails) {
        ++v.failed_left_out;
        continue;
      }
      v.values.push_back(value_of(run));
      v.seeds.push_back(run.seed);
      v.failed.push_back(run.status == "fail");
    }
    left_out_by_row_[&r] = v.failed_left_out;
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

  /// With x a /summary attribute the plan cannot say which x each run will have, so a keyword x or
  /// a trend on a series waits (missing, named: "not recorded") until every planned run of the
  /// series is recorded.
  void require_series_recorded(const std::string& series) const {
    if (grid_.x_known()) return;
    const auto& key = plan_.sweep.report.series;
    const auto recorded = std::count_if(d_.runs.begin(), d_.runs.end(), [&](const RunSummary& run) {
      return grid_.series_is(key.empty() ? "" : config_text(run, key), series, claim_.where);
    });
    const auto planned = grid_.runs_of(series, claim_.where);
    if (static_cast<std::size_t>(recorded) < planned)
      missing(fmt::format("series = {}: {} of its {} planned runs recorded", series.empty() ? "all" : series, recorded,
                          planned),
              true);
  }

  /// Recorded rows of the given series (a value, a keyword resolved on the plan, or "" = every series).
  std::vector<const Row*> of_series(const std::string& series) const {
    std::vector<const Row*> out;
    for (const auto& r : d_.rows)
      if (is_keyword(series) ? series_number(r) == grid_.series_pick(series, claim_.where)
                             : series.empty() || same_value(r.series, series_number(r), series))
        out.push_back(&r);
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

  /// The row `ref` names. Its x keyword picks among the x values the plan has for its series (`xs`,
  /// when given, restricts them), or, for a /summary x, among the recorded ones. A row the plan has
  /// but no record holds yet is missing (named: "not recorded" in an INCOMPLETE table).
  const Row* one(const ClaimRow& ref, const std::set<double>* xs = nullptr) const {
    const auto rows = of_series(ref.series);
    if (is_keyword(ref.x) && grid_.x_known()) {
      std::set<double> planned = grid_.numeric_xs_of(ref.series, claim_.where);
      if (xs != nullptr) {
        std::set<double> kept;
        for (double x : planned)
          if (xs->count(x) == 1) kept.insert(x);
        planned = kept;
      }
      if (planned.empty())
        missing(fmt::format("{}: no x {}in this table", ref.describe(), xs != nullptr ? "shared by both rows " : ""),
                false);
      const double pick = ref.x == "smallest" ? *planned.begin() : *planned.rbegin();
      for (const auto* r : rows)
        if (r->x == pick) return r;
      missing(fmt::format("{} (x = {})", ref.describe(), pick), true);
    }
    if (is_keyword(ref.x)) require_series_recorded(ref.series);
    const Row* r = at_x(rows, ref, xs);
    if (r == nullptr && is_keyword(ref.x) && !rows.empty())
      missing(fmt::format("{}: no x {}in this table", ref.describe(), xs != nullptr ? "shared by both rows " : ""),
              false);
    if (r == nullptr) missing(ref.describe(), true);
    return r;
  }

  /// Two rows; when both name the same x keyword, it is taken among the x values both series have
  /// (in the plan; for a /summary x, among the recorded rows).
  std::pair<const Row*, const Row*> pair(const ClaimRow& a, const ClaimRow& b) const {
    if (!is_keyword(a.x) || a.x != b.x) return {one(a), one(b)};
    std::set<double> xa, shared;
    if (grid_.x_known()) {
      xa = grid_.numeric_xs_of(a.series, claim_.where);
      for (double x : grid_.numeric_xs_of(b.series, claim_.where))
        if (xa.count(x) == 1) shared.insert(x);
    } else {
      require_series_recorded(a.series);
      require_series_recorded(b.series);
      for (const auto* r : of_series(a.series)) xa.insert(r->x);
      for (const auto* r : of_series(b.series))
        if (xa.count(r->x) == 1) shared.insert(r->x);
    }
    return {one(a, &shared), one(b, &shared)};
  }

  /// The rows `along` names in order: a series' rows by x, or one x's rows by series value (numeric).
  /// Every row of it the plan has must be recorded (else missing, named): a trend is never judged
  /// on part of its rows.
  std::vector<const Row*> select_along(const ClaimRow& along) const {
    std::vector<const Row*> out;
    std::size_t planned = 0;  // the rows the plan has along it (0: not known before the runs)
    if (!along.x.empty()) {  // one x across the series
      std::set<std::string> series, planned_series;  // those the plan has at that x
      for (const auto& r : d_.rows) series.insert(r.series);
      for (const auto& s : grid_.x_known() ? grid_.series() : std::vector<std::string>{}) {
        const auto xs = grid_.xs_of(s, claim_.where);
        if (is_keyword(along.x) ? !grid_.numeric_xs_of(s, claim_.where).empty()
                                : std::any_of(xs.begin(), xs.end(), [&](const std::string& x) {
                                    return same_value(x, number_of(x), along.x);
                                  }))
          planned_series.insert(s);
        series.insert(s);
      }
      planned = planned_series.size();
      for (const auto& s : grid_.series()) require_series_recorded(s);
      for (const auto& s : series) {
        try {
          out.push_back(one({s, along.x}));
        } catch (const MissingRow& m) {
          if (m.named && planned_series.count(s) == 1) throw;  // a planned row not recorded yet
        }
      }
      std::stable_sort(out.begin(), out.end(),
                       [](const Row* a, const Row* b) { return series_number(*a) < series_number(*b); });
    } else {
      out = of_series(along.series);
      require_series_recorded(along.series);
      if (grid_.x_known()) planned = grid_.xs_of(along.series, claim_.where).size();
    }
    if (out.empty() || out.size() < planned) missing(along.describe(), true);
    if (out.size() < 2) missing(fmt::format("{}: one row in this table, a trend needs 2", along.describe()), false);
    return out;
  }

  const sweep::SweepPlan& plan_;
  PlannedGrid grid_;  ///< the rows the plan will give the table: smallest/largest are resolved on it
  const RowSet& d_;
  const Claim& claim_;
  std::string metric_;
  mutable std::map<const Row*, int> left_out_by_row_;  ///< failed runs left out of each row judged
};

}  // namespace

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

}  // namespace contra::report
