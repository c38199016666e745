#include "contra/augment/two_view.h"

#include <torch/torch.h>

#include <cmath>

#include "contra/augment/colour.h"
#include "contra/core/device.h"
#include "contra/core/error.h"

namespace contra::augment {

namespace F = torch::nn::functional;

namespace {

/// Uniform draws in [lo, hi), shape {n}, on CPU.
torch::Tensor uniform(std::int64_t n, double lo, double hi, at::Generator& gen) {
  return torch::empty({n}, torch::kFloat32).uniform_(lo, hi, gen);
}

/// 1 where a Bernoulli(p) draw succeeds, else 0; shape {n}, on CPU.
torch::Tensor coin(std::int64_t n, double p, at::Generator& gen) {
  return (uniform(n, 0.0, 1.0, gen) < p).to(torch::kFloat32);
}

}  // namespace

TwoViewAugment::TwoViewAugment(const config::AugmentOptions& options, std::vector<double> mean, std::vector<double> std,
                               const torch::Device& device)
    : options_(options) {
  CONTRA_CHECK(!mean.empty() && mean.size() == std.size(), "augment: mean and std need one entry per channel");
  for (double s : std) CONTRA_CHECK(s > 0, "augment: std must be > 0, got {}", s);
  mean_ = torch::tensor(mean, torch::kFloat32).to(device).view({1, -1, 1, 1});
  std_ = torch::tensor(std, torch::kFloat32).to(device).view({1, -1, 1, 1});
}

torch::Tensor TwoViewAugment::crop_and_flip(const torch::Tensor& x, at::Generator& gen) const {
  const auto n = x.size(0);
  if (options_.crop_scale_min >= 1.0 && options_.flip_prob <= 0.0) return x;
  const auto area = uniform(n, options_.crop_scale_min, options_.crop_scale_max, gen);
  // Aspect in [3/4, 4/3], narrowed to [area, 1/area] so that the crop fits inside the image
  // with its drawn area (clamping w or h to 1 instead would shrink the area below crop_scale_min).
  const auto log_area = area.log();
  const auto drawn = uniform(n, std::log(3.0 / 4.0), std::log(4.0 / 3.0), gen);
  const auto log_ratio = torch::max(torch::min(drawn, -log_area), log_area);
  const auto ratio = log_ratio.exp();
  // Crop width and height as fractions of the image; the affine map below shows that part.
  const auto w = (area * ratio).sqrt().clamp_max(1.0);
  const auto h = (area / ratio).sqrt().clamp_max(1.0);
  const auto cx = (uniform(n, -1.0, 1.0, gen) * (1 - w));
  const auto cy = (uniform(n, -1.0, 1.0, gen) * (1 - h));
  const auto flip = 1 - 2 * coin(n, options_.flip_prob, gen);
  const auto zero = torch::zeros({n});
  // theta: N×2×3, output (u, v) in [-1, 1]^2 samples input (w·flip·u + cx, h·v + cy).
  const auto theta = torch::stack({torch::stack({w * flip, zero, cx}, 1), torch::stack({zero, h, cy}, 1)}, 1);
  const auto grid = F::affine_grid(core::upload(theta, x.device()), x.sizes().vec(), /*align_corners=*/false);
  return F::grid_sample(
      x, grid, F::GridSampleFuncOptions().mode(torch::kBilinear).padding_mode(torch::kBorder).align_corners(false));
}

torch::Tensor TwoViewAugment::jitter(const torch::Tensor& x, at::Generator& gen) const {
  const auto n = x.size(0);
  const bool colour = x.size(1) == 3;
  const bool any = options_.brightness > 0.0 || options_.contrast > 0.0 ||
                   (colour && (options_.saturation > 0.0 || options_.hue > 0.0));
  if (options_.jitter_prob <= 0.0 || !any) return x;
  const auto apply = coin(n, options_.jitter_prob, gen);
  const auto b = 1 + apply * uniform(n, -options_.brightness, options_.brightness, gen);
  const auto c = 1 + apply * uniform(n, -options_.contrast, options_.contrast, gen);
  auto y = x * core::upload(b, x.device()).to(x.scalar_type()).view({n, 1, 1, 1});
  if (!colour) {  // one channel: the steps and draws of the grayscale recipes, unchanged
    const auto mean = y.mean({1, 2, 3}, /*keepdim=*/true);  // N×1×1×1: the grey level contrast pivots on
    y = (y - mean) * core::upload(c, x.device()).to(x.scalar_type()).view({n, 1, 1, 1}) + mean;
    return y.clamp(0.0, 1.0);
  }
  // Colour, in torchvision ColorJitter's steps (each clamped to [0, 1]) but in a fixed order:
  // brightness, contrast (pivot: the mean luma), saturation, hue.
  y = y.clamp(0.0, 1.0);
  const auto mean = luma(y).mean({1, 2, 3}, /*keepdim=*/true);
  y = ((y - mean) * core::upload(c, x.device()).to(x.scalar_type()).view({n, 1, 1, 1}) + mean).clamp(0.0, 1.0);
  const auto s = 1 + apply * uniform(n, -options_.saturation, options_.saturation, gen);
  const auto h = apply * uniform(n, -options_.hue, options_.hue, gen);
  if (options_.saturation > 0.0) y = adjust_saturation(y, core::upload(s, x.device()));
  if (options_.hue > 0.0) y = adjust_hue(y, core::upload(h, x.device()));
  return y;
}

torch::Tensor TwoViewAugment::grayscale(const torch::Tensor& x, at::Generator& gen) const {
  if (x.size(1) != 3 || options_.grayscale_prob <= 0.0) return x;  // one channel: no draw, as before
  const auto n = x.size(0);
  const auto apply = core::upload(coin(n, options_.grayscale_prob, gen), x.device()).to(torch::kBool);
  return torch::where(apply.view({n, 1, 1, 1}), luma(x).expand_as(x), x);
}

torch::Tensor TwoViewAugment::blur(const torch::Tensor& x, at::Generator& gen) const {
  const auto n = x.size(0), ch = x.size(1), hh = x.size(2), ww = x.size(3);
  if (options_.blur_prob <= 0.0) return x;
  // Kernel side: about 10% of the image (SimCLR App. A), odd, at least 3.
  const std::int64_t k = std::max<std::int64_t>(3, (std::min(hh, ww) / 10) | 1);
  const std::int64_t r = k / 2;
  const auto apply = coin(n, options_.blur_prob, gen);
  const auto sigma = uniform(n, options_.blur_sigma_min, options_.blur_sigma_max, gen);
  const auto t = torch::arange(-r, r + 1, torch::kFloat32);                          // k
  auto kernel = (-(t * t).view({1, k}) / (2 * (sigma * sigma).view({n, 1}))).exp();  // N×k
  kernel = kernel / kernel.sum(1, true);
  const auto identity = (t == 0).to(torch::kFloat32).view({1, k});
  kernel = apply.view({n, 1}) * kernel + (1 - apply.view({n, 1})) * identity;              // no blur: a delta kernel
  kernel = core::upload(kernel.repeat_interleave(ch, 0), x.device()).to(x.scalar_type());  // (N·C)×k
  // Separable blur as a grouped convolution: one group per image and channel.
  auto y = F::pad(x.reshape({1, n * ch, hh, ww}), F::PadFuncOptions({r, r, r, r}).mode(torch::kReflect));
  y = F::conv2d(y, kernel.view({n * ch, 1, k, 1}), F::Conv2dFuncOptions().groups(n * ch));
  y = F::conv2d(y, kernel.view({n * ch, 1, 1, k}), F::Conv2dFuncOptions().groups(n * ch));
  return y.view({n, ch, hh, ww});
}

torch::Tensor TwoViewAugment::standardise(const torch::Tensor& x) const {
  const auto ch = x.size(1), constants = mean_.size(1);
  CONTRA_CHECK(constants == ch || constants == 1, "augment: {} normalisation constants for images with {} channels",
               constants, ch);
  return (x - mean_.to(x.device())) / std_.to(x.device());  // .to: a no-op on the run's device
}

torch::Tensor TwoViewAugment::view(const torch::Tensor& images, at::Generator& gen) const {
  auto x = images.to(torch::kFloat32).div_(255.0);  // N×C×H×W in [0, 1]
  x = crop_and_flip(x, gen);
  x = jitter(x, gen);
  x = grayscale(x, gen);
  x = blur(x, gen);
  return standardise(x);
}

std::pair<torch::Tensor, torch::Tensor> TwoViewAugment::two_views(const torch::Tensor& images,
                                                                  at::Generator& gen) const {
  auto q = view(images, gen);
  auto k = view(images, gen);
  return {std::move(q), std::move(k)};
}

torch::Tensor TwoViewAugment::normalize(const torch::Tensor& images) const {
  return standardise(images.to(torch::kFloat32).div(255.0));
}

}  // namespace contra::augment
