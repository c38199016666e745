#include "contra/report/verdicts/planned_grid.h"

#include "contra/config/scale_rules.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "contra/config/load.h"
#include "contra/core/error.h"
#include "contra/report/verdicts/conditions.h"
#include "contra/report/rows.h"

namespace contra::report {

namespace {

void add_distinct(std::vector<std::string>& values, const std::string& v) {
  if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
}

using config::ClaimKind;
using config::Claim;

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
void require_outside_point(const Claim& claim, const PlannedGrid& grid) {
  if (claim.kind != ClaimKind::peaks_within) return;
  CONTRA_CHECK(claim.along.x.empty(),
               "{}: along = {{ x = {} }}: a peaks_within claim looks along a series (along = {{ series = ... }}); "
               "its set holds x values, and at one x every row has the same x",
               claim.where, claim.along.x);
  const auto xs = grid.xs_of(claim.along.series, claim.where);
  const bool outside =
      std::any_of(xs.begin(), xs.end(), [&](const std::string& x) { return !names_one_of(claim.set, x); });
  CONTRA_CHECK(xs.empty() || outside,
               "{}: the claim's set [{}] holds every x its rows have ({}): a peak within it says nothing", claim.where,
               fmt::join(claim.set, ", "), fmt::join(xs, ", "));
}

}  // namespace

bool is_keyword(const std::string& value) { return value == "smallest" || value == "largest"; }

bool same_value(const std::string& have, double have_number, const std::string& want) {
  const double w = number_of(want);
  if (std::isfinite(w) && std::isfinite(have_number)) return std::abs(have_number - w) <= 1e-9 * std::max(1.0, std::abs(w));
  return have == want;
}

PlannedGrid::PlannedGrid(const sweep::SweepPlan& plan) {
  const auto& spec = plan.sweep.report;
  x_known_ = spec.x.rfind("summary.", 0) != 0;
  has_series_ = !spec.series.empty();
  for (const auto& run : plan.runs) {
    const auto text = [&](const std::string& key) { return config::display_text(run.experiment, key).value_or(""); };
    points_.emplace_back(!x_known_ ? "" : spec.x == "label" ? run.label : text(spec.x),
                         has_series_ ? text(spec.series) : "");
    add_distinct(xs_, points_.back().first);
    add_distinct(series_, points_.back().second);
  }
}

double PlannedGrid::series_pick(const std::string& keyword, const std::string& where) const {
  std::vector<double> values;
  for (const auto& s : series_)
    if (std::isfinite(number_of(s))) values.push_back(number_of(s));
  CONTRA_CHECK(!values.empty(), "{}: series = '{}' needs numeric series values (the plan's: {})", where, keyword,
               fmt::join(series_, ", "));
  return keyword == "smallest" ? *std::min_element(values.begin(), values.end())
                               : *std::max_element(values.begin(), values.end());
}

bool PlannedGrid::series_is(const std::string& have, const std::string& want, const std::string& where) const {
  if (want.empty()) return true;
  if (is_keyword(want)) return number_of(have) == series_pick(want, where);
  return same_value(have, number_of(have), want);
}

std::vector<std::string> PlannedGrid::xs_of(const std::string& want, const std::string& where) const {
  std::vector<std::string> out;
  for (const auto& [x, series] : points_)
    if (series_is(series, want, where)) add_distinct(out, x);
  return out;
}

std::size_t PlannedGrid::runs_of(const std::string& want, const std::string& where) const {
  return static_cast<std::size_t>(std::count_if(points_.begin(), points_.end(), [&](const auto& point) {
    return series_is(point.second, want, where);
  }));
}

std::set<double> PlannedGrid::numeric_xs_of(const std::string& want, const std::string& where) const {
  std::set<double> out;
  for (const auto& x : xs_of(want, where))
    if (std::isfinite(number_of(x))) out.insert(number_of(x));
  return out;
}

bool PlannedGrid::plans(const config::ClaimRow& row, const std::string& where) const {
  return std::any_of(points_.begin(), points_.end(), [&](const auto& p) {
    return (!has_series_ || series_is(p.second, row.series, where)) &&
           (!x_known_ || row.x.empty() || is_keyword(row.x) || same_value(p.first, number_of(p.first), row.x));
  });
}

std::string unplanned_row(const config::Claim& claim, const PlannedGrid& grid) {
  for (const auto* r : {&claim.row, &claim.than, &claim.then_row, &claim.then_than, &claim.along})
    if (!r->empty() && !grid.plans(*r, claim.where)) return r->describe();
  for (const auto& x : claim.set) {
    const config::ClaimRow at{claim.along.series, x};
    if (!grid.plans(at, claim.where)) return at.describe();
  }
  // A peak within the set needs a row outside it: trimmed to the set alone, it says nothing.
  if (claim.kind == ClaimKind::peaks_within && grid.x_known() && claim.along.x.empty()) {
    const auto xs = grid.xs_of(claim.along.series, claim.where);
    if (!xs.empty() && std::all_of(xs.begin(), xs.end(), [&](const std::string& x) { return names_one_of(claim.set, x); }))
      return fmt::format("{} outside its set", config::ClaimRow{claim.along.series, ""}.describe());
  }
  return "";
}

void check_claims(const sweep::SweepPlan& plan, const config::ReferenceTable& reference) {
  if (!plan.sweep.report.claims) return;
  const sweep::SweepPlan whole = sweep::untrimmed(plan);
  const PlannedGrid grid(whole);
  std::vector<const config::Experiment*> planned;
  for (const auto& run : whole.runs) planned.push_back(&run.experiment);
  for (const auto& c : config::with_scale_rules(reference.claims, plan.sweep.scale_rules)) {
    check_condition_keys(c.conditions, planned);
    for (const auto* r : {&c.row, &c.than, &c.then_row, &c.then_than, &c.along}) {
      if (grid.x_known()) require_planned(c, "x", r->x, grid.xs(), plan.sweep.name);
      CONTRA_CHECK(grid.has_series() || r->series.empty(),
                   "{}: the claim names series = {}, but the table {} has no series ([report] series)", c.where,
                   r->series, plan.sweep.name);
      if (!grid.has_series()) continue;
      require_planned(c, "series", r->series, grid.series(), plan.sweep.name);
      if (is_keyword(r->series)) (void)grid.series_pick(r->series, c.where);  // needs numeric series values
    }
    if (grid.x_known()) {
      for (const auto& x : c.set) require_planned(c, "x", x, grid.xs(), plan.sweep.name);
      require_outside_point(c, grid);
    }
    // A trend or a peak looks along one line: a series' rows, or the rows at one x.
    const bool along_kind = c.kind == ClaimKind::increases || c.kind == ClaimKind::decreases || c.kind == ClaimKind::peaks_within;
    CONTRA_CHECK(!along_kind || c.along.series.empty() || c.along.x.empty(),
                 "{}: along = {{ series = {}, x = {} }} names a series and an x; a trend looks along one series "
                 "(along = {{ series = ... }}) or across the series at one x (along = {{ x = ... }})",
                 c.where, c.along.series, c.along.x);
    CONTRA_CHECK(!along_kind || !grid.has_series() || !c.along.series.empty() || !c.along.x.empty(),
                 "{}: the claim gives no along, but the table {} has series ([report] series = {}): say which line, "
                 "along = {{ series = ... }} or {{ x = ... }}",
                 c.where, plan.sweep.name, plan.sweep.report.series);
    CONTRA_CHECK(!(c.kind == ClaimKind::above || c.kind == ClaimKind::approx) || c.row.series != c.than.series ||
                     c.row.x != c.than.x,
                 "{}: the claim compares the row {} with itself", c.where, c.row.describe());
  }
}

}  // namespace contra::report
