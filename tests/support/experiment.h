// The CPU default experiment with `--set` overrides, loaded through the method registry, for
// tests that need a resolved config.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "contra/config/load.h"
#include "contra/methods/registry.h"
#include "paths.h"

namespace contra::testing {

/// `--set` arguments ("method.name=simclr") as overrides of the experiment `origin` names.
inline std::vector<config::Override> overrides(const std::vector<std::string>& sets,
                                               const std::string& origin = kExperiment) {
  std::vector<config::Override> out;
  for (const auto& s : sets) out.push_back(config::parse_set(s, origin));
  return out;
}

/// `method.<key>=<value>` for each of `options` that method `name` has (MoCo's queue, the memory
/// bank's negatives, ...): the tests' one list of sizes, applied to each mechanism as it applies.
inline std::vector<std::string> method_sets(const std::string& name,
                                            const std::vector<std::pair<std::string, std::string>>& options) {
  std::vector<std::string> out;
  const auto* spec = methods::schema().method(name);
  for (const auto& [key, value] : options)
    if (spec != nullptr && std::any_of(spec->options.begin(), spec->options.end(),
                                       [&, k = key](const config::OptionSpec& o) { return o.key == k; }))
      out.push_back("method." + key + "=" + value);
  return out;
}

/// The CPU default experiment with `sets` applied, in order.
inline config::Experiment experiment_with(const std::vector<std::string>& sets) {
  return methods::load_experiment(kExperiment, overrides(sets));
}

/// The CPU default experiment made small, with method `name`: the small CNN at width 4, a 16-d
/// head, `bn_splits` BN splits, batch 32, and of the method's options those it has: K = 1024
/// (queue and negatives), τ = 0.2.
inline config::Experiment small_experiment(const std::string& name, std::int64_t bn_splits = 1) {
  std::vector<config::Override> sets = {
      {"method.name", config::Value(name), "test"},
      {"model.width", config::Value(std::int64_t{4}), "test"},
      {"model.dim", config::Value(std::int64_t{16}), "test"},
      {"model.bn_splits", config::Value(bn_splits), "test"},
      {"optim.batch", config::Value(std::int64_t{32}), "test"},
  };
  const auto* spec = methods::schema().method(name);
  const auto has = [&](const char* key) {
    return spec != nullptr && std::any_of(spec->options.begin(), spec->options.end(),
                                          [&](const config::OptionSpec& o) { return o.key == key; });
  };
  if (has("queue")) sets.push_back({"method.queue", config::Value(std::int64_t{1024}), "test"});
  if (has("negatives")) sets.push_back({"method.negatives", config::Value(std::int64_t{1024}), "test"});
  if (has("temperature")) sets.push_back({"method.temperature", config::Value(0.2), "test"});
  return methods::load_experiment(kExperiment, sets);
}

}  // namespace contra::testing
