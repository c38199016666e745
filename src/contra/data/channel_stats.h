// Per-channel normalisation constants computed from a split, for datasets whose authors publish
// none (CIFAR, STL-10): the population mean and standard deviation of each channel, in [0, 1] units.
#pragma once

#include <torch/types.h>

#include <vector>

namespace contra::data {

struct ChannelStatistics {
  std::vector<double> mean;  ///< one per channel, in [0, 1] units
  std::vector<double> std;   ///< population standard deviation (divides by the pixel count)
};

/// images: uint8 N×C×H×W, N ≥ 1. Sums in float64 over chunks of about 64 MB, so a large split does
/// not need a float copy of itself (CIFAR-10's train split as float64 would be 1.2 GB).
ChannelStatistics channel_statistics(const torch::Tensor& images);

}  // namespace contra::data
