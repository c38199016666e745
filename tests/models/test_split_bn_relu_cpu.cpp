// The fused split BN + ReLU kernel for NHWC CPU activations (models/split_bn_relu_cpu.h) against
// LibTorch's batch_norm and relu on the same values in NCHW, computed in float64: outputs, the
// gradients of x, weight and bias, the running statistics, eval mode, and the backbone whole.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <limits>

#include "contra/core/error.h"
#include "contra/models/backbones.h"
#include "contra/models/channels_last.h"
#include "contra/models/split_batch_norm.h"
#include "contra/models/split_bn_relu_cpu.h"
#include "contra/models/split_chunks.h"

using contra::models::SplitBatchNorm2d;

namespace {

torch::Tensor nhwc(const torch::Tensor& t) { return t.contiguous(at::MemoryFormat::ChannelsLast); }

/// The layer's output and gradients for input x and output weights g (loss Σ g·y).
struct Pass {
  torch::Tensor y, dx, dweight, dbias, running_mean, running_var;
};

Pass run(SplitBatchNorm2d& bn, const torch::Tensor& x, const torch::Tensor& g) {
  auto input = x.detach().clone(x.is_contiguous() ? at::MemoryFormat::Contiguous : at::MemoryFormat::ChannelsLast)
                   .requires_grad_(true);
  for (auto& p : bn->parameters()) p.mutable_grad() = torch::Tensor();
  const auto y = bn->forward(input);
  (y.to(torch::kFloat64) * g).sum().backward();
  const auto params = bn->parameters();
  const auto buffers = bn->buffers();
  return {y.detach(), input.grad(), params[0].grad(), params[1].grad(), buffers[0].clone(), buffers[1].clone()};
}

/// BN layers with the same random affine parameters, one in float64 (the reference).
std::pair<SplitBatchNorm2d, SplitBatchNorm2d> twin_layers(std::int64_t c, std::int64_t splits, bool relu) {
  SplitBatchNorm2d reference(c, splits, relu), fused(c, splits, relu);
  torch::NoGradGuard no_grad;
  const auto w = torch::rand({c}) + 0.5, b = torch::randn({c}) * 0.3;
  for (auto* layer : {&reference, &fused}) {
    (*layer)->parameters()[0].copy_(w);
    (*layer)->parameters()[1].copy_(b);
  }
  reference->to(torch::kFloat64);
  return {reference, fused};
}

void check_near(const torch::Tensor& got, const torch::Tensor& want, double tolerance, const char* what) {
  INFO(what << ": max |difference| " << (got.to(torch::kFloat64) - want).abs().max().item<double>());
  CHECK(torch::allclose(got.to(torch::kFloat64), want, tolerance, tolerance));
}

}  // namespace

TEST_CASE("the fused NHWC split BN + ReLU equals batch_norm and relu in float64", "[models][channels_last]") {
  const auto splits = GENERATE(1, 4);
  const auto relu = GENERATE(true, false);
  INFO(splits << " splits, relu " << relu);
  torch::manual_seed(3);
  const std::int64_t n = 16, c = 24;
  auto [reference, fused] = twin_layers(c, splits, relu);
  const auto x = torch::randn({n, c, 6, 5}) * 1.5 + 0.7;
  const auto g = torch::randn({n, c, 6, 5}, torch::kFloat64);

  const auto want = run(reference, x.to(torch::kFloat64), g);
  const auto got = run(fused, nhwc(x), g);
  CHECK(got.y.is_contiguous(at::MemoryFormat::ChannelsLast));
  CHECK(got.dx.is_contiguous(at::MemoryFormat::ChannelsLast));
  check_near(got.y, want.y, 1e-5, "output");
  check_near(got.dx, want.dx, 1e-5, "grad x");
  check_near(got.dweight, want.dweight, 1e-4, "grad weight");
  check_near(got.dbias, want.dbias, 1e-4, "grad bias");
  check_near(got.running_mean, want.running_mean, 1e-6, "running mean");
  check_near(got.running_var, want.running_var, 1e-6, "running var");

  SECTION("eval mode normalises with the running statistics") {
    reference->eval();
    fused->eval();
    torch::NoGradGuard no_grad;
    check_near(fused->forward(nhwc(x)), reference->forward(x.to(torch::kFloat64)), 1e-5, "eval output");
  }
}

TEST_CASE("the fused kernel in bfloat16 agrees with float64 to bfloat16's rounding", "[models][channels_last]") {
  torch::manual_seed(4);
  const std::int64_t n = 32, c = 24, splits = 8;  // 24: a block of 16 channels and 8 one by one
  auto [reference, fused] = twin_layers(c, splits, true);
  const auto x = (torch::randn({n, c, 7, 7}) * 2 + 1).to(torch::kBFloat16);
  const auto g = torch::randn({n, c, 7, 7}, torch::kFloat64);
  const auto want = run(reference, x.to(torch::kFloat64), g);
  const auto got = run(fused, nhwc(x), g);
  CHECK(got.y.scalar_type() == torch::kBFloat16);
  CHECK(got.dx.scalar_type() == torch::kBFloat16);
  check_near(got.y, want.y, 2e-2, "output");  // one rounding to 8 bits of mantissa
  check_near(got.dx, want.dx, 3e-2, "grad x");
  check_near(got.dweight, want.dweight, 1e-1, "grad weight");  // sums of 196 rounded gradients each
  check_near(got.running_mean, want.running_mean, 1e-6, "running mean");

  SECTION("its output is the float32 kernel's on the same values, rounded to nearest even") {
    SplitBatchNorm2d fused32(c, splits, true);
    torch::NoGradGuard no_grad;
    for (std::size_t i = 0; i < 2; ++i) fused32->parameters()[i].copy_(fused->parameters()[i]);
    const auto y32 = fused32->forward(nhwc(x.to(torch::kFloat32)));
    CHECK(torch::equal(got.y, y32.to(torch::kBFloat16)));
  }
}

TEST_CASE("the fused kernel's variance holds for a large mean and a small spread", "[models][channels_last]") {
  // Σx² − (Σx)²/n in float32 loses every digit here; the per-image shift keeps them.
  torch::manual_seed(5);
  const auto x = torch::randn({8, 16, 9, 9}) * 0.01 + 1000;
  const auto out = contra::models::split_bn_relu_cpu_train(nhwc(x), torch::ones({16}), torch::zeros({16}), 2, 0, false);
  const auto x64 = x.to(torch::kFloat64);
  const auto var = torch::stack({x64.slice(0, 0, 8, 2).var({0, 2, 3}), x64.slice(0, 1, 8, 2).var({0, 2, 3})});
  check_near(out.var, var, 1e-5, "unbiased variance");
  CHECK(out.y.to(torch::kFloat64).std().item<double>() == Approx(1.0).epsilon(0.05));

  SECTION("and so does its gradient (no ReLU: where a float32 output rounds to the other side of 0, the mask differs)") {
    torch::manual_seed(6);
    auto [reference, fused] = twin_layers(16, 2, false);
    const auto g = torch::randn({8, 16, 9, 9}, torch::kFloat64);
    const auto want = run(reference, x64, g);
    const auto got = run(fused, nhwc(x), g);
    check_near(got.dx, want.dx, 1e-3 * want.dx.abs().max().item<double>(), "grad x");
  }
}

TEST_CASE("the fused kernel refuses what it cannot normalise", "[models][channels_last]") {
  const auto w = torch::ones({3}), b = torch::zeros({3});
  using contra::core::ContraError;
  CHECK_THROWS_AS(contra::models::split_bn_relu_cpu_train(torch::randn({4, 3, 2, 2}), w, b, 1, 1e-5, true),
                  ContraError);  // NCHW
  CHECK_THROWS_AS(contra::models::split_bn_relu_cpu_train(nhwc(torch::randn({4, 3, 2, 2})), w, b, 3, 1e-5, true),
                  ContraError);  // 3 groups of 4 images
  CHECK_THROWS_AS(contra::models::split_bn_relu_cpu_train(nhwc(torch::randn({4, 3, 1, 1})), w, b, 4, 1e-5, true),
                  ContraError);  // one value per group
}

TEST_CASE("the small CNN in NHWC gives the NCHW outputs and gradients, whole and in chunks",
          "[models][channels_last]") {
  const std::int64_t splits = 8, n = 32;
  const auto chunks = GENERATE(1, 4);
  INFO(chunks << " chunks");
  torch::manual_seed(6);
  contra::models::SmallCnn nchw(1, 4, splits);
  torch::manual_seed(6);
  contra::models::SmallCnn channels_last(1, 4, splits);
  contra::models::to_channels_last(channels_last);
  const auto x = torch::randn({n, 1, 28, 28});
  const auto weights = torch::randn({n, 16});
  const auto y_nchw = nchw.forward(x);
  (y_nchw * weights).sum().backward();
  const auto y_nhwc = contra::models::forward_in_split_chunks(
      channels_last, [&](const torch::Tensor& part) { return channels_last.forward(nhwc(part)); }, x, chunks);
  (y_nhwc * weights).sum().backward();
  CHECK(torch::allclose(y_nhwc, y_nchw, 1e-4, 1e-4));
  const auto a = nchw.parameters(), b = channels_last.parameters();
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    INFO("parameter " << i);
    CHECK(torch::allclose(b[i].grad(), a[i].grad(), 1e-3, 1e-3));
  }
  const auto ba = nchw.buffers(), bb = channels_last.buffers();
  for (std::size_t i = 0; i < ba.size(); ++i) CHECK(torch::allclose(bb[i], ba[i], 1e-5, 1e-5));
}

TEST_CASE("a NaN in the fused kernel's input comes out as NaN, as LibTorch's BN and ReLU give it",
          "[models][channels_last]") {
  // Not as zeros: a diverged run must reach a non-finite loss (train/failure.h).
  auto x = torch::randn({4, 16, 3, 3});
  x[1][2][0][0] = std::numeric_limits<float>::quiet_NaN();
  for (const auto dtype : {torch::kFloat32, torch::kBFloat16}) {
    const auto out = contra::models::split_bn_relu_cpu_train(nhwc(x.to(dtype)), torch::ones({16}), torch::zeros({16}), 2,
                                                             1e-5, true);
    CHECK(out.y.select(1, 2).isnan().any().item<bool>());
    CHECK_FALSE(out.y.select(1, 3).isnan().any().item<bool>());  // another channel is untouched
  }
}
