// Chunked forward passes over SplitBatchNorm splits. With model.bn_splits = s, BN statistics in
// training are per split (image n in split n mod s), so a network whose only cross-image layers are
// SplitBatchNorm gives the same outputs, gradients and running statistics whether the batch goes
// through it whole or in chunks of whole splits: exactly in exact arithmetic, and in float32 to
// about 1e-5, because the convolutions' summation order changes with the batch size. The chunk
// count depends on the machine's cache, so results can differ in the last bits between machines
// (as BLAS kernels make them differ anyway); a resumed run keeps the budget it started with.
// On a CPU, chunks whose activations fit the last
// level cache run faster per image than one large batch, whose activations stream from memory at
// every layer (bench/README.md, "batch 1024").
#pragma once

#include <torch/nn/module.h>
#include <torch/types.h>

#include <functional>

namespace contra::models {

/// f applied to x (N×…) in `chunks` pieces, chunk j holding the images n with n mod chunks == j;
/// returns f's N×… output in x's order. Every SplitBatchNorm2d inside `net` is put in chunked mode
/// for the pass (SplitBatchNorm2dImpl::begin_chunks), so each chunk is normalised over its own
/// splits and the running statistics are updated once, as for the whole batch. chunks = 1 is f(x).
/// Throws core::ContraError when chunks does not divide N, or does not divide some SplitBatchNorm's
/// splits; on any exception the running statistics are left as they were.
torch::Tensor forward_in_split_chunks(torch::nn::Module& net,
                                      const std::function<torch::Tensor(const torch::Tensor&)>& f,
                                      const torch::Tensor& x, std::int64_t chunks);

/// How many passes forward_in_split_chunks has run in more than one chunk in this process: lets a
/// test see that the chunked path was taken.
std::int64_t chunked_passes();

/// How many chunks a training batch of n images with `splits` BN splits goes through the backbone
/// in: the fewest chunks that divide `splits` and n and keep one chunk's largest activation, of
/// `activation_bytes_per_image` bytes per image, within `cache_bytes`. 1 (the whole batch) on a GPU,
/// with splits = 1, or when n is not a multiple of splits.
std::int64_t split_chunks_for(std::int64_t n, std::int64_t splits, std::int64_t activation_bytes_per_image,
                              std::int64_t cache_bytes, bool on_cpu);

/// The bytes one chunk's largest activation may take in Encoder's training forward: by default
/// half the last level cache (on the 2-core test machine, 32 MiB L3, batch 1024 of the CPU default
/// then goes in 4 chunks and batch 256 whole: bench/README.md, "batch 1024"). 0 turns chunking
/// off: every batch goes whole, as the benchmark that times the two side by side needs; a tiny
/// budget gives as many chunks as there are splits, as the tests need. Process-wide; each read and
/// write is atomic, but a budget is meant to be held by one trainer per process at a time.
/// Throws core::ContraError on a negative value.
void set_split_chunk_budget(std::int64_t bytes);
std::int64_t split_chunk_budget();

/// Sets the budget for its lifetime and gives the previous one back: a resumed run keeps the
/// budget it started with (recorded as the attribute split_chunk_budget_bytes), so it continues bit
/// for bit on a node whose cache differs.
class SplitChunkBudgetScope {
 public:
  explicit SplitChunkBudgetScope(std::int64_t bytes) : previous_(split_chunk_budget()) {
    set_split_chunk_budget(bytes);
  }
  ~SplitChunkBudgetScope() { set_split_chunk_budget(previous_); }
  SplitChunkBudgetScope(const SplitChunkBudgetScope&) = delete;
  SplitChunkBudgetScope& operator=(const SplitChunkBudgetScope&) = delete;

 private:
  std::int64_t previous_;
};

/// The last level cache of this machine's CPU in bytes, as /sys/devices/system/cpu/cpu0/cache
/// gives it, or 32 MiB when the system does not say.
std::int64_t last_level_cache_bytes();

}  // namespace contra::models
