#include "contra/core/precision_choice.h"

#include <fmt/format.h>

#include "contra/core/device.h"

namespace contra::core {

PrecisionTarget precision_target(const torch::Device& device) {
  PrecisionTarget t;
  t.cuda = device.is_cuda();
  if (t.cuda) t.cuda_major = cuda_compute_capability(device).first;
  t.cpu = detect_cpu_features();
  return t;
}

PrecisionChoice choose_precision(Precision requested, const PrecisionTarget& target) {
  PrecisionChoice c;
  const std::string cpu = describe(target.cpu);
  if (requested != Precision::automatic) {
    c.precision = requested;
    c.why = fmt::format("run.precision = '{}' as configured", precision_name(requested));
    if (requested == Precision::bf16 && !target.cuda && !target.cpu.native_bf16())
      c.warning = fmt::format(
          "run.precision = 'bf16' on a CPU without native bf16 ({}): oneDNN emulates it, about 2x slower than "
          "fp32; 'auto' chooses fp32 here",
          cpu);
    return c;
  }
  if (target.cuda) {
    const bool ampere = target.cuda_major >= 8;
    c.precision = ampere ? Precision::bf16 : Precision::fp32;
    c.why = fmt::format("auto: a GPU of compute capability {}.x: {}", target.cuda_major,
                        ampere ? "bf16 (8.0 or newer)" : "fp32 (bf16 needs 8.0 or newer)");
    return c;
  }
  if (target.cpu.native_bf16()) {
    c.precision = Precision::bf16;
    c.why = fmt::format("auto: {}: bf16 in hardware", cpu);
  } else if (target.cpu.arch == "x86_64") {
    c.precision = Precision::fp32;
    c.why = fmt::format("auto: {}: fp32, as bf16 would be emulated", cpu);
  } else {
    c.precision = Precision::fp32;
    c.why = fmt::format("auto: {}: fp32, as bf16 on this architecture is not measured by contra", cpu);
  }
  return c;
}

}  // namespace contra::core
