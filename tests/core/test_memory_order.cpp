// The memory order convolutional backbones take (core::choose_memory_order): NHWC where it is
// cheaper, NCHW on CUDA where SplitBatchNorm would copy every activation to NCHW and back.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include "contra/core/device.h"

using contra::core::choose_memory_order;

TEST_CASE("memory order: NHWC on the CPU and on CUDA with one BN group, NCHW on CUDA with split BN", "[core]") {
  const torch::Device cpu(torch::kCPU), gpu(torch::kCUDA, 0), gpu1(torch::kCUDA, 1);
  for (const std::int64_t splits : {1, 2, 8}) {
    INFO("bn_splits " << splits);
    CHECK(choose_memory_order(cpu, splits).channels_last);  // the fused split BN + ReLU keeps NHWC
    CHECK_THAT(choose_memory_order(cpu, splits).why, Catch::StartsWith("NHWC: CPU"));
  }
  CHECK(choose_memory_order(gpu, 1).channels_last);
  CHECK(choose_memory_order(gpu1, 0).channels_last);  // bn_splits = 0 or 1: plain BatchNorm
  CHECK_THAT(choose_memory_order(gpu, 1).why, Catch::StartsWith("NHWC: CUDA with one BN group"));
  for (const auto& device : {gpu, gpu1}) {
    const auto order = choose_memory_order(device, 8);  // the MoCo cifar10 presets
    CHECK_FALSE(order.channels_last);
    CHECK_THAT(order.why, Catch::StartsWith("NCHW: CUDA with 8 BN splits per rank"));
  }
  CHECK_FALSE(choose_memory_order(gpu, 2).channels_last);
}

TEST_CASE("memory order: why split BN on NHWC copies, and on NCHW does not", "[core]") {
  // The reason behind the rule, on the CPU's tensors: the reshape SplitBatchNorm takes (N/s)×(C·s)×H×W
  // shares x's storage only when x is NCHW.
  const auto nchw = torch::randn({8, 4, 5, 5});
  const auto nhwc = nchw.contiguous(torch::MemoryFormat::ChannelsLast);
  const std::int64_t s = 4;
  CHECK(nchw.reshape({8 / s, 4 * s, 5, 5}).data_ptr() == nchw.data_ptr());
  CHECK(nhwc.reshape({8 / s, 4 * s, 5, 5}).data_ptr() != nhwc.data_ptr());
}
