// SplitBatchNorm: batch normalisation whose training statistics are computed over `splits`
// sub-batches, simulating the per-GPU BN of multi-GPU training on one device (MoCo v1 §3.3
// "Shuffling BN", arXiv:1911.05722; the MoCo CIFAR demo's SplitBatchNorm). splits = 1 is plain BN.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

namespace contra::models {

class SplitBatchNorm2dImpl : public torch::nn::Module {
 public:
  /// `channels` > 0, `splits` >= 1; momentum and eps as in torch.nn.BatchNorm2d.
  SplitBatchNorm2dImpl(std::int64_t channels, std::int64_t splits, double momentum = 0.1, double eps = 1e-5);

  /// x: N×C×H×W -> N×C×H×W. In training, image n belongs to split n mod s, where s is the largest
  /// divisor of N that is at most `splits`; running statistics are the mean over the splits.
  torch::Tensor forward(const torch::Tensor& x);

  std::int64_t splits() const { return splits_; }

 private:
  std::int64_t channels_;
  std::int64_t splits_;
  double momentum_;
  double eps_;
  torch::Tensor weight_, bias_, running_mean_, running_var_;
};
TORCH_MODULE(SplitBatchNorm2d);

}  // namespace contra::models
