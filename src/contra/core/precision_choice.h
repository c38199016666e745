// The rule that turns run.precision into the arithmetic a run trains in, decided once before it
// starts and recorded with its reason (the record's `precision` and `precision_rule` attributes;
// README.md, "Which precision your CPU gets").
//
// The rule for `auto`:
//  - CPU, x86_64 with AVX512_BF16 or AMX-BF16: bf16. oneDNN runs the convolutions and matrix
//    products in hardware bf16 (measured in bench/README.md, "Precision on the CPU").
//  - CPU, x86_64 without them: fp32. oneDNN would emulate bf16, about 2x slower than fp32.
//  - CPU, arm64 or other: fp32. LibTorch's arm64 bf16 path (oneDNN with the Arm Compute Library)
//    has not been measured by this suite, so it is not chosen for you.
//  - CUDA: bf16 on compute capability 8.0 or newer (Ampere, Hopper), fp32 before it (fp16 needs a
//    loss scale, so it is only run when asked for).
// A precision named explicitly is kept; bf16 on a CPU without native bf16 comes with a warning.
#pragma once

#include <torch/types.h>

#include <optional>
#include <string>

#include "contra/core/cpu_features.h"
#include "contra/core/precision.h"

namespace contra::core {

/// What the rule reads: the device type, the GPU's compute capability, the CPU's features.
struct PrecisionTarget {
  bool cuda = false;
  int cuda_major = 0;  ///< compute capability major version (CUDA only)
  CpuFeatures cpu;
};

/// `device`'s, on this machine (core/device.h cuda_compute_capability, detect_cpu_features).
PrecisionTarget precision_target(const torch::Device& device);

/// The precision a run trains in and why.
struct PrecisionChoice {
  Precision precision = Precision::fp32;  ///< never automatic
  std::string why;                        ///< one line, e.g. "auto: x86_64 with avx512_bf16: bf16 in hardware"
  std::optional<std::string> warning;     ///< a line for the user (bf16 asked for, emulated here)
};

/// The rule above, for `requested` on `target`. Pure: the tests fake the target.
PrecisionChoice choose_precision(Precision requested, const PrecisionTarget& target);

}  // namespace contra::core
