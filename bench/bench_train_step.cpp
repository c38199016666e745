// One MoCo training step (augment, query forward/backward, key forward, InfoNCE against the
// queue, SGD, momentum update, enqueue) at batch 256, for the small CNN at two widths.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "contra/augment/two_view.h"
#include "contra/config/experiment.h"
#include "contra/core/memory.h"
#include "contra/core/seed.h"
#include "contra/core/threads.h"
#include "contra/methods/registry.h"

static void BM_MocoStep(benchmark::State& state) {
  contra::core::keep_freed_memory();
  contra::core::set_threads(0);  // every core, as `contra train` does
  contra::config::Experiment e;
  e.model.width = state.range(0);
  e.model.bn_splits = 8;
  e.method.queue = 4096;
  torch::manual_seed(0);
  auto method = contra::methods::make_method(e, {1, 256});
  const contra::augment::TwoViewAugment aug(e.augment, {0.286}, {0.353});
  torch::optim::SGD opt(method->trainable_parameters(), torch::optim::SGDOptions(0.03).momentum(0.9).weight_decay(1e-4));
  auto gen = contra::core::make_generator(0, 1);
  const auto images = torch::randint(0, 256, {256, 1, 28, 28}, gen, torch::kUInt8);
  const auto index = torch::arange(256);
  for (auto _ : state) {
    auto [q, k] = aug.two_views(images, gen);
    auto out = method->forward_step(q, k, index);
    opt.zero_grad();
    out.loss.backward();
    opt.step();
    method->after_optimizer_step();
    benchmark::DoNotOptimize(out.loss.item<float>());
  }
  state.SetItemsProcessed(state.iterations() * 256);
  state.counters["threads"] = torch::get_num_threads();
}
BENCHMARK(BM_MocoStep)->Arg(16)->Arg(32)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
