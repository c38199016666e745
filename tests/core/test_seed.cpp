// Seeding (core/seed.h): a run's random streams, and the same stream on a device.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include "contra/core/seed.h"

TEST_CASE("make_generator on CPU with a device is the plain CPU stream", "[methods]") {
  auto plain = contra::core::make_generator(11, 4);
  auto on_cpu = contra::core::make_generator(11, 4, torch::Device(torch::kCPU));
  CHECK(on_cpu.device().is_cpu());
  CHECK(torch::equal(torch::randint(0, 1 << 20, {64}, plain, torch::kInt64),
                     torch::randint(0, 1 << 20, {64}, on_cpu, torch::kInt64)));
}
