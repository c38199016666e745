// GPU cases (DESIGN.md, example 7), tagged [cuda], in their own binary (contra_cuda_tests): its
// main (tests/cuda/main.cpp) exits with 77 where LibTorch sees no CUDA device, so ctest reports
// them as Skipped with the reason. They check that nothing assumes CPU: a MoCo step, the queue and
// the kNN monitor on the GPU, and the allocator's peak memory.
#include <torch/cuda.h>
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include "contra/config/experiment.h"
#include "contra/core/device.h"
#include "contra/core/memory.h"
#include "contra/eval/knn.h"
#include "contra/methods/moco.h"
#include "contra/methods/registry.h"

TEST_CASE("cuda: a MoCo step, its queue and the kNN monitor run on the GPU", "[cuda]") {
  const torch::Device device = contra::core::resolve_device("cuda");
  REQUIRE(device.is_cuda());
  contra::config::Experiment e;
  e.model.width = 8;
  e.model.bn_splits = 4;
  e.method.queue = 512;
  torch::manual_seed(0);
  auto method = contra::methods::make_method(e, {1, 256});
  method->to(device);
  torch::optim::SGD opt(method->trainable_parameters(), torch::optim::SGDOptions(0.03));
  contra::core::reset_peak_device_bytes(device);
  const auto x = torch::randn({64, 1, 28, 28}, torch::TensorOptions().device(device));
  auto out = method->forward_step(x, x + 0.01, torch::arange(64, torch::TensorOptions().device(device)));
  opt.zero_grad();
  out.loss.backward();
  opt.step();
  method->after_optimizer_step();
  CHECK(std::isfinite(out.loss.item<double>()));
  auto moco = std::dynamic_pointer_cast<contra::methods::Moco>(method);
  REQUIRE(moco);
  CHECK(moco->queue()->keys().is_cuda());
  CHECK(moco->queue()->pointer() == 64);
  CHECK(contra::core::peak_device_bytes(device) > 0);
  CHECK(contra::core::peak_memory_bytes(device) == contra::core::peak_device_bytes(device));
  CHECK_FALSE(contra::core::device_name(device).empty());
  const auto bank = torch::nn::functional::normalize(torch::randn({100, 8}, torch::TensorOptions().device(device)),
                                                     torch::nn::functional::NormalizeFuncOptions().dim(1));
  const auto labels = torch::arange(100, torch::TensorOptions().dtype(torch::kInt64).device(device)) % 10;
  CHECK(contra::eval::knn_top1(bank, labels, bank, labels, 10, 1, 0.1) == Approx(100.0));
}
