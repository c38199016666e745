// The precision rule (core/precision_choice.h) with the CPU's features and the GPU faked: auto
// gives bf16 only where the hardware computes it, fp32 elsewhere; an explicit precision is kept,
// with a warning for bf16 emulated on the CPU; and "auto" is a name run.precision accepts.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <string>

#include "../support/errors.h"

#include "contra/core/precision_choice.h"

using contra::core::choose_precision;
using contra::core::CpuFeatures;
using contra::core::Precision;
using contra::core::PrecisionTarget;

namespace {

PrecisionTarget cpu(const std::string& arch, bool avx512_bf16, bool amx_bf16) {
  PrecisionTarget t;
  t.cpu.arch = arch;
  t.cpu.avx512_bf16 = avx512_bf16;
  t.cpu.amx_bf16 = amx_bf16;
  return t;
}

PrecisionTarget gpu(int major) {
  PrecisionTarget t = cpu("x86_64", false, false);
  t.cuda = true;
  t.cuda_major = major;
  return t;
}

}  // namespace

TEST_CASE("precision rule: auto is bf16 only where the hardware computes bf16", "[core][precision]") {
  const auto zen4 = choose_precision(Precision::automatic, cpu("x86_64", true, false));
  CHECK(zen4.precision == Precision::bf16);
  CHECK(zen4.why == "auto: x86_64 with avx512_bf16: bf16 in hardware");
  CHECK_FALSE(zen4.warning);
  CHECK(choose_precision(Precision::automatic, cpu("x86_64", false, true)).precision == Precision::bf16);  // AMX
  const auto avx2 = choose_precision(Precision::automatic, cpu("x86_64", false, false));
  CHECK(avx2.precision == Precision::fp32);
  CHECK(avx2.why == "auto: x86_64 without avx512_bf16 or amx_bf16: fp32, as bf16 would be emulated");
  const auto arm = choose_precision(Precision::automatic, cpu("aarch64", false, false));
  CHECK(arm.precision == Precision::fp32);
  CHECK(arm.why == "auto: aarch64: fp32, as bf16 on this architecture is not measured by contra");
  // Flags read on another architecture never count as x86's.
  CHECK(choose_precision(Precision::automatic, cpu("aarch64", true, true)).precision == Precision::fp32);
  CHECK(choose_precision(Precision::automatic, gpu(9)).precision == Precision::bf16);
  CHECK(choose_precision(Precision::automatic, gpu(8)).precision == Precision::bf16);
  const auto volta = choose_precision(Precision::automatic, gpu(7));
  CHECK(volta.precision == Precision::fp32);
  CHECK(volta.why == "auto: a GPU of compute capability 7.x: fp32 (bf16 needs 8.0 or newer)");
}

TEST_CASE("precision rule: a precision named explicitly is kept, bf16 emulated on the CPU with a warning",
          "[core][precision]") {
  for (const auto p : {Precision::fp32, Precision::bf16, Precision::fp16}) {
    CHECK(choose_precision(p, cpu("x86_64", true, false)).precision == p);
    CHECK(choose_precision(p, cpu("x86_64", false, false)).precision == p);
    CHECK(choose_precision(p, gpu(7)).precision == p);
  }
  const auto emulated = choose_precision(Precision::bf16, cpu("x86_64", false, false));
  CHECK(emulated.why == "run.precision = 'bf16' as configured");
  REQUIRE(emulated.warning);
  CHECK_THAT(*emulated.warning, Catch::Contains("without native bf16 (x86_64 without avx512_bf16 or amx_bf16): "
                                                "oneDNN emulates it, about 2x slower than fp32; 'auto' chooses fp32"));
  CHECK_FALSE(choose_precision(Precision::bf16, cpu("x86_64", true, false)).warning);
  CHECK_FALSE(choose_precision(Precision::bf16, gpu(8)).warning);
  CHECK_FALSE(choose_precision(Precision::fp32, cpu("x86_64", false, false)).warning);
}

TEST_CASE("precision rule: 'auto' is a run.precision, never an arithmetic", "[core][precision]") {
  CHECK(contra::core::parse_precision("auto") == Precision::automatic);
  CHECK(contra::core::precision_name(Precision::automatic) == "auto");
  CHECK_FALSE(contra::core::precision_unsupported(Precision::automatic, torch::Device(torch::kCPU)));
  // This machine: whatever it has, the choice is never auto and says why.
  const auto here = choose_precision(Precision::automatic, contra::core::precision_target(torch::Device(torch::kCPU)));
  CHECK(here.precision != Precision::automatic);
  CHECK_THAT(here.why, Catch::StartsWith("auto: "));
}

TEST_CASE("precision rule: CONTRA_CPU_FEATURES simulates another CPU's flags, and a bad word is one line",
          "[core][precision]") {
  setenv("CONTRA_CPU_FEATURES", "none", 1);
  auto cpu = contra::core::detect_cpu_features();
  CHECK_FALSE(cpu.avx512_bf16);
  CHECK_FALSE(cpu.amx_bf16);
  setenv("CONTRA_CPU_FEATURES", "avx512_bf16,amx_bf16", 1);
  cpu = contra::core::detect_cpu_features();
  CHECK(cpu.avx512_bf16);
  CHECK(cpu.amx_bf16);
  setenv("CONTRA_CPU_FEATURES", "amx_bf16", 1);
  CHECK_FALSE(contra::core::detect_cpu_features().avx512_bf16);
  contra::testing::check_errors(
      [](const std::string& value) {
        setenv("CONTRA_CPU_FEATURES", value.c_str(), 1);
        return contra::testing::message_of([] { (void)contra::core::detect_cpu_features(); });
      },
      {{"avx2", "CONTRA_CPU_FEATURES = 'avx2': 'avx2' is no feature; use none, or a comma-separated list"},
       {"avx512_bf16,", "CONTRA_CPU_FEATURES = 'avx512_bf16,': '' is no feature"},
       {"", "CONTRA_CPU_FEATURES = '': '' is no feature"}});
  unsetenv("CONTRA_CPU_FEATURES");
}
