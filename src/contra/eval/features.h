// Frozen features of an encoder for evaluation: the kNN monitor, the linear probe and
// alignment/uniformity all read the encoder in eval mode, without gradients and without changing it.
#pragma once

#include <torch/types.h>

#include <functional>
#include <vector>

#include "contra/dist/world.h"
#include "contra/models/encoder.h"

namespace contra::eval {

/// The encoder's frozen outputs for `images` (uint8 N×C×H×W on the encoder's device), `batch`
/// images at a time: with `embed` false the backbone features N×F, not normalised; with `embed`
/// true the L2-normalised embeddings N×dim (backbone, head). `preprocess` turns a uint8 batch into
/// the encoder's float input (and may augment it). The encoder runs in eval mode without gradients
/// and is put back into its previous mode, also when preprocess or the encoder throws. Throws
/// core::ContraError when batch < 1.
///
/// With `world` of W ranks (every rank calls it, with the same images and encoder weights) the
/// ranks share the encoder's work: every rank preprocesses each batch (so an augmenting preprocess
/// draws from its stream as one process does), runs the encoder on its rows of it
/// (dist/row_share.h), and one all_gather per batch gives every rank the whole N×F. The values are
/// one process's, up to the rounding of a smaller forward batch. Throws core::ContraError as
/// World's collectives do.
torch::Tensor frozen_outputs(models::Encoder encoder, const torch::Tensor& images,
                             const std::function<torch::Tensor(const torch::Tensor&)>& preprocess, std::int64_t batch,
                             bool embed = false, const dist::World& world = dist::World());

/// Copies of every parameter and buffer of a module: what a frozen evaluation checks against after.
std::vector<torch::Tensor> snapshot(const torch::nn::Module& module);

/// Whether the module's parameters and buffers equal the snapshot, value for value (NaN where the
/// snapshot had NaN counts as unchanged: a diverged run's weights).
bool unchanged_since(const torch::nn::Module& module, const std::vector<torch::Tensor>& before);

}  // namespace contra::eval
