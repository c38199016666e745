#include "contra/report/verdicts/claim_rows.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "contra/core/error.h"

namespace contra::report {

std::string row_label(const config::ReportSpec& spec, const Row& r) {
  if (spec.x == "label") return r.x_text;
  const std::string x = fmt::format("{} = {}", spec.x_header(), r.x_text);
  if (r.series.empty()) return x;
  return fmt::format("{} {}, {}", spec.series_header(), r.series, x);
}

namespace {

using config::ClaimRow;

double series_number(const Row& r) { return number_of(r.series); }

[[noreturn]] void missing(const std::string& what, bool named) { throw MissingRow{what, named}; }

}  // namespace

/// With x a /summary attribute the plan cannot say which x each run will have, so a keyword x or
/// a trend on a series waits (missing, named: "not recorded") until every planned run of the
/// series is recorded.
void ClaimRows::require_series_recorded(const std::string& series) const {
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
std::vector<const Row*> ClaimRows::of_series(const std::string& series) const {
  std::vector<const Row*> out;
  for (const auto& r : d_.rows)
    if (is_keyword(series) ? series_number(r) == grid_.series_pick(series, claim_.where)
                           : series.empty() || same_value(r.series, series_number(r), series))
      out.push_back(&r);
  return out;
}

/// The row among `rows` at x (a value or a keyword); `xs` restricts the keyword to those x values.
const Row* ClaimRows::at_x(const std::vector<const Row*>& rows, const ClaimRow& ref,
                           const std::set<double>* xs) const {
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
const Row* ClaimRows::one(const ClaimRow& ref, const std::set<double>* xs) const {
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
std::pair<const Row*, const Row*> ClaimRows::pair(const ClaimRow& a, const ClaimRow& b) const {
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
std::vector<const Row*> ClaimRows::select_along(const ClaimRow& along) const {
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

}  // namespace contra::report
