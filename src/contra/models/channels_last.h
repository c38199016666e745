// NHWC ("channels_last") memory order for convolutional weights: on a GPU, cuDNN's fastest
// convolution kernels and the tensor cores take NHWC (PyTorch's channels_last tutorial). The
// shapes do not change, only the strides: every 4-D parameter and buffer keeps its N×C×H×W sizes.
#pragma once

#include <torch/nn/module.h>

namespace contra::models {

/// t (N×C×H×W) in NHWC memory order, with NHWC's strides also when C = 1 (where NCHW's strides
/// describe the same memory, and a convolution would take them for NCHW and answer NCHW). Other
/// tensors come back as they are.
torch::Tensor nhwc(const torch::Tensor& t);

/// Puts every 4-D parameter and buffer of `module` (and its submodules) into channels_last memory
/// order in place (the same tensors, so an optimiser built on them still holds them). Values are
/// unchanged; other tensors are left alone.
void to_channels_last(torch::nn::Module& module);

}  // namespace contra::models
