// The key encoder's momentum update θk ← m·θk + (1−m)·θq (MoCo v1 Eq. 2) over a ResNet-18 encoder
// (CIFAR stem, linear head; 11.2 M parameters in 62 tensors): a loop of two in-place operations per
// parameter, as the official MoCo code writes it, against one multi-tensor call per operation for
// the whole list (torch::_foreach_mul_/_foreach_add_), and contra's momentum_update, which uses
// the multi-tensor form on CUDA and the loop on CPU.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include <vector>

#include "contra/config/experiment.h"
#include "contra/core/memory.h"
#include "contra/core/threads.h"
#include "contra/methods/momentum.h"
#include "contra/models/encoder.h"

namespace {

struct Pair {
  contra::models::Encoder query{nullptr}, key{nullptr};
  Pair() {
    contra::core::keep_freed_memory();  // as every contra command
    contra::core::set_threads(0);
    torch::manual_seed(0);
    contra::config::ModelOptions model;
    model.backbone = "resnet18";
    query = contra::models::Encoder(model, 3);
    key = contra::models::Encoder(model, 3);
  }
  double parameters() const {
    double count = 0;
    for (const auto& p : query->parameters()) count += static_cast<double>(p.numel());
    return count;
  }
};

constexpr double kM = 0.999;
using Update = void (*)(const std::vector<torch::Tensor>& q, std::vector<torch::Tensor>& k, Pair& pair);

/// Times `update` over the pair's parameters; bytes: read θq and θk, write θk.
void momentum_benchmark(benchmark::State& state, Update update) {
  Pair p;
  const auto q = p.query->parameters();
  auto k = p.key->parameters();
  for (auto _ : state) {
    torch::NoGradGuard no_grad;
    update(q, k, p);
    benchmark::ClobberMemory();
  }
  state.counters["tensors"] = static_cast<double>(q.size());
  state.counters["parameters"] = p.parameters();
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(3 * 4 * p.parameters()));
}

void BM_MomentumLoop(benchmark::State& state) {
  momentum_benchmark(state, [](const std::vector<torch::Tensor>& q, std::vector<torch::Tensor>& k, Pair&) {
    for (std::size_t i = 0; i < q.size(); ++i) k[i].mul_(kM).add_(q[i], 1.0 - kM);
  });
}
BENCHMARK(BM_MomentumLoop)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_MomentumFused(benchmark::State& state) {
  momentum_benchmark(state, [](const std::vector<torch::Tensor>& q, std::vector<torch::Tensor>& k, Pair&) {
    torch::_foreach_mul_(k, kM);
    torch::_foreach_add_(k, q, 1.0 - kM);
  });
}
BENCHMARK(BM_MomentumFused)->Unit(benchmark::kMicrosecond)->UseRealTime();

void BM_MomentumUpdate(benchmark::State& state) {
  momentum_benchmark(state, [](const std::vector<torch::Tensor>&, std::vector<torch::Tensor>&, Pair& p) {
    contra::methods::momentum_update(*p.query, *p.key, kM);
  });
}
BENCHMARK(BM_MomentumUpdate)->Unit(benchmark::kMicrosecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
