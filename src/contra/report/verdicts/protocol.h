// A sweep's protocol (config/scale_rules.h), checked before its runs and shown under its table:
// each scale rule against the planned runs' configs, and the power rule against the seeds the
// preset runs. `contra sweep` prints these lines before it trains; a broken rule does not stop it
// (the main job runs on presets chosen before the rules), but the claims it governs are "not
// testable" in the table (the rule is one of their conditions), naming the rule.
#pragma once

#include <string>
#include <vector>

#include "contra/config/scale_rules.h"
#include "contra/report/rows.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// The most seeds seeds_needed looks at.
constexpr int kMaxSeedsByRule = 1000;

/// The seeds a power rule asks for: the fewest n >= config::kMinSeedsByRule whose paired two-sided
/// t-test at α = 0.05 detects `rule.detect` with 80% power when the per-seed differences have SD
/// `rule.sd`: min_detectable(sd/√n, n − 1) <= detect (report/verdicts/verdict.h); −1 when even
/// kMaxSeedsByRule seeds do not.
int seeds_needed(const config::PowerRule& rule);

/// One line per scale rule of the sweep: kept by every planned run of the preset, or how many runs
/// break it and the first, with the ratio, the bound, the paper's ratio and the claims it governs. A
/// rule whose ratio is measured (summary.<name>) is judged on the recorded rows of `rows` (each row's
/// mean, as a claim's condition is); without records it says it will be. Then the power rule: the
/// seeds it asks for against the seeds the preset runs, or the presets it covers. A sweep that
/// states neither gets one line saying so.
std::vector<std::string> protocol_notes(const sweep::SweepPlan& plan, const RowSet* rows = nullptr);

/// The lines of protocol_notes(plan) that warn, before any run: a scale rule a planned config
/// breaks, or fewer seeds than the power rule asks.
std::vector<std::string> protocol_warnings(const sweep::SweepPlan& plan);

/// The sweep's [budget] line for `plan`'s preset (config/budget.h; docs/recipe.md, "Budgets"): the
/// rule, and the minutes the records of `rows` took (the wall times of its runs and of its
/// baselines' runs, summed over `jobs`): within it, over it, or not judged while a planned run or
/// baseline run has no record or a record has no times. "" without a [budget] for the preset.
std::string budget_note(const sweep::SweepPlan& plan, const RowSet& rows);

}  // namespace contra::report
