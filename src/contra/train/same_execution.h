// Whether a checkpoint may be resumed here: a resumed run continues bit for bit only where it
// computes as it did when it started. The record a checkpoint holds (train/checkpoint.h) says how
// that was; this compares it with how this attempt would compute.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <filesystem>
#include <string>

#include "contra/core/precision.h"
#include "contra/store/run_record.h"

namespace contra::train {

/// How this attempt computes: the facts a run records at its start (train/run_start.cpp) and a
/// resume must find unchanged.
struct Execution {
  std::string git_sha;                                ///< core::git_sha(): the commit this contra was built from
  std::string torch_version;                          ///< core::torch_version()
  torch::Device device = torch::kCPU;                 ///< only its type is compared
  std::int64_t world_size = 1;                        ///< processes
  core::Precision precision = core::Precision::fp32;  ///< as chosen, never auto
  bool precision_auto = false;                        ///< run.precision = "auto" chose it
  std::string precision_rule;                         ///< why it was chosen (core::PrecisionChoice::why)
  bool channels_last = false;                         ///< convolutions in NHWC memory order
  bool deterministic = false;                         ///< run.deterministic as applied
};

/// Throws core::ContraError, one line naming `checkpoint`, what differs (the commit contra was
/// built from, so that one record never mixes two binaries; LibTorch, device type,
/// world size, run.precision or what "auto" chose, memory order, run.deterministic) and how to go
/// on (`--fresh`), when `started` (the checkpoint's record) says its run computed otherwise than
/// `now`. A record from before an attribute existed is not checked on it.
void check_same_execution(const std::filesystem::path& checkpoint, const Execution& now,
                          const store::RunRecord& started);

}  // namespace contra::train
