// Split batch normalisation followed by ReLU, fused, for NHWC (channels_last) activations on the
// CPU. LibTorch's batch_norm takes one group of statistics per channel, so SplitBatchNorm's
// (N/s)×(s·C)×H×W reshape is no view of an NHWC tensor and costs a copy per layer; and BN, ReLU
// and their backwards each read and write the activation. This kernel normalises over the s
// groups in place of that reshape (image n in group n mod s, as SplitBatchNorm2d) and reads the
// activation twice forward (mean, then centred variance and the output) and twice backward
// (the two sums, then the gradient): the profile behind it is in bench/README.md (issue 39).
//
// Sources: batch normalisation, Ioffe & Szegedy 2015 (arXiv:1502.03167) Algorithm 1 and §3 for
// the gradient; the split ("shuffling") BN of MoCo v1 §3.3 (arXiv:1911.05722).
#pragma once

#include <torch/types.h>

namespace contra::models {

/// Whether the fused kernel takes `x`: a CPU tensor of 4 dimensions in channels_last memory order,
/// float32 or bfloat16, with at least one image per group.
bool split_bn_relu_cpu_takes(const torch::Tensor& x);

/// What one training forward of the fused kernel gives back.
struct SplitBnReluOut {
  torch::Tensor y;         ///< N×C×H×W, x's dtype, channels_last: relu(BN(x)) (no ReLU when relu = false)
  torch::Tensor mean;      ///< s×C float32: each group's batch mean (no gradient)
  torch::Tensor var;       ///< s×C float32: each group's unbiased batch variance, for the running statistics
};

/// Training forward, differentiable in x, weight and bias (autograd records it when any of them
/// requires a gradient). x: N×C×H×W channels_last, float32 or bfloat16 (split_bn_relu_cpu_takes);
/// weight, bias: C float32; `groups` s divides N. The statistics are computed in double from
/// float32 values, the output rounded once to x's dtype. Throws core::ContraError when x is not
/// taken, s does not divide N, or a group holds a single value (no variance).
SplitBnReluOut split_bn_relu_cpu_train(const torch::Tensor& x, const torch::Tensor& weight, const torch::Tensor& bias,
                                       std::int64_t groups, double eps, bool relu);

/// Inference forward from running statistics (mean, var: C float32), no gradient:
/// relu(weight · (x − mean)/sqrt(var + eps) + bias). x as for split_bn_relu_cpu_train.
torch::Tensor split_bn_relu_cpu_eval(const torch::Tensor& x, const torch::Tensor& weight, const torch::Tensor& bias,
                                     const torch::Tensor& mean, const torch::Tensor& var, double eps, bool relu);

}  // namespace contra::models
