// NHWC ("channels_last") memory order for convolutional weights: on a GPU, cuDNN's fastest
// convolution kernels and the tensor cores take NHWC (PyTorch's channels_last tutorial). The
// shapes do not change, only the strides: every 4-D parameter and buffer keeps its N×C×H×W sizes.
#pragma once

#include <torch/nn/module.h>

namespace contra::models {

/// Puts every 4-D parameter and buffer of `module` (and its submodules) into channels_last memory
/// order in place (the same tensors, so an optimiser built on them still holds them). Values are
/// unchanged; other tensors are left alone.
void to_channels_last(torch::nn::Module& module);

}  // namespace contra::models
