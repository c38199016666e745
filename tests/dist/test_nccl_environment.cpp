// The NCCL environment contra sets before a NCCL group is formed (dist/nccl_environment.h): blocking
// wait, so that a failed or timed-out collective throws where contra waits for it (World::settle,
// or the collective itself) and becomes the one-line error the record keeps, instead of NCCL's
// watchdog aborting the process. The decision is pure and tested here; applying it is a setenv.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <optional>
#include <string>

#include "contra/dist/nccl_environment.h"

namespace {

using contra::dist::nccl_error_environment;
using Env = std::map<std::string, std::string>;

contra::dist::NcclEnvironment decide(const Env& env) {
  return nccl_error_environment([&](const char* name) -> std::optional<std::string> {
    const auto it = env.find(name);
    if (it == env.end()) return std::nullopt;
    return it->second;
  });
}

using Set = std::vector<std::pair<std::string, std::string>>;

}  // namespace

TEST_CASE("nccl environment: blocking wait on, a user's other value replaced and said so", "[dist]") {
  // Nothing set: the current name only.
  auto d = decide({});
  CHECK(d.set == Set{{"TORCH_NCCL_BLOCKING_WAIT", "1"}});
  CHECK(d.warnings.empty());
  // Already as needed: nothing to do, nothing said.
  d = decide({{"TORCH_NCCL_BLOCKING_WAIT", "1"}});
  CHECK(d.set.empty());
  CHECK(d.warnings.empty());
  // The user turned it off: replaced, with one line naming the variable and its value.
  d = decide({{"TORCH_NCCL_BLOCKING_WAIT", "0"}, {"TORCH_NCCL_ASYNC_ERROR_HANDLING", "1"}});
  CHECK(d.set == Set{{"TORCH_NCCL_BLOCKING_WAIT", "1"}});
  REQUIRE(d.warnings.size() == 1);
  CHECK_THAT(d.warnings[0], Catch::StartsWith("TORCH_NCCL_BLOCKING_WAIT=0 replaced by 1") &&
                                Catch::Contains("rank and step recorded"));
  CHECK(d.warnings[0].find('\n') == std::string::npos);
  // The older name, read by LibTorch before 2.2: set to 1 only where the user set it otherwise.
  d = decide({{"NCCL_BLOCKING_WAIT", "0"}});
  CHECK(d.set == Set{{"TORCH_NCCL_BLOCKING_WAIT", "1"}, {"NCCL_BLOCKING_WAIT", "1"}});
  REQUIRE(d.warnings.size() == 1);
  CHECK_THAT(d.warnings[0], Catch::StartsWith("NCCL_BLOCKING_WAIT=0 replaced by 1"));
  d = decide({{"NCCL_BLOCKING_WAIT", "1"}, {"TORCH_NCCL_BLOCKING_WAIT", ""}});
  CHECK(d.set == Set{{"TORCH_NCCL_BLOCKING_WAIT", "1"}});
  CHECK(d.warnings.size() == 1);  // an empty value is not 1
}

TEST_CASE("nccl environment: applied to this process before a group would be formed", "[dist]") {
  setenv("TORCH_NCCL_BLOCKING_WAIT", "0", 1);
  unsetenv("NCCL_BLOCKING_WAIT");
  const auto warnings = contra::dist::apply_nccl_error_environment();
  CHECK(std::string(std::getenv("TORCH_NCCL_BLOCKING_WAIT")) == "1");
  CHECK(std::getenv("NCCL_BLOCKING_WAIT") == nullptr);
  CHECK(warnings.size() == 1);
  CHECK(contra::dist::apply_nccl_error_environment().empty());  // applied once, nothing left to say
  unsetenv("TORCH_NCCL_BLOCKING_WAIT");
}
