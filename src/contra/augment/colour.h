// Colour operations on batches of RGB images in [0, 1], as tensor ops (no per-image loop), with the
// definitions torchvision's functional transforms use, which the papers' official code calls
// (MoCo v1/v2 and SimCLR: ColorJitter, RandomGrayscale).
#pragma once

#include <torch/types.h>

namespace contra::augment {

/// Luma of RGB images, ITU-R BT.601 weights 0.299 R + 0.587 G + 0.114 B (torchvision's
/// rgb_to_grayscale): float N×3×H×W -> N×1×H×W. Throws core::ContraError unless C = 3.
torch::Tensor luma(const torch::Tensor& rgb);

/// Saturation: blend each image with its luma, factor·x + (1 - factor)·luma(x), clamped to [0, 1]
/// (torchvision adjust_saturation). rgb: float N×3×H×W; factor: float N (on rgb's device), 0 gives
/// grayscale in three equal channels and 1 the identity.
torch::Tensor adjust_saturation(const torch::Tensor& rgb, const torch::Tensor& factor);

/// Hue: rotate each image's hue by shift (a fraction of the colour circle, in [-0.5, 0.5]) in HSV,
/// keeping saturation and value (torchvision adjust_hue: RGB -> HSV, h + shift mod 1, HSV -> RGB).
/// rgb: float N×3×H×W in [0, 1]; shift: float N. A shift of 1/3 takes pure red (1, 0, 0) to pure
/// green (0, 1, 0); grey pixels (S = 0) do not change.
torch::Tensor adjust_hue(const torch::Tensor& rgb, const torch::Tensor& shift);

}  // namespace contra::augment
