// The NCCL settings contra's error model needs (dist/world.h): by default a NCCL collective that
// fails or times out is caught by ProcessGroupNCCL's watchdog thread, which aborts the process, so
// no record says which rank failed at which step. With TORCH_NCCL_BLOCKING_WAIT=1 the group starts
// no watchdog; a collective's wait blocks the host until it completes or run.dist_timeout_s passes,
// aborts the communicators on failure and throws in the thread that waits (PyTorch's
// "ProcessGroupNCCL Environment Variables"; ProcessGroupNCCL.hpp). contra waits once per log
// window inside a step (World::settle) and at once elsewhere, so the error becomes the one line the
// run's record keeps with its rank and step.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace contra::dist {

/// What the NCCL environment must become, given the current one (`get` returns a variable's value,
/// nullopt when unset).
struct NcclEnvironment {
  std::vector<std::pair<std::string, std::string>> set;  ///< variables to set, name and value
  std::vector<std::string> warnings;  ///< one line each: a value the user set that contra replaces
};

/// TORCH_NCCL_BLOCKING_WAIT=1, and NCCL_BLOCKING_WAIT=1 where that older name (LibTorch before 2.2,
/// still read by later ones) is set to something else. A value the user set other than "1" is
/// replaced, and said so in a warning. Pure: reads through `get`, changes nothing.
NcclEnvironment nccl_error_environment(const std::function<std::optional<std::string>(const char*)>& get);

/// Applies nccl_error_environment to this process's environment (setenv), before a NCCL group is
/// formed. Returns the warnings, for rank 0 to print.
std::vector<std::string> apply_nccl_error_environment();

}  // namespace contra::dist
