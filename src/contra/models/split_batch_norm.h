// SplitBatchNorm: batch normalisation whose training statistics are computed over `splits`
// sub-batches, simulating the per-GPU BN of multi-GPU training on one device (MoCo v1 §3.3
// "Shuffling BN", arXiv:1911.05722; the MoCo CIFAR demo's SplitBatchNorm). splits = 1 is plain BN.
// With relu = true the layer is BN followed by ReLU. An NHWC (channels_last) CPU input takes the
// fused kernel of models/split_bn_relu_cpu.h, which keeps NHWC and reads the activation fewer
// times; every other input takes LibTorch's batch_norm (and relu) on the (N/s)×(s·C)×H×W view.
#pragma once

#include <torch/nn/module.h>
#include <torch/nn/pimpl.h>
#include <torch/types.h>

#include <vector>

namespace contra::models {

class SplitBatchNorm2dImpl : public torch::nn::Module {
 public:
  /// `channels` > 0, `splits` >= 1; `relu`: a ReLU after the normalisation; momentum and eps as
  /// in torch.nn.BatchNorm2d.
  SplitBatchNorm2dImpl(std::int64_t channels, std::int64_t splits, bool relu = false, double momentum = 0.1,
                       double eps = 1e-5);

  /// x: N×C×H×W -> N×C×H×W, in x's memory order. In training, image n belongs to split n mod s, where s is the largest
  /// divisor of N that is at most `splits`; running statistics are the mean over the splits.
  torch::Tensor forward(const torch::Tensor& x);

  std::int64_t splits() const { return splits_; }
  bool relu() const { return relu_; }

  /// Chunked passes (models/split_chunks.h): between begin_chunks(c) and end_chunks(), each
  /// training forward gets one of c chunks of a batch of N = k·splits() images, chunk j holding the
  /// images n with n mod c == j, which are whole splits (c divides splits()). Each chunk is
  /// normalised over its own splits; the running statistics are updated once, in end_chunks, to the
  /// mean over all splits, as one forward of the whole batch would. Throws core::ContraError when c
  /// is not a divisor of splits() or a chunk does not hold whole splits.
  void begin_chunks(std::int64_t chunks);
  /// Ends the chunked pass; commit = false drops the statistics it gathered (a pass that threw).
  /// Throws core::ContraError on commit when the pass saw fewer or more chunks than it began with.
  void end_chunks(bool commit);
  /// Whether the chunked pass saw as many chunks as it began with (or none: the layer was unused),
  /// so end_chunks(true) will not throw.
  bool chunks_complete() const;

 private:
  /// y after the layer's ReLU (y itself without one), on LibTorch's path.
  torch::Tensor activated(const torch::Tensor& y) const;
  /// x normalised over s splits (image n in split n mod s), then the ReLU when relu(); mean_split
  /// and var_split (s·C) come back as the running statistics each split would leave.
  torch::Tensor split_forward(const torch::Tensor& x, std::int64_t s, torch::Tensor& mean_split,
                              torch::Tensor& var_split);

  std::int64_t channels_;
  std::int64_t splits_;
  bool relu_;
  double momentum_;
  double eps_;
  torch::Tensor weight_, bias_, running_mean_, running_var_;
  std::int64_t chunks_ = 0;                              // 0: not in a chunked pass
  std::vector<torch::Tensor> chunk_means_, chunk_vars_;  // per chunk: (splits/chunks)×C
};
TORCH_MODULE(SplitBatchNorm2d);

}  // namespace contra::models
