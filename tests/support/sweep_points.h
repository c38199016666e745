// Sweep TOMLs in the config tests: the line that names the CPU default experiment, and the values
// an expanded point's overrides give its keys.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "contra/config/sweep.h"
#include "paths.h"

namespace contra::testing {

/// `experiment = "<the CPU default experiment>"`: the first line of a test's sweep file.
inline std::string sweep_header() { return "experiment = \"" + kExperiment + "\"\n"; }

/// The value an override list gives `key` (the last one wins) as a TOML literal, or "" when none.
inline std::string value_of(const std::vector<config::Override>& overrides, const std::string& key) {
  std::string v;
  for (const auto& o : overrides)
    if (o.key == key) v = config::literal(o.value);
  return v;
}

using Axes = std::vector<std::pair<std::string, std::string>>;

/// A point's axes with the values its overrides give them: (key, TOML literal), in the sweep's order.
inline Axes axes_of(const config::SweepPoint& point) {
  Axes axes;
  for (const auto& key : point.axes) axes.emplace_back(key, value_of(point.overrides, key));
  return axes;
}

}  // namespace contra::testing
