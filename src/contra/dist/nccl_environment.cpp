#include "contra/dist/nccl_environment.h"

#include <fmt/format.h>

#include <cstdlib>

namespace contra::dist {

NcclEnvironment nccl_error_environment(const std::function<std::optional<std::string>(const char*)>& get) {
  NcclEnvironment out;
  for (const char* name : {"TORCH_NCCL_BLOCKING_WAIT", "NCCL_BLOCKING_WAIT"}) {
    const auto now = get(name);
    const bool current_name = std::string(name) == "TORCH_NCCL_BLOCKING_WAIT";
    if (now && *now == "1") continue;
    if (!now && !current_name) continue;  // the older name only where it is set
    out.set.emplace_back(name, "1");
    if (now)
      out.warnings.push_back(fmt::format(
          "{}={} replaced by 1: contra needs NCCL's blocking wait, so that a failed or timed-out collective ends the "
          "run with its rank and step recorded instead of NCCL's watchdog aborting the process",
          name, *now));
  }
  return out;
}

std::vector<std::string> apply_nccl_error_environment() {
  const auto env = nccl_error_environment([](const char* name) -> std::optional<std::string> {
    const char* v = std::getenv(name);
    if (v == nullptr) return std::nullopt;
    return std::string(v);
  });
  for (const auto& [name, value] : env.set) setenv(name.c_str(), value.c_str(), /*overwrite=*/1);
  return env.warnings;
}

}  // namespace contra::dist
