// Every mechanism on the GPU (DESIGN.md, "Scale"; issue 13), through the real `contra train`: its
// steps give finite losses, its state lives on the device, bf16 and fp16 (with the loss scaler)
// train, and with run.deterministic = true a run killed after an epoch and resumed equals the
// uninterrupted run bit for bit. Skipped, and reported as skipped, without a GPU (tests/cuda/main.cpp).
#include <sys/wait.h>
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "../support/experiment.h"
#include "../support/resume.h"
#include "contra/core/device.h"
#include "contra/core/precision.h"
#include "contra/methods/memory_bank.h"
#include "contra/methods/moco.h"
#include "contra/methods/registry.h"
#include "contra/models/channels_last.h"
#include "contra/train/loss_scaler.h"

namespace fs = std::filesystem;
using namespace contra;
using contra::testing::TempDir;

namespace {

const std::vector<std::string> kMethods = {"moco", "memory_bank", "end_to_end", "simclr", "supervised"};

/// One SGD step of `method` on a random batch of 64 on `device` at `precision`; returns the loss.
double one_step(methods::Method& method, const torch::Device& device, core::Precision precision) {
  torch::optim::SGD opt(method.trainable_parameters(), torch::optim::SGDOptions(0.03).momentum(0.9));
  const auto on = torch::TensorOptions().device(device);
  const auto x = torch::randn({64, 1, 28, 28}, on).contiguous(at::MemoryFormat::ChannelsLast);
  const auto labels = torch::randint(0, 10, {64}, on.dtype(torch::kInt64));
  methods::StepOutput out;
  {
    const core::AutocastScope autocast(device, precision);
    out = method.forward_step({x, x + 0.01 * torch::randn_like(x), torch::arange(64, on.dtype(torch::kInt64)), labels});
  }
  opt.zero_grad();
  if (precision == core::Precision::fp16) {
    train::LossScaler scaler(device);
    scaler.scale(out.loss).backward();
    scaler.step(opt);
  } else {
    out.loss.backward();
    opt.step();
  }
  method.after_optimizer_step();
  return out.loss.item<double>();
}

}  // namespace

TEST_CASE("cuda: every mechanism steps on the GPU in fp32, bf16 and fp16, with its state on the device", "[cuda]") {
  const torch::Device device = core::resolve_device("cuda");
  for (const auto& name : kMethods) {
    for (const auto precision : {core::Precision::fp32, core::Precision::bf16, core::Precision::fp16}) {
      INFO(name << " " << core::precision_name(precision));
      if (core::precision_unsupported(precision, device)) continue;  // bf16 before compute capability 8.0
      auto e = testing::small_experiment(name, 4);
      torch::manual_seed(0);
      auto method = methods::make_method(e, {1, 2048, 10});
      method->to(device);
      models::to_channels_last(*method);
      for (int step = 0; step < 3; ++step) CHECK(std::isfinite(one_step(*method, device, precision)));
      for (const auto& p : method->named_parameters()) {
        INFO(p.key());
        CHECK(p.value().is_cuda());
        CHECK(p.value().scalar_type() == torch::kFloat32);  // autocast casts copies, never the weights
      }
      for (const auto& b : method->named_buffers()) {
        INFO(b.key());
        CHECK(b.value().is_cuda());
      }
      if (auto moco = std::dynamic_pointer_cast<methods::Moco>(method)) {
        CHECK(moco->queue()->keys().scalar_type() == torch::kFloat32);
        CHECK(moco->queue()->pointer() == 3 * 64 % 1024);
      }
      if (auto bank = std::dynamic_pointer_cast<methods::MemoryBank>(method))
        CHECK(bank->bank()->rows().scalar_type() == torch::kFloat32);
    }
  }
}

TEST_CASE("cuda: with run.deterministic = true, every mechanism killed after an epoch resumes bit for bit", "[cuda]") {
  const std::string gpu = " --set run.device=cuda --set run.deterministic=true";
  for (const auto& name : kMethods) {
    INFO(name);
    TempDir dir;
    REQUIRE(testing::train_status(name, dir / "reference", gpu, dir) == 0);
    const int killed = testing::train_status(name, dir / "resumed", gpu + " --kill-after-steps 12", dir);
    REQUIRE(WIFSIGNALED(killed));
    REQUIRE(testing::train_status(name, dir / "resumed", gpu, dir) == 0);
    const auto a = testing::only_record(dir / "reference"), b = testing::only_record(dir / "resumed");
    testing::check_same_metrics(a, b);
    CHECK(store::get_string(b.attributes, "device", "b") == "cuda:0");
    CHECK(store::get_int(b.attributes, "deterministic", "b") == 1);
    CHECK(store::get_int(b.attributes, "cudnn_benchmark", "b") == 0);
    // The tiny run has model.bn_splits = 4: NCHW, so SplitBatchNorm's reshape is a view (core::choose_memory_order).
    CHECK(store::get_int(b.attributes, "channels_last", "b") == 0);
    CHECK_THAT(store::get_string(b.attributes, "memory_order_rule", "b"), Catch::StartsWith("NCHW: CUDA with 4 BN splits"));
    CHECK(store::get_int(b.attributes, "attempts", "b") == 2);
  }
}

TEST_CASE("cuda: without run.deterministic a run uses cuDNN benchmark and TF32 and says so, and bf16 trains",
          "[cuda]") {
  TempDir dir;
  REQUIRE(testing::train_status("moco", dir / "runs", " --set run.device=cuda --set run.precision=bf16", dir) == 0);
  const auto rec = testing::only_record(dir / "runs");
  CHECK(store::get_int(rec.attributes, "deterministic", "rec") == 0);
  CHECK(store::get_int(rec.attributes, "cudnn_benchmark", "rec") == 1);
  CHECK(store::get_int(rec.attributes, "tf32", "rec") == 1);         // cuDNN's convolutions
  CHECK(store::get_int(rec.attributes, "tf32_matmul", "rec") == 0);  // never the logits, kNN or probe
  CHECK_FALSE(at::globalContext().allowTF32CuBLAS());
  CHECK(store::get_string(rec.attributes, "precision", "rec") == "bf16");
  for (double l : store::column_as_double(rec.steps, "loss")) CHECK(std::isfinite(l));
  CHECK(store::get_double(rec.summary, "peak_memory_bytes", "rec") > 0);
}
