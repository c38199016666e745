// Test helper: CPU autocast (bf16) for one scope, the same dispatch path as autocast on a GPU
// (core::AutocastScope, which holds the LibTorch-version difference).
#pragma once

#include "contra/core/precision.h"

namespace contra::testing {

class CpuAutocast {
 public:
  CpuAutocast() : scope_(torch::kCPU, core::Precision::bf16) {}

 private:
  core::AutocastScope scope_;
};

}  // namespace contra::testing
