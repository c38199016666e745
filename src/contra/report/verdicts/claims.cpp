#include "contra/report/verdicts/claims.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <set>

#include "contra/config/scale_rules.h"
#include "contra/core/error.h"
#include "contra/report/verdicts/claim_rows.h"
#include "contra/report/verdicts/conditions.h"
#include "contra/report/verdicts/planned_grid.h"

namespace contra::report {

namespace {

using config::Claim;
using config::ClaimRow;
using config::ClaimKind;

constexpr double kClaimMiB = 1024.0 * 1024.0;  // named apart from cost.cpp's kMiB (unity builds)

/// The per-seed values and the failure flags of a row on a metric, from its runs that did not
/// error; on an accuracy, runs recorded `fail` are left out of the values (and counted) except for a `fails` claim.
struct RowValues {
  std::vector<double> values;
  std::vector<std::int64_t> seeds;
  std::vector<bool> failed;
  int failed_left_out = 0;
  std::vector<double> failed_values;  ///< the values of the runs left out, shown beside "fail"
};

class Judge {
 public:
  Judge(const sweep::SweepPlan& plan, const RowSet& rows, const Claim& claim, std::string metric)
      : plan_(plan), rows_(plan, rows, claim), d_(rows), claim_(claim), metric_(std::move(metric)) {}

  ClaimResult judge() {
    ClaimResult r;
    r.claim = claim_;
    r.metric = metric_;
    Involved involved;
    switch (claim_.kind) {  // one function per kind; the compiler checks that every kind has one
      case ClaimKind::above:
      case ClaimKind::approx: involved = judge_pair(r); break;
      case ClaimKind::increases:
      case ClaimKind::decreases: involved = judge_trend(r); break;
      case ClaimKind::peaks_within: involved = judge_peak(r); break;
      case ClaimKind::fails: involved = judge_fails(r); break;
      case ClaimKind::narrows: involved = judge_narrows(r); break;
    }
    return finish(std::move(r), involved);
  }

 private:
  /// The rows a claim judges (its conditions must hold on each), and the same by the claim's key
  /// (row, than, ...) for a condition's `on`.
  struct Involved {
    std::vector<const Row*> rows;
    std::map<std::string, const Row*> named;
  };

  /// above, approx: row against than; the size for above only (A ≈ B is about equality).
  Involved judge_pair(ClaimResult& r) const {
    const auto [a, b] = rows_.pair(claim_.row, claim_.than);
    r.rows = fmt::format("{} vs {}", name(*a), name(*b));
    r.paper = with_gap(paper_of({a, b}), number_of(a->paper), number_of(b->paper), 1);
    r.ours = with_gap(ours_of({a, b}), mean(values(*a).values), mean(values(*b).values), 2);
    if (claim_.kind == ClaimKind::approx) {
      r.verdict = approx(sample(*a), sample(*b), claim_.within);
    } else {
      r.verdict = above(sample(*a), sample(*b));
      const auto [pa, pb] = paper_pair(*a, *b);
      r.size = compare_size(mean(values(*a).values), mean(values(*b).values), pa, pb);
    }
    return {{a, b}, {{"row", a}, {"than", b}}};
  }

  /// increases, decreases: along the rows; the size is the last row against the first.
  Involved judge_trend(ClaimResult& r) const {
    const auto along = rows_.select_along(claim_.along);
    r.rows = along_name(along);
    r.paper = paper_of(along);
    r.ours = ours_of(along);
    std::vector<Sample> v;
    for (const auto* row : along) v.push_back(sample(*row));
    r.verdict = trend(v, claim_.kind == ClaimKind::increases);
    if (!along.empty())
      r.size = compare_size(mean(values(*along.back()).values), mean(values(*along.front()).values),
                            number_of(along.back()->paper), number_of(along.front()->paper));
    return {along, {}};
  }

  /// peaks_within: the best row along the line lies in the claim's set.
  Involved judge_peak(ClaimResult& r) const {
    const auto along = rows_.select_along(claim_.along);
    std::vector<Sample> v;
    std::vector<bool> in_set;
    for (const auto* row : along) {
      v.push_back(sample(*row));
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
    return {along, {}};
  }

  /// fails: every run of the row fails.
  Involved judge_fails(ClaimResult& r) const {
    const Row* a = rows_.one(claim_.row);
    r.rows = name(*a);
    r.paper = paper_of({a});
    const auto v = values(*a);
    r.ours = fmt::format("{} of {} runs fail", std::count(v.failed.begin(), v.failed.end(), true), v.failed.size());
    r.verdict = fails(v.failed);
    return {{a}, {{"row", a}}};
  }

  /// narrows: the gap |row − than| is wider than the later |then_row − then_than|, either sign.
  Involved judge_narrows(ClaimResult& r) const {
    const auto [a, b] = rows_.pair(claim_.row, claim_.than);
    const auto [c, e] = rows_.pair(claim_.then_row, claim_.then_than);
    r.rows = fmt::format("({} − {}) vs ({} − {})", name(*a), name(*b), name(*c), name(*e));
    r.paper = fmt::format("{} vs {}", paper_gap(*a, *b), paper_gap(*c, *e));
    const auto wide = gaps(*a, *b), narrow = gaps(*c, *e);
    const auto wide_size = sizes(wide), narrow_size = sizes(narrow);
    r.ours = fmt::format("{} vs {}", gap_text(*a, *b, wide.values), gap_text(*c, *e, narrow.values));
    if (!wide.values.empty() && !narrow.values.empty())
      r.ours += fmt::format(" (sizes {} vs {})", num_or_dash(mean(wide_size.values)),
                            num_or_dash(mean(narrow_size.values)));
    r.verdict = above(wide_size, narrow_size);
    r.size = compare_size(mean(wide_size.values), mean(narrow_size.values),
                          std::fabs(number_of(a->paper) - number_of(b->paper)),
                          std::fabs(number_of(c->paper) - number_of(e->paper)));
    return {{a, b, c, e}, {{"row", a}, {"than", b}, {"then_row", c}, {"then_than", e}}};
  }

  /// What every kind shares: the claim's own paper text, the failed runs left out, the
  /// pre-registration, and the conditions, which make the claim not testable where they fail.
  ClaimResult finish(ClaimResult r, const Involved& involved) const {
    if (!claim_.paper.empty()) r.paper = paper_text(claim_.paper);
    int left_out = 0;
    for (const auto& [row, n] : left_out_by_row_) left_out += n;
    if (left_out > 0)
      r.verdict.evidence += fmt::format("; {} failed run{} left out (docs/claims.md)", left_out,
                                        left_out == 1 ? "" : "s");
    r.registered = registration(involved.rows);
    const auto rows_of = [&](const config::Condition& c) {  // `on` names a row of the kind (config/claims.cpp)
      return c.on.empty() ? involved.rows : std::vector<const Row*>{involved.named.at(c.on)};
    };
    const auto failed = failed_condition(claim_.conditions, rows_of, d_, [this](const Row& row) { return name(row); });
    if (!failed.empty()) {  // judged all the same, for the reader, but neither counted nor corrected
      Verdict untested;
      untested.outcome = Outcome::not_testable;
      untested.evidence = fmt::format("condition not met: {}; the test, not counted: {}", failed, r.verdict.evidence);
      r.verdict = std::move(untested);
    }
    return r;
  }

  std::string name(const Row& r) const { return row_label(plan_.sweep.report, r); }

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

  static Sample sizes(Sample gaps) {
    for (double& g : gaps.values) g = std::fabs(g);
    return gaps;
  }

  /// The row's per-seed values and their seeds, for a test paired on the seeds two rows share.
  Sample sample(const Row& r) const {
    auto v = values(r);
    return {std::move(v.values), std::move(v.seeds)};
  }

  /// "78.86 vs 77.75" with the difference of the two means appended, "(+1.11)", when both are numbers:
  /// the verdict is on the direction, and this shows its size beside the paper's.
  static std::string with_gap(const std::string& text, double a, double b, int digits) {
    if (!std::isfinite(a - b)) return text;
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

  /// The claim's own `paper` text; for a pair ("7.4 GB vs 5.0 GB per GPU") with the difference of
  /// its two leading numbers appended, as for the table's own paper values.
  std::string paper_text(const std::string& text) const {
    const auto vs = text.find(" vs ");
    const bool pair = vs != std::string::npos && text.find(" vs ", vs + 1) == std::string::npos;
    if ((claim_.kind != ClaimKind::above && claim_.kind != ClaimKind::approx) || !pair) return text;
    return with_gap(text, lone_number(text.substr(0, vs)), lone_number(text.substr(vs + 4)), 1);
  }

  /// The number a text starts with when it holds no other digit ("5.0 GB per GPU" -> 5.0; "4096
  /// batch: 66.5" -> NaN: which number is the value is not clear).
  static double lone_number(const std::string& text) {
    const double v = number_of(text);
    std::size_t end = 0;
    while (end < text.size() && std::string("+-.0123456789eE").find(text[end]) != std::string::npos) ++end;
    return text.find_first_of("0123456789", end) == std::string::npos ? v : NAN;
  }

  /// The paper's two values of a pair: the claim's own `paper` text ("7.4 GB vs 5.0 GB") where it
  /// gives one, else the table's values at the two rows.
  std::pair<double, double> paper_pair(const Row& a, const Row& b) const {
    const auto vs = claim_.paper.find(" vs ");
    if (vs != std::string::npos)
      return {lone_number(claim_.paper.substr(0, vs)), lone_number(claim_.paper.substr(vs + 4))};
    return {number_of(a.paper), number_of(b.paper)};
  }

  std::string paper_gap(const Row& a, const Row& b) const {
    const double pa = number_of(a.paper), pb = number_of(b.paper);
    return std::isfinite(pa) && std::isfinite(pb) ? fmt::format("{:+.1f}", pa - pb) : "—";
  }

  /// Our mean per row in the metric's unit; for a row whose every run failed, "fail" and the mean
  /// the verdict left out, "fail (79.41)".
  std::string ours_of(const std::vector<const Row*>& rows) const {
    std::vector<std::string> out;
    for (const auto* r : rows) {
      const auto v = values(*r);
      const bool all_failed = v.values.empty() && v.failed_left_out > 0;
      const double m = mean(all_failed ? v.failed_values : v.values);
      const char* unit = !std::isfinite(m) ? "" : metric_ == "peak_memory" ? " MiB" : metric_ == "train_seconds" ? " s" : "";
      out.push_back(all_failed ? fmt::format("fail ({}{})", num_or_dash(m), unit) : num_or_dash(m) + unit);
    }
    return fmt::format("{}", fmt::join(out, " vs "));
  }

  /// A run's value on the claim's metric; NaN where it was not measured.
  double value_of(const RunSummary& run) const {
    if (metric_ == "linear") return run.metric("linear_top1");
    if (metric_ == "knn") return run.metric("knn_top1");
    if (metric_ == "pretext") return run.last_epoch("pretext_acc");
    if (metric_ == "peak_memory") return run.metric("peak_memory_bytes") / kClaimMiB;
    return run.metric("train_seconds");
  }

  /// A run that fails (RunSummary::failed, docs/definitions.md "Fail") is left out of an accuracy
  /// (linear, knn, pretext) only on a row where the paper itself prints "fail": the paper has no
  /// accuracy there to compare (counted for the evidence, so a row left with fewer than 3 values is
  /// "inconclusive (n < 3)"). Everywhere else its measured accuracy counts, as the paper's own runs'
  /// did. A `fails` claim counts every run. Its cost (peak_memory, train_seconds) counts like any other's.
  RowValues values(const Row& r) const {
    RowValues v;
    const bool accuracy = metric_ == "linear" || metric_ == "knn" || metric_ == "pretext";
    for (const auto i : r.members) {
      const auto& run = d_.runs[i];
      if (run.status == "error") continue;
      if (run.failed && accuracy && claim_.kind != ClaimKind::fails && r.paper == "fail") {
        ++v.failed_left_out;
        v.failed_values.push_back(value_of(run));
        continue;
      }
      v.values.push_back(value_of(run));
      v.seeds.push_back(run.seed);
      v.failed.push_back(run.failed);
    }
    left_out_by_row_[&r] = v.failed_left_out;
    return v;
  }

  /// Whether the records of `rows` were trained under this claim as it stands (ClaimResult::registered).
  std::string registration(const std::vector<const Row*>& rows) const {
    const std::string hash = config::claim_hash(claim_);
    int runs = 0, predate = 0, revised = 0;
    for (const auto* row : rows)
      for (const auto i : row->members) {
        const auto& run = d_.runs[i];
        if (run.status == "error") continue;
        ++runs;
        const std::string stored = run.attribute_text("claims_sha");
        if (stored.empty()) {
          ++predate;
          continue;
        }
        const bool same_rule = run.attribute_text("claims_rule_version") == std::to_string(config::kRuleVersion);
        if (!same_rule || (" " + stored + " ").find(" " + hash + " ") == std::string::npos) ++revised;
      }
    if (runs == 0) return "no: no finished record";
    if (predate > 0) return fmt::format("no: {} of {} records predate it", predate, runs);
    if (revised > 0) return fmt::format("revised after its runs ({} of {})", revised, runs);
    return "yes";
  }

  /// Per-seed gaps a − b over the seeds both rows have, with their seeds.
  Sample gaps(const Row& a, const Row& b) const {
    const auto va = values(a), vb = values(b);
    Sample out;
    for (std::size_t i = 0; i < va.seeds.size(); ++i)
      for (std::size_t j = 0; j < vb.seeds.size(); ++j)
        if (va.seeds[i] == vb.seeds[j]) {
          out.values.push_back(va.values[i] - vb.values[j]);
          out.seeds.push_back(va.seeds[i]);
        }
    return out;
  }

  const sweep::SweepPlan& plan_;
  ClaimRows rows_;  ///< resolves the rows the claim names
  const RowSet& d_;
  const Claim& claim_;
  std::string metric_;
  mutable std::map<const Row*, int> left_out_by_row_;  ///< failed runs left out of each row judged
};

/// Why a claim whose row `row` the preset does not run is not testable: what trims it, and the
/// budget that asked for it where the sweep's [budget] covers the preset.
std::string trimmed_evidence(const sweep::SweepPlan& plan, const std::string& row) {
  const auto& preset = config::find_preset(plan.sweep, plan.preset);
  std::vector<std::string> by;
  if (!preset.grid.empty()) by.push_back(fmt::format("[preset.{}.grid]", plan.preset));
  if (!preset.exclude.empty()) by.push_back(fmt::format("[[preset.{}.exclude]]", plan.preset));
  const auto& budget = plan.sweep.budget;
  const bool budgeted = budget && std::find(budget->presets.begin(), budget->presets.end(), plan.preset) !=
                                      budget->presets.end();
  return fmt::format("its row {} is not run on preset {}: the preset trims it ({}){}", row, plan.preset,
                     fmt::join(by, " and "),
                     budgeted ? ", to fit its budget, by the rule its sweep's [budget] fit states" : "");
}

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
  // The claims with the sweep's scale rules as further conditions (config/scale_rules.h).
  const PlannedGrid planned(plan);
  for (const auto& claim : config::with_scale_rules(reference->claims, plan.sweep.scale_rules)) {
    if (const auto trimmed = unplanned_row(claim, planned); !trimmed.empty()) {
      ClaimResult r;
      r.claim = claim;
      r.metric = claim_metric(claim, reference);
      r.rows = trimmed;
      r.paper = claim.paper.empty() ? "—" : claim.paper;
      r.ours = "—";
      r.verdict = {Outcome::not_testable, trimmed_evidence(plan, trimmed)};
      out.push_back(std::move(r));
      continue;
    }
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
