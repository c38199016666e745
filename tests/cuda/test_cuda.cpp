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
#include "contra/methods/memory_bank.h"
#include "contra/methods/moco.h"
#include "contra/methods/registry.h"

TEST_CASE("cuda: a MoCo step, its queue and the kNN monitor run on the GPU", "[cuda]") {
  const torch::Device device = contra::core::resolve_device("cuda");
  REQUIRE(device.is_cuda());
  contra::config::Experiment e;
  e.model.width = 8;
  e.model.bn_splits = 4;
  e.method.set("queue", std::int64_t{512});
  torch::manual_seed(0);
  auto method = contra::methods::make_method(e, {1, 256});
  method->to(device);
  torch::optim::SGD opt(method->trainable_parameters(), torch::optim::SGDOptions(0.03));
  contra::core::reset_peak_device_bytes(device);
  const auto x = torch::randn({64, 1, 28, 28}, torch::TensorOptions().device(device));
  auto out = method->forward_step({x, x + 0.01, torch::arange(64, torch::TensorOptions().device(device)), {}});
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

TEST_CASE("cuda: the memory bank draws its negatives and keeps NCE's Z on the GPU, seeded and restorable", "[cuda]") {
  const torch::Device device = contra::core::resolve_device("cuda");
  contra::config::Experiment e;
  e.model.width = 4;
  e.model.bn_splits = 1;
  e.method.name = "memory_bank";
  e.method.set("negatives", std::int64_t{32});
  e.method.set("loss", std::string("nce"));
  torch::manual_seed(0);
  auto method = contra::methods::make_method(e, {1, 256});
  method->to(device);
  auto bank = std::dynamic_pointer_cast<contra::methods::MemoryBank>(method);
  REQUIRE(bank);
  auto gens = method->generators();
  REQUIRE(gens.size() == 1);
  auto gen = gens[0].second;  // shares the method's state
  CHECK(gen.device().is_cuda());
  const auto saved = gen.get_state();
  const auto drawn = bank->bank()->sample(8, 32, gen);
  CHECK(drawn.is_cuda());
  CHECK(drawn.max().item<std::int64_t>() < 256);
  gen.set_state(saved);  // a checkpoint's restore gives the same draws again
  CHECK(torch::equal(bank->bank()->sample(8, 32, gen), drawn));
  const auto x = torch::randn({8, 1, 28, 28}, torch::TensorOptions().device(device));
  auto out = method->forward_step({x, {}, torch::arange(8, torch::TensorOptions().device(device)), {}});
  out.loss.backward();
  method->after_optimizer_step();
  CHECK(std::isfinite(out.loss.item<double>()));
  CHECK(bank->nce_z() > 0);
  CHECK(bank->named_buffers()["nce_z"].is_cuda());
}
