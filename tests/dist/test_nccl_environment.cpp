// The NCCL environment contra sets before a NCCL group is formed (dist/nccl_environment.h): the
// watchdog aborts a failed or timed-out collective without ending the process (asynchronous error
// handling 2), and blocking wait is off, so that the failure is thrown where contra waits for the
// collective and becomes the one-line error the record keeps. The decision is pure and tested
// here; applying it is a setenv.
#include <torch/version.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <optional>
#include <string>

#include "contra/dist/nccl_environment.h"

namespace {

using contra::dist::nccl_error_environment;
using Env = std::map<std::string, std::string>;
using Set = std::vector<std::pair<std::string, std::string>>;

contra::dist::NcclEnvironment decide(const Env& env, bool legacy = false) {
  return nccl_error_environment(
      [&](const char* name) -> std::optional<std::string> {
        const auto it = env.find(name);
        if (it == env.end()) return std::nullopt;
        return it->second;
      },
      legacy);
}

}  // namespace

TEST_CASE("nccl environment: the watchdog aborts without ending the process, and a user's other value is replaced",
          "[dist]") {
  // Nothing set: both, under the names LibTorch 2.2 and later read.
  auto d = decide({});
  CHECK(d.set == Set{{"TORCH_NCCL_ASYNC_ERROR_HANDLING", "2"}, {"TORCH_NCCL_BLOCKING_WAIT", "0"}});
  CHECK(d.warnings.empty());
  // Already as needed: nothing to do, nothing said.
  d = decide({{"TORCH_NCCL_ASYNC_ERROR_HANDLING", "2"}, {"TORCH_NCCL_BLOCKING_WAIT", "0"}});
  CHECK(d.set.empty());
  CHECK(d.warnings.empty());
  // The user asked for blocking wait (no watchdog: a host held up behind a stuck stream would wait
  // for ever) and for tear-down: both replaced, each said in one line naming the variable and value.
  d = decide({{"TORCH_NCCL_ASYNC_ERROR_HANDLING", "1"}, {"TORCH_NCCL_BLOCKING_WAIT", "1"}});
  CHECK(d.set == Set{{"TORCH_NCCL_ASYNC_ERROR_HANDLING", "2"}, {"TORCH_NCCL_BLOCKING_WAIT", "0"}});
  REQUIRE(d.warnings.size() == 2);
  CHECK_THAT(d.warnings[0], Catch::StartsWith("TORCH_NCCL_ASYNC_ERROR_HANDLING=1 replaced by 2") &&
                                Catch::Contains("rank and step recorded"));
  CHECK_THAT(d.warnings[1], Catch::StartsWith("TORCH_NCCL_BLOCKING_WAIT=1 replaced by 0"));
  for (const auto& w : d.warnings) CHECK(w.find('\n') == std::string::npos);
  // An empty value is not the one needed.
  d = decide({{"TORCH_NCCL_ASYNC_ERROR_HANDLING", ""}, {"TORCH_NCCL_BLOCKING_WAIT", "0"}});
  CHECK(d.set == Set{{"TORCH_NCCL_ASYNC_ERROR_HANDLING", "2"}});
  CHECK(d.warnings.size() == 1);
  // LibTorch before 2.2 reads the names without TORCH_.
  d = decide({{"NCCL_BLOCKING_WAIT", "1"}}, /*legacy=*/true);
  CHECK(d.set == Set{{"NCCL_ASYNC_ERROR_HANDLING", "2"}, {"NCCL_BLOCKING_WAIT", "0"}});
  REQUIRE(d.warnings.size() == 1);
  CHECK_THAT(d.warnings[0], Catch::StartsWith("NCCL_BLOCKING_WAIT=1 replaced by 0"));
}

TEST_CASE("nccl environment: applied to this process before a group would be formed", "[dist]") {
  // The names this build's LibTorch reads.
  constexpr bool legacy = TORCH_VERSION_MAJOR < 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR < 2);
  const std::string blocking = legacy ? "NCCL_BLOCKING_WAIT" : "TORCH_NCCL_BLOCKING_WAIT";
  const std::string handling = legacy ? "NCCL_ASYNC_ERROR_HANDLING" : "TORCH_NCCL_ASYNC_ERROR_HANDLING";
  setenv(blocking.c_str(), "1", 1);
  unsetenv(handling.c_str());
  const auto warnings = contra::dist::apply_nccl_error_environment();
  CHECK(std::string(std::getenv(blocking.c_str())) == "0");
  CHECK(std::string(std::getenv(handling.c_str())) == "2");
  CHECK(warnings.size() == 1);
  CHECK(contra::dist::apply_nccl_error_environment().empty());  // applied once, nothing left to say
  unsetenv(blocking.c_str());
  unsetenv(handling.c_str());
}
