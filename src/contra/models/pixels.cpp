#include "contra/models/pixels.h"

#include <torch/torch.h>

#include "contra/core/error.h"

namespace contra::models {

Pixels::Pixels(std::int64_t channels, std::int64_t height, std::int64_t width)
    : channels_(channels), height_(height), width_(width) {
  CONTRA_CHECK(channels >= 1 && height >= 1 && width >= 1, "raw pixels: images of {}×{}×{} have no pixels", channels,
               height, width);
}

torch::Tensor Pixels::forward(const torch::Tensor& x) {
  CONTRA_CHECK(x.dim() == 4 && x.size(1) == channels_ && x.size(2) == height_ && x.size(3) == width_,
               "raw pixels: expected N×{}×{}×{} images, got {}", channels_, height_, width_, x.sizes());
  return x.contiguous().flatten(1);  // N×(C·H·W)
}

}  // namespace contra::models
