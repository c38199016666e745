#include "contra/data/channel_stats.h"

#include <algorithm>
#include <cmath>

#include "contra/core/error.h"

namespace contra::data {

ChannelStatistics channel_statistics(const torch::Tensor& images) {
  CONTRA_CHECK(images.dim() == 4 && images.size(0) > 0, "channel statistics need N x C x H x W images, N >= 1");
  const auto channels = images.size(1);
  auto sum = torch::zeros({channels}, torch::kFloat64), squares = torch::zeros({channels}, torch::kFloat64);
  // About 64 MB of float64 at a time: 2730 CIFAR images, 303 of STL-10's.
  const std::int64_t chunk = std::max<std::int64_t>(1, (std::int64_t{1} << 23) / std::max<std::int64_t>(1, images[0].numel()));
  for (std::int64_t i = 0; i < images.size(0); i += chunk) {
    const auto x = images.slice(0, i, i + chunk).to(torch::kFloat64).div_(255.0);
    sum += x.sum({0, 2, 3});
    squares += x.square().sum({0, 2, 3});
  }
  const double n = static_cast<double>(images.size(0) * images.size(2) * images.size(3));
  ChannelStatistics s;
  for (std::int64_t c = 0; c < channels; ++c) {
    const double mean = sum[c].item<double>() / n;
    s.mean.push_back(mean);
    s.std.push_back(std::sqrt(std::max(0.0, squares[c].item<double>() / n - mean * mean)));
  }
  return s;
}

}  // namespace contra::data
