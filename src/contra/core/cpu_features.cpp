#include "contra/core/cpu_features.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>
#include <vector>

#include "contra/core/error.h"

namespace contra::core {

namespace {

/// CONTRA_CPU_FEATURES's flags in place of the CPU's.
void simulate(CpuFeatures& cpu, const std::string& value) {
  cpu.avx512_bf16 = cpu.amx_bf16 = false;
  if (value == "none") return;
  std::size_t start = 0;
  while (start <= value.size()) {
    const auto comma = value.find(',', start);
    const std::string word = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (word == "avx512_bf16")
      cpu.avx512_bf16 = true;
    else if (word == "amx_bf16")
      cpu.amx_bf16 = true;
    else
      fail("CONTRA_CPU_FEATURES = '{}': '{}' is no feature; use none, or a comma-separated list of avx512_bf16 "
           "and amx_bf16",
           value, word);
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
}

}  // namespace

CpuFeatures detect_cpu_features() {
  CpuFeatures cpu;
#if defined(__x86_64__) && defined(__GNUC__)
  cpu.arch = "x86_64";
  __builtin_cpu_init();
  cpu.avx512_bf16 = __builtin_cpu_supports("avx512bf16") != 0;
  cpu.amx_bf16 = __builtin_cpu_supports("amx-bf16") != 0;
#elif defined(__aarch64__)
  cpu.arch = "aarch64";
#else
  cpu.arch = "other";
#endif
  if (const char* value = std::getenv("CONTRA_CPU_FEATURES")) simulate(cpu, value);
  return cpu;
}

std::string describe(const CpuFeatures& cpu) {
  if (cpu.arch != "x86_64") return cpu.arch;
  std::vector<std::string> has;
  if (cpu.avx512_bf16) has.emplace_back("avx512_bf16");
  if (cpu.amx_bf16) has.emplace_back("amx_bf16");
  return has.empty() ? "x86_64 without avx512_bf16 or amx_bf16" : fmt::format("x86_64 with {}", fmt::join(has, " and "));
}

}  // namespace contra::core
