#include "contra/dist/nccl_environment.h"

#include <fmt/format.h>
#include <torch/version.h>

#include <cstdlib>

namespace contra::dist {

NcclEnvironment nccl_error_environment(const std::function<std::optional<std::string>(const char*)>& get,
                                       bool legacy_names) {
  NcclEnvironment out;
  const std::pair<const char*, const char*> needed[] = {
      {legacy_names ? "NCCL_ASYNC_ERROR_HANDLING" : "TORCH_NCCL_ASYNC_ERROR_HANDLING", "2"},
      {legacy_names ? "NCCL_BLOCKING_WAIT" : "TORCH_NCCL_BLOCKING_WAIT", "0"}};
  for (const auto& [name, value] : needed) {
    const auto now = get(name);
    if (now && *now == value) continue;
    out.set.emplace_back(name, value);
    if (now)
      out.warnings.push_back(fmt::format(
          "{}={} replaced by {}: contra needs NCCL's watchdog to abort a failed or timed-out collective without "
          "ending the process, so that the run ends with its rank and step recorded",
          name, *now, value));
  }
  return out;
}

std::vector<std::string> apply_nccl_error_environment() {
  constexpr bool legacy = TORCH_VERSION_MAJOR < 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR < 2);
  const auto env = nccl_error_environment(
      [](const char* name) -> std::optional<std::string> {
        const char* v = std::getenv(name);
        if (v == nullptr) return std::nullopt;
        return std::string(v);
      },
      legacy);
  for (const auto& [name, value] : env.set) setenv(name.c_str(), value.c_str(), /*overwrite=*/1);
  return env.warnings;
}

}  // namespace contra::dist
