// Frozen features of an encoder for evaluation: the kNN monitor, the linear probe and
// alignment/uniformity all read the encoder in eval mode, without gradients and without changing it.
#pragma once

#include <torch/types.h>

#include <functional>
#include <vector>

#include "contra/models/encoder.h"

namespace contra::eval {

/// The encoder's frozen outputs for `images` (uint8 N×C×H×W on the encoder's device), `batch`
/// images at a time: with `embed` false the backbone features N×F, not normalised; with `embed`
/// true the L2-normalised embeddings N×dim (backbone, head). `preprocess` turns a uint8 batch into
/// the encoder's float input (and may augment it). The encoder runs in eval mode without gradients
/// and is put back into its previous mode, also when preprocess or the encoder throws. Throws
/// core::ContraError when batch < 1.
torch::Tensor frozen_outputs(models::Encoder encoder, const torch::Tensor& images,
                             const std::function<torch::Tensor(const torch::Tensor&)>& preprocess, std::int64_t batch,
                             bool embed = false);

/// Copies of every parameter and buffer of a module: what a frozen evaluation checks against after.
std::vector<torch::Tensor> snapshot(const torch::nn::Module& module);

/// Whether the module's parameters and buffers equal the snapshot, value for value (NaN where the
/// snapshot had NaN counts as unchanged: a diverged run's weights).
bool unchanged_since(const torch::nn::Module& module, const std::vector<torch::Tensor>& before);

}  // namespace contra::eval
