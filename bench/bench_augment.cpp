// Batched two-view augmentation of a batch of 256 Fashion-MNIST-sized images (uint8 1×28×28).
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include "contra/augment/recipes.h"
#include "contra/augment/two_view.h"
#include "contra/config/load.h"
#include "contra/core/memory.h"
#include "contra/core/seed.h"
#include "contra/core/threads.h"

static void BM_TwoViews(benchmark::State& state) {
  contra::core::keep_freed_memory();                                // as every contra command
  contra::core::set_threads(0);                                     // as `contra train`
  const auto recipe = state.range(0) == 0 ? "moco_v1" : "moco_v2";  // moco_v2 adds Gaussian blur
  const contra::augment::TwoViewAugment aug(contra::augment::augment_recipe(recipe), {0.286}, {0.353});
  auto gen = contra::core::make_generator(0, 1);
  const auto images = torch::randint(0, 256, {256, 1, 28, 28}, gen, torch::kUInt8);
  for (auto _ : state) {
    auto views = aug.two_views(images, gen);
    benchmark::DoNotOptimize(views.first.data_ptr<float>());
  }
  state.SetItemsProcessed(state.iterations() * 256);
  state.SetLabel(recipe);
}
BENCHMARK(BM_TwoViews)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
