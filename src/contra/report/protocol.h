// A sweep's protocol (config/scale_rules.h), checked before its runs and shown under its table:
// each scale rule against the planned runs' configs, and the power rule against the seeds the
// preset runs. `contra sweep` prints these lines before it trains; a broken rule does not stop it
// (the main job runs on presets chosen before the rules), but the claims it governs are "not
// testable" in the table (the rule is one of their conditions), naming the rule.
#pragma once

#include <string>
#include <vector>

#include "contra/config/scale_rules.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// The seeds a power rule asks for: the fewest n >= config::kMinSeedsByRule (at most 1000) whose
/// paired two-sided t-test at α = 0.05 detects `rule.detect` with 80% power when the per-seed
/// differences have SD `rule.sd`: min_detectable(sd/√n, n − 1) <= detect (report/verdict.h).
int seeds_needed(const config::PowerRule& rule);

/// One line per scale rule of the sweep: kept by every planned run of the preset, or the first run
/// that breaks it, with the ratio, the bound, the paper's ratio and the claims it governs; a rule
/// whose ratio is known only from the records (summary.<name>) says it is checked there. Then the
/// power rule: the seeds it asks for against the seeds the preset runs. A sweep that states
/// neither gets one line saying so.
std::vector<std::string> protocol_notes(const sweep::SweepPlan& plan);

/// The lines of protocol_notes that warn: a broken scale rule, or fewer seeds than the power rule asks.
std::vector<std::string> protocol_warnings(const sweep::SweepPlan& plan);

}  // namespace contra::report
