#include "contra/core/memory.h"

#include <malloc.h>

#include <fstream>
#include <sstream>
#include <string>

#ifdef CONTRA_WITH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

namespace contra::core {

std::int64_t peak_rss_bytes() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmHWM:", 0) == 0) {
      std::istringstream fields(line.substr(6));
      std::int64_t kib = 0;
      fields >> kib;
      return kib * 1024;
    }
  }
  return 0;
}

std::int64_t peak_device_bytes(const torch::Device& device) {
#ifdef CONTRA_WITH_CUDA
  if (device.is_cuda()) {
    const auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(device.index());
    return stats.allocated_bytes[0].peak;  // index 0: the aggregate over pool types
  }
#endif
  (void)device;
  return 0;
}

void reset_peak_device_bytes(const torch::Device& device) {
#ifdef CONTRA_WITH_CUDA
  if (device.is_cuda()) c10::cuda::CUDACachingAllocator::resetPeakStats(device.index());
#endif
  (void)device;
}

void keep_freed_memory() {
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_TOP_PAD, 64 << 20);
}

std::int64_t peak_memory_bytes(const torch::Device& device) {
  return device.is_cuda() ? peak_device_bytes(device) : peak_rss_bytes();
}

}  // namespace contra::core
