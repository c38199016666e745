// Test helper: CPU autocast (bf16) for one scope, the same dispatch path as autocast on a GPU.
#pragma once

#include <ATen/autocast_mode.h>
#include <torch/version.h>

namespace contra::testing {

class CpuAutocast {
 public:
  CpuAutocast() { set(true); }
  ~CpuAutocast() {
    set(false);
    at::autocast::clear_cache();
  }
  CpuAutocast(const CpuAutocast&) = delete;
  CpuAutocast& operator=(const CpuAutocast&) = delete;

 private:
  static void set(bool on) {
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
    at::autocast::set_autocast_enabled(at::kCPU, on);
#else
    at::autocast::set_cpu_enabled(on);
#endif
  }
};

}  // namespace contra::testing
