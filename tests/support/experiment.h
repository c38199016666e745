// The CPU default experiment with `--set` overrides, loaded through the method registry, for
// tests that need a resolved config.
#pragma once

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

/// The CPU default experiment with `sets` applied, in order.
inline config::Experiment experiment_with(const std::vector<std::string>& sets) {
  return methods::load_experiment(kExperiment, overrides(sets));
}

/// The CPU default experiment made small, with method `name`: the small CNN at width 4, a 16-d
/// head, `bn_splits` BN splits, K = 1024 (queue and negatives), τ = 0.2, batch 32.
inline config::Experiment small_experiment(const std::string& name, std::int64_t bn_splits = 1) {
  const std::vector<config::Override> sets = {
      {"method.name", "\"" + name + "\"", "test"},
      {"model.width", "4", "test"},
      {"model.dim", "16", "test"},
      {"model.bn_splits", std::to_string(bn_splits), "test"},
      {"method.queue", "1024", "test"},
      {"method.negatives", "1024", "test"},
      {"method.temperature", "0.2", "test"},
      {"optim.batch", "32", "test"},
  };
  return methods::load_experiment(kExperiment, sets);
}

}  // namespace contra::testing
