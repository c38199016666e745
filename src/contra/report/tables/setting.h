// The experimental setting of a set of runs, read from their recorded configs: the header lines
// of a table, listing each setting once, or every distinct value where runs differ.
#pragma once

#include <string>
#include <vector>

#include "contra/report/runs.h"

namespace contra::report {

/// The distinct values of config key `key` ("optim.epochs") over the runs, joined with " / ".
std::string distinct_value(const std::vector<RunSummary>& runs, const std::string& key);

/// The distinct values of root attribute `key` over the runs, joined with " / ".
std::string distinct_attribute(const std::vector<RunSummary>& runs, const std::string& key);

/// Header lines: data, model and method, training, protocol, cost and machine. Empty for no runs.
/// `input_baseline`: the table has the raw-pixel baseline (config::BaselineSpec::Role::input), so its "vs raw pixels" columns are filled.
std::vector<std::string> setting_notes(const std::vector<RunSummary>& runs, bool input_baseline);

}  // namespace contra::report
