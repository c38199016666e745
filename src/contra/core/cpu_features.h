// What this CPU computes natively that the choice of run.precision rests on (core/precision_choice.h):
// bf16 arithmetic in hardware. oneDNN, which runs LibTorch's CPU convolutions and matrix products,
// uses its bf16 kernels (jit_bf16:avx512_core_bf16, brg:avx512_core_bf16, AMX) only where the CPU
// has AVX512_BF16 or AMX-BF16; elsewhere it emulates bf16, about 2x slower than fp32 (oneDNN
// issue 493; pytorch issue 146508).
#pragma once

#include <string>

namespace contra::core {

/// The CPU features the precision rule reads.
struct CpuFeatures {
  std::string arch;          ///< "x86_64", "aarch64", or "other"
  bool avx512_bf16 = false;  ///< x86 AVX512_BF16 (Cooper Lake, Zen 4 and later)
  bool amx_bf16 = false;     ///< x86 AMX-BF16 (Sapphire Rapids and later)

  /// bf16 computed in hardware by the kernels LibTorch's CPU path uses (x86 only: see
  /// precision_choice.h for arm64).
  bool native_bf16() const { return arch == "x86_64" && (avx512_bf16 || amx_bf16); }
};

/// This machine's, from the compiler's CPUID query (__builtin_cpu_supports); on other
/// architectures every flag is false. The environment variable CONTRA_CPU_FEATURES, when set,
/// replaces the flags (not the architecture): "none", or a comma-separated list of avx512_bf16
/// and amx_bf16. It simulates another CPU for the precision rule (with ONEDNN_MAX_CPU_ISA, oneDNN's
/// own cap, the kernels follow). Throws ContraError naming the variable and value for another word.
CpuFeatures detect_cpu_features();

/// "x86_64 with avx512_bf16", "x86_64 without avx512_bf16 or amx_bf16", "aarch64".
std::string describe(const CpuFeatures& cpu);

}  // namespace contra::core
