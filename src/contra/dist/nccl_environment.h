// The NCCL settings contra's error model needs (dist/world.h). By default (LibTorch 2.x:
// TORCH_NCCL_ASYNC_ERROR_HANDLING=3) a NCCL collective that fails or times out is caught by
// ProcessGroupNCCL's watchdog thread, which takes the process down, so no record says which rank
// failed at which step. contra asks the watchdog to abort the communicators only
// (TORCH_NCCL_ASYNC_ERROR_HANDLING=2, "CleanUpOnly"): a kernel stuck on a dead peer then ends,
// the GPU's stream drains, and the failure is thrown where contra next waits for a collective
// (World::settle, once per log window inside a step, or the collective itself elsewhere; both wait
// with run.dist_timeout_s), as the one-line error the run's record keeps with its rank and step.
// Blocking wait (TORCH_NCCL_BLOCKING_WAIT=1) is turned off: it would start no watchdog, so a host
// blocked in a kernel launch behind a stuck collective would wait for ever, and before LibTorch
// 2.6 it made every stream-ordered collective block the host (PyTorch's "ProcessGroupNCCL
// Environment Variables"; ProcessGroupNCCL.hpp). LibTorch before 2.2 reads the same settings
// without the TORCH_ prefix.
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

/// ASYNC_ERROR_HANDLING = 2 and BLOCKING_WAIT = 0, under the TORCH_NCCL_ names, or with
/// `legacy_names` (LibTorch before 2.2) under the NCCL_ ones. A variable already at its value is
/// left alone; one the user set to another value is replaced, and said so in a warning. Pure:
/// reads through `get`, changes nothing.
NcclEnvironment nccl_error_environment(const std::function<std::optional<std::string>(const char*)>& get,
                                       bool legacy_names);

/// Applies nccl_error_environment, with the names this build's LibTorch reads, to this process's
/// environment (setenv) before a NCCL group is formed. Returns the warnings, for rank 0 to print.
std::vector<std::string> apply_nccl_error_environment();

}  // namespace contra::dist
