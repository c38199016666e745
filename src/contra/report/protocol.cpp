#include "contra/report/protocol.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "contra/report/conditions.h"
#include "contra/report/verdict.h"

namespace contra::report {

namespace {

std::string claim_list(const std::vector<int>& claims) {
  std::vector<std::string> names;
  for (const int n : claims) names.push_back(fmt::format("C{}", n));
  return fmt::format("{}", fmt::join(names, ", "));
}

/// "kept"/"broken" line of one rule; `broken` set when a planned run breaks it.
std::string rule_line(const config::ScaleRule& rule, const sweep::SweepPlan& plan, bool& broken) {
  const auto& c = rule.keeps;
  const bool at_least = std::isfinite(c.at_least);
  const std::string bound = fmt::format("{} {:g}", at_least ? "at least" : "at most", at_least ? c.at_least : c.at_most);
  const std::string head = fmt::format("Scale rule ({}): {} {} (the paper's: {:g}; {}) for {}", c.where, c.of, bound,
                                       rule.paper, c.why, claim_list(rule.claims));
  const std::string cannot = rule.cannot_keep.empty() ? "" : fmt::format(" The preset cannot keep it: {}.", rule.cannot_keep);
  broken = false;
  bool known = false;
  for (const auto& run : plan.runs) {
    const auto v = planned_value(c, run.experiment);
    if (!v) continue;
    known = true;
    const bool holds = at_least ? *v >= c.at_least : *v <= c.at_most;
    if (holds) continue;
    broken = true;
    return fmt::format("{}: BROKEN on preset {}: {} = {:.4g} at run {} ({}), so {} {} not testable here.{}", head,
                       plan.preset, c.of, *v, run.id, run.label.empty() ? config::to_text(run.axes) : run.label,
                       claim_list(rule.claims), rule.claims.size() == 1 ? "is" : "are", cannot);
  }
  if (!known) return fmt::format("{}: checked on the records (its ratio is measured).{}", head, cannot);
  return fmt::format("{}: kept by every run of preset {}.{}", head, plan.preset, cannot);
}

}  // namespace

int seeds_needed(const config::PowerRule& rule) {
  for (int n = config::kMinSeedsByRule; n <= 1000; ++n)
    if (min_detectable(rule.sd / std::sqrt(static_cast<double>(n)), n - 1) <= rule.detect) return n;
  return 1000;
}

namespace {

std::vector<std::pair<std::string, bool>> lines_of(const sweep::SweepPlan& plan) {
  std::vector<std::pair<std::string, bool>> out;  // (line, warns)
  for (const auto& rule : plan.sweep.scale_rules) {
    bool broken = false;
    auto line = rule_line(rule, plan, broken);
    out.emplace_back(std::move(line), broken);
  }
  const auto& p = plan.sweep.power;
  if (p && std::find(p->presets.begin(), p->presets.end(), plan.preset) != p->presets.end()) {
    std::set<std::int64_t> seeds;
    for (const auto& run : plan.runs) seeds.insert(run.seed);
    const int need = seeds_needed(*p);
    const int have = static_cast<int>(seeds.size());
    out.emplace_back(
        fmt::format("Power rule ({}): to detect {:g} points at 80% power (paired, two-sided α = 0.05, before Holm) "
                    "with a per-seed SD of {:g} ({}), a table needs {} seeds (never fewer than {}); preset {} runs {}{}",
                    p->where, p->detect, p->sd, p->sd_from, need, config::kMinSeedsByRule, plan.preset, have,
                    have >= need ? "." : ": UNDER-POWERED, its verdicts can miss a difference of that size."),
        have < need);
  }
  if (out.empty())
    out.emplace_back(fmt::format("Protocol: {} states no scale rule and no power rule (docs/claims.md).",
                                 plan.sweep.file),
                     false);
  return out;
}

}  // namespace

std::vector<std::string> protocol_notes(const sweep::SweepPlan& plan) {
  std::vector<std::string> out;
  for (auto& [line, warns] : lines_of(plan)) out.push_back(std::move(line));
  return out;
}

std::vector<std::string> protocol_warnings(const sweep::SweepPlan& plan) {
  std::vector<std::string> out;
  for (auto& [line, warns] : lines_of(plan))
    if (warns) out.push_back(std::move(line));
  return out;
}

}  // namespace contra::report
