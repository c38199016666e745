#include "contra/augment/colour.h"

#include <torch/torch.h>

#include "contra/core/error.h"

namespace contra::augment {

namespace {

void require_rgb(const torch::Tensor& x, const char* what) {
  CONTRA_CHECK(x.dim() == 4 && x.size(1) == 3, "augment: {} needs N x 3 x H x W images, got {}", what,
               fmt::format("{}", x.sizes()));
}

/// Per-image factor N -> N×1×1×1 in x's dtype.
torch::Tensor per_image(const torch::Tensor& v, const torch::Tensor& x) {
  return v.to(x.scalar_type()).view({-1, 1, 1, 1});
}

}  // namespace

torch::Tensor luma(const torch::Tensor& rgb) {
  require_rgb(rgb, "luma");
  return (0.299 * rgb.select(1, 0) + 0.587 * rgb.select(1, 1) + 0.114 * rgb.select(1, 2)).unsqueeze(1);
}

torch::Tensor adjust_saturation(const torch::Tensor& rgb, const torch::Tensor& factor) {
  const auto grey = luma(rgb);
  const auto f = per_image(factor, rgb);
  return (f * rgb + (1 - f) * grey).clamp(0.0, 1.0);
}

torch::Tensor adjust_hue(const torch::Tensor& rgb, const torch::Tensor& shift) {
  require_rgb(rgb, "hue");
  const auto r = rgb.select(1, 0), g = rgb.select(1, 1), b = rgb.select(1, 2);  // N×H×W each
  const auto value = std::get<0>(rgb.max(1));
  const auto delta = value - std::get<0>(rgb.min(1));
  const auto saturation = delta / torch::where(value == 0, torch::ones_like(value), value);
  // Hue in [0, 1): which channel is the largest decides the sector (RGB -> HSV, Smith 1978).
  const auto d = torch::where(delta == 0, torch::ones_like(delta), delta);
  const auto rc = (value - r) / d, gc = (value - g) / d, bc = (value - b) / d;
  const auto is_r = value == r, is_g = (value == g).logical_and(is_r.logical_not());
  const auto is_b = is_r.logical_or(is_g).logical_not();
  auto hue = is_r.to(rgb.scalar_type()) * (bc - gc) + is_g.to(rgb.scalar_type()) * (2.0 + rc - bc) +
             is_b.to(rgb.scalar_type()) * (4.0 + gc - rc);
  hue = torch::remainder(hue / 6.0 + shift.to(rgb.scalar_type()).view({-1, 1, 1}), 1.0);
  // HSV -> RGB: sector i = floor(6h), position f in it.
  const auto h6 = hue * 6.0;
  const auto sector = torch::remainder(h6.floor(), 6.0).to(torch::kLong).unsqueeze(1);  // N×1×H×W
  const auto f = h6 - h6.floor();
  const auto p = value * (1 - saturation), q = value * (1 - saturation * f), t = value * (1 - saturation * (1 - f));
  // Each output channel picks, per sector 0..5, one of v, q, p, t.
  const auto pick = [&](const std::vector<torch::Tensor>& by_sector) {
    return torch::stack(by_sector, 1).gather(1, sector);
  };
  const auto red = pick({value, q, p, p, t, value});
  const auto green = pick({t, value, value, q, p, p});
  const auto blue = pick({p, p, t, value, value, q});
  return torch::cat({red, green, blue}, 1).clamp(0.0, 1.0);
}

}  // namespace contra::augment
