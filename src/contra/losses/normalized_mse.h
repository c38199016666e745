// BYOL's regression loss (Grill et al., Bootstrap Your Own Latent, NeurIPS 2020, arXiv:2006.07733,
// §3.1 Eq. 2): the mean squared error between ℓ2-normalised predictions and targets. No negatives.
#pragma once

#include <torch/types.h>

namespace contra::losses {

/// p: N×D predictions, z: N×D targets (the caller detaches them) -> the mean over the N rows of
/// ‖p/‖p‖ − z/‖z‖‖² = 2 − 2·cos(p_n, z_n), a 0-d float32 tensor in [0, 4]; 2 when the directions are
/// unrelated, 0 when they agree. Computed in float32 with autocast off, whatever the inputs' dtype
/// (a rounded cosine near 1 would swamp a loss near 0). Throws ContraError when the shapes differ or
/// are not N×D.
torch::Tensor normalized_mse(const torch::Tensor& p, const torch::Tensor& z);

/// The loss at chance: 2 (unrelated directions, cos = 0).
inline constexpr double kNormalizedMseChance = 2.0;

}  // namespace contra::losses
