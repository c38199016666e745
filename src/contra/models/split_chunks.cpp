#include "contra/models/split_chunks.h"

#include <torch/torch.h>

#include <fmt/format.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "contra/core/error.h"
#include "contra/models/split_batch_norm.h"

namespace contra::models {

namespace {

std::atomic<std::int64_t> chunk_budget{-1};  // set_split_chunk_budget; -1: the default
std::atomic<std::int64_t> passes{0};         // chunked_passes

/// Puts every SplitBatchNorm2d of a network in chunked mode for its lifetime; the statistics are
/// committed only by commit(), so an exception leaves the running statistics untouched.
class ChunkedPass {
 public:
  ChunkedPass(torch::nn::Module& net, std::int64_t chunks) {
    if (auto* bn = dynamic_cast<SplitBatchNorm2dImpl*>(&net)) norms_.push_back(bn);
    for (const auto& m : net.modules(/*include_self=*/false)) {  // the net itself may live on the stack
      if (auto* bn = dynamic_cast<SplitBatchNorm2dImpl*>(m.get())) norms_.push_back(bn);
    }
    try {
      for (const auto& bn : norms_) bn->begin_chunks(chunks);
    } catch (...) {
      end(false);
      throw;
    }
  }
  ~ChunkedPass() { end(false); }
  ChunkedPass(const ChunkedPass&) = delete;
  ChunkedPass& operator=(const ChunkedPass&) = delete;

  /// All layers or none: every layer is checked before any running statistic changes.
  void commit() {
    for (const auto* bn : norms_)
      CONTRA_CHECK(bn->chunks_complete(), "a chunked pass did not reach every SplitBatchNorm once per chunk");
    end(true);
  }

 private:
  void end(bool commit) {
    for (const auto& bn : norms_) bn->end_chunks(commit);
    norms_.clear();
  }
  std::vector<SplitBatchNorm2dImpl*> norms_;  // owned by the net
};

}  // namespace

torch::Tensor forward_in_split_chunks(torch::nn::Module& net,
                                      const std::function<torch::Tensor(const torch::Tensor&)>& f,
                                      const torch::Tensor& x, std::int64_t chunks) {
  if (chunks == 1) return f(x);
  const auto n = x.size(0);
  CONTRA_CHECK(chunks >= 1 && n % chunks == 0, "a batch of {} images cannot go in {} equal chunks", n, chunks);
  ChunkedPass pass(net, chunks);
  std::vector<torch::Tensor> outputs;
  outputs.reserve(static_cast<std::size_t>(chunks));
  for (std::int64_t j = 0; j < chunks; ++j) outputs.push_back(f(x.slice(0, j, n, chunks)));  // (N/chunks)×…
  pass.commit();
  ++passes;
  // (N/chunks)×chunks×… -> N×…: row i·chunks + j is image i of chunk j, image n = j + chunks·i of x.
  auto out = torch::stack(outputs, 1);
  auto shape = outputs.front().sizes().vec();
  shape[0] = n;
  return out.reshape(shape);
}

std::int64_t chunked_passes() { return passes; }

std::int64_t split_chunks_for(std::int64_t n, std::int64_t splits, std::int64_t activation_bytes_per_image,
                              std::int64_t cache_bytes, bool on_cpu) {
  if (!on_cpu || splits <= 1 || n % splits != 0) return 1;
  for (std::int64_t c = 1; c < splits; ++c) {
    if (splits % c == 0 && (n / c) * activation_bytes_per_image <= cache_bytes) return c;
  }
  return splits;
}

void set_split_chunk_budget(std::int64_t bytes) {
  CONTRA_CHECK(bytes >= 0, "split chunk budget = {} bytes is out of range: it must be >= 0", bytes);
  chunk_budget = bytes;
}

std::int64_t split_chunk_budget() {
  const std::int64_t bytes = chunk_budget;
  if (bytes >= 0) return bytes;
  static const std::int64_t half_cache = last_level_cache_bytes() / 2;
  return half_cache;
}

std::int64_t last_level_cache_bytes() {
  // The kernel's cache description: sysconf's CPUID answer can be the whole package's (384 MiB
  // on a 2-core slice of an AMD EPYC whose own L3 is 32 MiB).
  std::int64_t best_level = 0, best_bytes = 0;
  for (int index = 0; index < 8; ++index) {
    // A path, not a chain of std::string operator+: GCC 12 warns on that chain (-Warray-bounds, a
    // false positive) once inlined in the LibTorch 2.x unity build, and CI builds with -Werror.
    const std::filesystem::path dir = fmt::format("/sys/devices/system/cpu/cpu0/cache/index{}", index);
    std::ifstream level_file(dir / "level"), type_file(dir / "type"), size_file(dir / "size");
    std::int64_t level = 0, size = 0;
    std::string type, unit;
    if (!(level_file >> level) || !(type_file >> type) || !(size_file >> size) || type == "Instruction") continue;
    size_file >> unit;  // "32768K"
    const std::int64_t bytes = size * (unit == "M" ? (1LL << 20) : unit == "K" ? 1024 : 1);
    if (level > best_level) {
      best_level = level;
      best_bytes = bytes;
    }
  }
  constexpr std::int64_t kFallback = 32LL << 20;
  return best_bytes > 0 ? best_bytes : kFallback;
}

}  // namespace contra::models
