// Batched two-view augmentation (MoCo v1 §A.4, MoCo v2, SimCLR §3 and App. A), grayscale or
// colour, drawn as tensor ops on the images' device: no per-image loop. Random parameters are drawn on CPU from a seeded
// generator and moved to the device without making the host wait (core::upload), so one seed
// gives the same views on every device; the constants live on the run's device from the start.
#pragma once

#include <ATen/core/Generator.h>
#include <torch/types.h>

#include <utility>
#include <vector>

#include "contra/config/experiment.h"

namespace contra::augment {

class TwoViewAugment {
 public:
  /// `mean`/`std`: per-channel normalisation constants (one entry, or one per channel), held as
  /// tensors on `device`, the run's (images on another device get a copy per call).
  /// Throws ContraError when they are empty or a std is not > 0.
  TwoViewAugment(const config::AugmentOptions& options, std::vector<double> mean, std::vector<double> std,
                 const torch::Device& device = torch::kCPU);

  /// One augmented view: uint8 N×C×H×W (any device) -> float32 N×C×H×W on the same device,
  /// normalised. Steps, each with its own per-image parameters: random resized crop (area in
  /// [crop_scale_min, crop_scale_max], aspect in [3/4, 4/3]) with horizontal flip, as one affine
  /// resampling; colour jitter with probability jitter_prob: brightness, contrast and, on 3-channel
  /// images, saturation and hue (augment/colour.h), in that fixed order (torchvision shuffles it);
  /// on 3-channel images, random grayscale (grayscale_prob); Gaussian blur. One-channel images take
  /// no saturation, hue or grayscale step and draw no random numbers for them.
  torch::Tensor view(const torch::Tensor& images, at::Generator& gen) const;

  /// Two independent views of the same images: (query view, key view).
  std::pair<torch::Tensor, torch::Tensor> two_views(const torch::Tensor& images, at::Generator& gen) const;

  /// No augmentation, only conversion and normalisation (evaluation).
  torch::Tensor normalize(const torch::Tensor& images) const;

 private:
  torch::Tensor crop_and_flip(const torch::Tensor& x, at::Generator& gen) const;
  torch::Tensor jitter(const torch::Tensor& x, at::Generator& gen) const;
  torch::Tensor grayscale(const torch::Tensor& x, at::Generator& gen) const;
  torch::Tensor blur(const torch::Tensor& x, at::Generator& gen) const;
  torch::Tensor standardise(const torch::Tensor& x) const;

  config::AugmentOptions options_;
  torch::Tensor mean_;  ///< 1×C×1×1 (or 1×1×1×1) float32 on the run's device
  torch::Tensor std_;   ///< the same shape
};

}  // namespace contra::augment
