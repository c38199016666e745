#include "contra/report/verdicts/protocol.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "contra/report/verdicts/claim_rows.h"
#include "contra/report/verdicts/conditions.h"
#include "contra/report/verdicts/verdict.h"

namespace contra::report {

namespace {

std::string claim_list(const std::vector<int>& claims) {
  std::vector<std::string> names;
  for (const int n : claims) names.push_back(fmt::format("C{}", n));
  return fmt::format("{}", fmt::join(names, ", "));
}

/// "kept"/"broken" line of one rule; `broken` set when a planned run (or, for a measured ratio, a
/// recorded row of `rows`) breaks it.
std::string rule_line(const config::ScaleRule& rule, const sweep::SweepPlan& plan, const RowSet* rows, bool& broken) {
  const auto& c = rule.keeps;
  const bool at_least = std::isfinite(c.at_least);
  const std::string bound = fmt::format("{} {:g}", at_least ? "at least" : "at most", at_least ? c.at_least : c.at_most);
  const std::string head = fmt::format("Scale rule ({}): {} {} (the paper's: {:g}; {}) for {}", c.where, c.of, bound,
                                       rule.paper, c.why, claim_list(rule.claims));
  const std::string cannot = rule.cannot_keep.empty() ? "" : fmt::format(" The preset cannot keep it: {}.", rule.cannot_keep);
  const std::string verb = rule.claims.size() == 1 ? "is" : "are";
  broken = false;
  int known = 0, breaking = 0;
  const sweep::PlannedRun* first = nullptr;
  double first_value = NAN;
  for (const auto& run : plan.runs) {
    const auto v = planned_value(c, run.experiment);
    if (!v) continue;
    ++known;
    if (meets(c, *v)) continue;
    if (breaking++ == 0) first = &run, first_value = *v;
  }
  if (breaking > 0) {
    broken = true;
    return fmt::format("{}: BROKEN on preset {} by {} of {} runs, first {} = {} at run {} ({}), so {} {} not testable "
                       "here.{}",
                       head, plan.preset, breaking, known, c.of,
                       std::isfinite(first_value) ? fmt::format("{:.6g}", first_value) : "not measured (a division by zero)",
                       first->id, first->label.empty() ? config::to_text(first->axes) : first->label,
                       claim_list(rule.claims), verb, cannot);
  }
  if (known > 0) return fmt::format("{}: kept by every run of preset {}.{}", head, plan.preset, cannot);
  if (rows == nullptr || rows->rows.empty())
    return fmt::format("{}: its ratio is measured, so it is checked on the records once the runs are trained.{}", head,
                       cannot);
  std::vector<const Row*> all;
  for (const auto& r : rows->rows) all.push_back(&r);
  config::Condition bare = c;
  bare.why.clear();
  const auto failure = failed_condition({bare}, [&](const config::Condition&) { return all; }, *rows,
                                        [&](const Row& r) { return row_label(plan.sweep.report, r); });
  if (failure.empty()) return fmt::format("{}: kept by every recorded row.{}", head, cannot);
  broken = true;
  return fmt::format("{}: BROKEN on the records: {}, so {} {} not testable here.{}", head, failure,
                     claim_list(rule.claims), verb, cannot);
}

}  // namespace

int seeds_needed(const config::PowerRule& rule) {
  for (int n = config::kMinSeedsByRule; n <= kMaxSeedsByRule; ++n)
    if (min_detectable(rule.sd / std::sqrt(static_cast<double>(n)), n - 1) <= rule.detect) return n;
  return -1;
}

std::string budget_note(const sweep::SweepPlan& plan, const RowSet& rows) {
  const auto& budget = plan.sweep.budget;
  if (!budget || std::find(budget->presets.begin(), budget->presets.end(), plan.preset) == budget->presets.end())
    return "";
  const auto& b = *budget;
  double seconds = rows.baseline_wall_seconds;
  int timed = rows.baseline_timed;
  const int records = static_cast<int>(rows.runs.size()) + rows.baseline_records;
  for (const auto& r : rows.runs)
    if (const double w = r.wall_seconds(); std::isfinite(w)) seconds += w, ++timed;
  const double minutes = seconds / static_cast<double>(b.jobs) / 60.0;
  const auto [baselines_planned, baselines_recorded] = rows.baseline_counts();
  const bool whole = timed == records && rows.runs.size() == static_cast<std::size_t>(rows.planned) &&
                     baselines_recorded == baselines_planned;
  return fmt::format(
      "Budget ({}): at most {:g} minutes on this machine with {} run{} side by side, baselines included ({}). "
      "Its {} record{} took {:.1f} minutes (the sum of their wall times, started_at to ended_at, over {}){}",
      b.where, b.minutes, b.jobs, b.jobs == 1 ? "" : "s", b.fit, records, records == 1 ? "" : "s", minutes, b.jobs,
      !whole ? fmt::format(": {} of {} records timed, {} of {} runs and {} of {} baseline runs recorded, so not judged.",
                           timed, records, rows.runs.size(), rows.planned, baselines_recorded, baselines_planned)
             : minutes <= b.minutes ? ": within its budget."
                                    : ": OVER its budget.");
}

namespace {

std::vector<std::pair<std::string, bool>> lines_of(const sweep::SweepPlan& plan, const RowSet* rows) {
  std::vector<std::pair<std::string, bool>> out;  // (line, warns)
  for (const auto& rule : plan.sweep.scale_rules) {
    bool broken = false;
    auto line = rule_line(rule, plan, rows, broken);
    out.emplace_back(std::move(line), broken);
  }
  const auto& p = plan.sweep.power;
  if (p && std::find(p->presets.begin(), p->presets.end(), plan.preset) != p->presets.end()) {
    std::set<std::int64_t> seeds;
    for (const auto& run : plan.runs) seeds.insert(run.seed);
    const int need = seeds_needed(*p);
    const int have = static_cast<int>(seeds.size());
    const bool under = need < 0 || have < need;
    out.emplace_back(
        fmt::format("Power rule ({}): to detect a difference of {:g} {} at 80% power (paired, two-sided α = 0.05, "
                    "before Holm's correction) with a per-seed SD of {:g} ({}), a table needs {} seeds (never fewer "
                    "than {}); preset {} runs {}{}",
                    p->where, p->detect, p->unit, p->sd, p->sd_from,
                    need < 0 ? fmt::format("more than {}", kMaxSeedsByRule) : std::to_string(need),
                    config::kMinSeedsByRule, plan.preset, have,
                    under ? ": UNDER-POWERED, its verdicts can miss a difference of that size." : "."),
        under);
  } else if (p) {
    out.emplace_back(fmt::format("Power rule ({}): it sets the seeds of preset{} {}, not of preset {}.", p->where,
                                 p->presets.size() == 1 ? "" : "s", fmt::join(p->presets, ", "), plan.preset),
                     false);
  }
  if (out.empty())
    out.emplace_back(fmt::format("Protocol: {} states no scale rule and no power rule (docs/claims.md).",
                                 plan.sweep.file),
                     false);
  return out;
}

}  // namespace

std::vector<std::string> protocol_notes(const sweep::SweepPlan& plan, const RowSet* rows) {
  std::vector<std::string> out;
  for (auto& [line, warns] : lines_of(plan, rows)) out.push_back(std::move(line));
  return out;
}

std::vector<std::string> protocol_warnings(const sweep::SweepPlan& plan) {
  std::vector<std::string> out;
  for (auto& [line, warns] : lines_of(plan, nullptr))
    if (warns) out.push_back(std::move(line));
  return out;
}

}  // namespace contra::report
