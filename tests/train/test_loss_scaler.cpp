// fp16's dynamic loss scaler (train/loss_scaler.h; Micikevicius et al. 2018 §3.2, PyTorch's
// GradScaler) on the CPU: the scaled backward, the unscaled gradients, a step skipped and the scale
// halved when a gradient is inf or NaN, the scale doubled after growth_interval finite steps, and
// its state through a checkpoint's save and load. LibTorch 1.13 has the scaler's two kernels for
// CUDA only: there each case exits with 77, which ctest reports as Skipped, with the reason.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <iostream>
#include <limits>
#include <sstream>

#include "contra/core/precision.h"
#include "contra/train/loss_scaler.h"

using contra::train::LossScaler;
using contra::train::LossScalerOptions;

namespace {

/// Exits with 77 (ctest: Skipped) where this LibTorch has no CPU kernels for the loss scaler.
void skip_without_cpu_kernels() {
  if (const auto why = contra::core::precision_unsupported(contra::core::Precision::fp16, torch::kCPU)) {
    std::cout << "SKIPPED: " << *why << '\n';
    std::exit(77);
  }
}

/// p: 4 parameters, the loss Σ p·x with x = (1, 2, 3, 4): its gradient is x.
struct Toy {
  torch::Tensor p = torch::zeros({4}).set_requires_grad(true);
  torch::Tensor x = torch::tensor({1.0f, 2.0f, 3.0f, 4.0f});
  torch::optim::SGD opt{std::vector<torch::Tensor>{p}, torch::optim::SGDOptions(1.0)};
  torch::Tensor loss() const { return (p * x).sum(); }
};

LossScalerOptions options(double init, std::int64_t interval) {
  LossScalerOptions o;
  o.init_scale = init;
  o.growth_interval = interval;
  return o;
}

}  // namespace

TEST_CASE("loss scaler: backward on loss·S, gradients unscaled in place, then the step", "[train][precision]") {
  skip_without_cpu_kernels();
  Toy t;
  LossScaler scaler(torch::kCPU, options(1024, 2000));
  t.opt.zero_grad();
  const auto scaled = scaler.scale(t.loss());
  CHECK(scaled.item<double>() == 0.0);
  scaled.backward();
  CHECK(torch::equal(t.p.grad(), 1024 * t.x));  // the gradient of loss·S
  CHECK(scaler.step(t.opt));
  CHECK(torch::equal(t.p.grad(), t.x));     // unscaled in place
  CHECK(torch::equal(t.p.detach(), -t.x));  // SGD at lr 1 took the true gradient
  CHECK(scaler.current_scale() == 1024.0);  // one finite step of 2000: unchanged
  CHECK(scaler.skipped_steps() == 0);
}

TEST_CASE("loss scaler: an inf or NaN gradient skips the step and halves the scale", "[train][precision]") {
  skip_without_cpu_kernels();
  for (const float bad : {std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()}) {
    INFO("bad gradient " << bad);
    Toy t;
    LossScaler scaler(torch::kCPU, options(1024, 2000));
    t.opt.zero_grad();
    scaler.scale(t.loss()).backward();
    torch::NoGradGuard no_grad;
    t.p.mutable_grad()[2] = bad;  // as an fp16 overflow leaves it
    CHECK_FALSE(scaler.step(t.opt));
    CHECK(torch::equal(t.p.detach(), torch::zeros({4})));  // the optimiser did not step
    CHECK(scaler.current_scale() == 512.0);
    CHECK(scaler.skipped_steps() == 1);
  }
}

TEST_CASE("loss scaler: the scale doubles after growth_interval finite steps in a row, counted again after a skip",
          "[train][precision]") {
  skip_without_cpu_kernels();
  Toy t;
  LossScaler scaler(torch::kCPU, options(8, 3));
  const auto finite_step = [&] {
    t.opt.zero_grad();
    scaler.scale(t.loss()).backward();
    return scaler.step(t.opt);
  };
  CHECK(finite_step());
  CHECK(finite_step());
  CHECK(scaler.current_scale() == 8.0);
  CHECK(finite_step());
  CHECK(scaler.current_scale() == 16.0);  // the third finite step in a row
  CHECK(finite_step());
  t.opt.zero_grad();
  scaler.scale(t.loss()).backward();
  {
    torch::NoGradGuard no_grad;
    t.p.mutable_grad()[0] = std::numeric_limits<float>::infinity();
  }
  CHECK_FALSE(scaler.step(t.opt));
  CHECK(scaler.current_scale() == 8.0);  // backed off, and the run of finite steps starts again
  CHECK(finite_step());
  CHECK(finite_step());
  CHECK(scaler.current_scale() == 8.0);
  CHECK(finite_step());
  CHECK(scaler.current_scale() == 16.0);
  CHECK(scaler.skipped_steps() == 1);
}

TEST_CASE("loss scaler: its scale and counters are buffers, so a checkpoint keeps them", "[train][precision]") {
  skip_without_cpu_kernels();
  Toy t;
  LossScaler scaler(torch::kCPU, options(64, 2));
  t.opt.zero_grad();
  scaler.scale(t.loss()).backward();
  {
    torch::NoGradGuard no_grad;
    t.p.mutable_grad()[1] = std::numeric_limits<float>::infinity();
  }
  scaler.step(t.opt);
  t.opt.zero_grad();
  scaler.scale(t.loss()).backward();
  scaler.step(t.opt);  // one finite step: growth tracker 1
  torch::serialize::OutputArchive out;
  scaler.save(out);
  std::ostringstream bytes;
  out.save_to(bytes);
  LossScaler restored(torch::kCPU, options(64, 2));
  torch::serialize::InputArchive in;
  std::istringstream bytes_in(bytes.str());
  in.load_from(bytes_in);
  restored.load(in);
  CHECK(restored.current_scale() == 32.0);
  CHECK(restored.skipped_steps() == 1);
  t.opt.zero_grad();
  restored.scale(t.loss()).backward();
  restored.step(t.opt);
  CHECK(restored.current_scale() == 64.0);  // the restored tracker counted the step before the save
}

TEST_CASE("loss scaler: options out of range are refused", "[train][precision]") {
  LossScalerOptions o;
  o.growth_factor = 1.0;
  CHECK_THROWS_WITH(LossScaler(torch::kCPU, o), Catch::Contains("growth_factor"));
  o = {};
  o.backoff_factor = 1.0;
  CHECK_THROWS_WITH(LossScaler(torch::kCPU, o), Catch::Contains("backoff_factor"));
  o = {};
  o.init_scale = 0;
  CHECK_THROWS_WITH(LossScaler(torch::kCPU, o), Catch::Contains("init_scale"));
  o = {};
  o.growth_interval = 0;
  CHECK_THROWS_WITH(LossScaler(torch::kCPU, o), Catch::Contains("growth_interval"));
}
