#include "contra/methods/registry.h"

#include <fmt/format.h>

#include <functional>
#include <utility>

#include "contra/core/error.h"
#include "contra/methods/moco.h"

namespace contra::methods {

namespace {

using Factory = std::function<std::shared_ptr<Method>(const config::Experiment&, std::int64_t)>;

const std::vector<std::pair<std::string, Factory>>& registry() {
  static const std::vector<std::pair<std::string, Factory>> entries = {
      {"moco",
       [](const config::Experiment& e, std::int64_t c) {
         return std::make_shared<Moco>(e.model, e.method, c, static_cast<std::uint64_t>(e.run.seed));
       }},
  };
  return entries;
}

}  // namespace

std::vector<std::string> method_names() {
  std::vector<std::string> names;
  for (const auto& [name, factory] : registry()) names.push_back(name);
  return names;
}

std::shared_ptr<Method> make_method(const config::Experiment& experiment, std::int64_t in_channels) {
  for (const auto& [name, factory] : registry())
    if (name == experiment.method.name) return factory(experiment, in_channels);
  core::fail("{}: method.name = '{}' is unknown; valid: {}", experiment.where("method.name"), experiment.method.name,
             fmt::join(method_names(), ", "));
}

}  // namespace contra::methods
