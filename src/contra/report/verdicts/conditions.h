// The conditions a claim states for the paper's mechanism to operate (config/claims.h, Condition),
// checked on the records before the claim is judged: a claim whose condition fails is "not
// testable" here (report/verdicts/verdict.h, Outcome::not_testable), never reproduced or contradicted.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "contra/config/claims.h"
#include "contra/report/rows.h"

namespace contra::report {

/// A condition's quantity for one run: NaN where the run does not hold it (a key it lacks, a
/// summary value it did not record, no random-init baseline in `set`).
double condition_value(const config::Condition& condition, const RunSummary& run, const RowSet& set);

/// Whether `value` meets the condition's bound, within a relative 1e-9 (a bound written as the
/// exact value of a rounded quantity holds); a NaN value never does.
bool meets(const config::Condition& condition, double value);

/// A condition's quantity for a planned run, from its config alone (config keys and
/// horizon(<key>)); nullopt when an operand is only known once the run is recorded (summary.<name>,
/// learned, ...), or a key the config does not hold as a number; NaN for a division by zero.
std::optional<double> planned_value(const config::Condition& condition, const config::Experiment& experiment);

/// Every condition of `conditions` that fails on one of its rows (each row by the mean of its runs
/// that did not error), at the first row it fails on, joined by "; " for the evidence:
/// "method.queue / optim.batch = 0.25 at m = 0.9, below 4 (why)"; a row where it was not measured
/// fails too ("not measured at ..."). "" when every condition holds on every row.
/// `rows_of` gives the rows a condition is checked on (all the claim judges, or its `on` row).
std::string failed_condition(const std::vector<config::Condition>& conditions,
                             const std::function<std::vector<const Row*>(const config::Condition&)>& rows_of,
                             const RowSet& set, const std::function<std::string(const Row&)>& row_name);

/// Throws ContraError naming the condition's file:line when a config key it names is held as a
/// number by none of `planned` (the plan's run configs): a misspelt key would make the claim not
/// testable on every table.
void check_condition_keys(const std::vector<config::Condition>& conditions,
                          const std::vector<const config::Experiment*>& planned);

}  // namespace contra::report
