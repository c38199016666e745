// Peak memory of the current process, for the cost columns of every run.
#pragma once

#include <torch/types.h>

#include <cstdint>

namespace contra::core {

/// Peak resident set size of this process in bytes (VmHWM, Linux), or 0 when unavailable.
std::int64_t peak_rss_bytes();

/// Peak bytes allocated by the CUDA caching allocator on `device` since the last reset;
/// 0 on CPU devices and in builds without CUDA.
std::int64_t peak_device_bytes(const torch::Device& device);

/// Resets the CUDA allocator's peak counters on `device` (no-op on CPU).
void reset_peak_device_bytes(const torch::Device& device);

/// The peak memory that a run reports: the allocator peak on GPU, the resident set size on CPU.
std::int64_t peak_memory_bytes(const torch::Device& device);

/// Hack, labelled as one: glibc returns every large freed block to the OS, so each training step
/// page-faults its activations back in (measured here: 9 s of 16 s as system time). This keeps
/// freed memory in the process (mmap and trim thresholds raised). Call once, before any tensor.
void keep_freed_memory();

}  // namespace contra::core
