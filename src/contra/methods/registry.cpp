#include "contra/methods/registry.h"

#include <fmt/format.h>

#include <functional>
#include <utility>

#include "contra/core/error.h"
#include "contra/methods/end_to_end.h"
#include "contra/methods/memory_bank.h"
#include "contra/methods/moco.h"
#include "contra/methods/simclr.h"

namespace contra::methods {

namespace {

using Factory = std::function<std::shared_ptr<Method>(const config::Experiment&, const DataShape&)>;

std::uint64_t seed_of(const config::Experiment& e) { return static_cast<std::uint64_t>(e.run.seed); }

const std::vector<std::pair<std::string, Factory>>& registry() {
  static const std::vector<std::pair<std::string, Factory>> entries = {
      {"moco", [](const auto& e,
                  const auto& d) { return std::make_shared<Moco>(e.model, e.method, d.in_channels, seed_of(e)); }},
      {"memory_bank",
       [](const auto& e, const auto& d) {
         return std::make_shared<MemoryBank>(e.model, e.method, d.in_channels, d.train_size, seed_of(e));
       }},
      {"end_to_end",
       [](const auto& e, const auto& d) {
         return std::make_shared<EndToEnd>(e.model, e.method, d.in_channels, seed_of(e));
       }},
      {"simclr",
       [](const auto& e, const auto& d) { return std::make_shared<SimClr>(e.model, e.method, d.in_channels); }},
  };
  return entries;
}

}  // namespace

std::vector<std::string> method_names() {
  std::vector<std::string> names;
  for (const auto& [name, factory] : registry()) names.push_back(name);
  return names;
}

std::shared_ptr<Method> make_method(const config::Experiment& experiment, const DataShape& data) {
  for (const auto& [name, factory] : registry())
    if (name == experiment.method.name) return factory(experiment, data);
  core::fail("{}: method.name = '{}' is unknown; valid: {}", experiment.where("method.name"), experiment.method.name,
             fmt::join(method_names(), ", "));
}

}  // namespace contra::methods
