// One whole training step, as `contra train` runs it (augment the batch, forward, loss, backward,
// SGD, the mechanism's after-step update), per mechanism and backbone, reported as images/s and as
// counted training FLOPs/s (Method::train_flops_per_step). The settings are the CPU default's
// (experiments/moco-fashion-mnist.toml; SimCLR: experiments/simclr-fashion-mnist.toml), with the
// method, backbone and batch changed per case. Also: MoCo at batch 512 and 1024 (no cliff), and
// BM_ModelStep, the MoCo step on two fixed views without augmentation, which is the step
// bench/reference_moco_step.py writes in PyTorch (scripts/bench.sh times the two side by side).
// BM_StepBlasAllCores: the CPU default step with the BLAS library's own thread pool left at every
// core (LibTorch's default), against BM_Step's one BLAS thread (core/threads.h).
// BM_StepWholeBatch: MoCo at batch 512 and 1024 with every batch through the backbone whole, against
// BM_Step's chunks of whole BN splits (models/split_chunks.h).
// Counter augment_seconds_per_step: the augmentation's part of the step, timed inside the step.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include <chrono>
#include <string>

#include "contra/augment/two_view.h"
#include "contra/config/load.h"
#include "contra/core/memory.h"
#include "contra/core/seed.h"
#include "contra/core/threads.h"
#include "contra/methods/registry.h"
#include "contra/models/split_chunks.h"

namespace {

constexpr std::int64_t kTrainImages = 60000;  // Fashion-MNIST's training set: memory bank rows

struct StepCase {
  std::string method, backbone;
  std::int64_t batch;
  bool augment;                 // false: fixed views, no augmentation (BM_ModelStep)
  bool blas_all_cores = false;  // true: the BLAS pool left at every core, as LibTorch leaves it
  bool whole_batch = false;     // true: no split chunks, every batch through the backbone whole
};

contra::config::Experiment experiment_for(const StepCase& c) {
  const std::string dir = CONTRA_SOURCE_DIR "/experiments/";
  const std::string file = dir + (c.method == "simclr" ? "simclr-fashion-mnist.toml" : "moco-fashion-mnist.toml");
  std::vector<contra::config::Override> set;
  for (const auto& kv : {"method.name=\"" + c.method + "\"", "model.backbone=\"" + c.backbone + "\"",
                         "optim.batch=" + std::to_string(c.batch)})
    set.push_back(contra::config::parse_set(kv, "bench"));
  return contra::methods::load_experiment(file, set);
}

void step_benchmark(benchmark::State& state, const StepCase& c) {
  contra::core::keep_freed_memory();
  contra::core::set_threads(0);  // every core for the intra-op pool, one BLAS thread: as `contra train`
  if (c.blas_all_cores) contra::core::set_blas_threads(torch::get_num_threads());
  const std::int64_t chunk_budget = contra::models::split_chunk_budget();
  if (c.whole_batch) contra::models::set_split_chunk_budget(0);
  const auto e = experiment_for(c);
  torch::manual_seed(0);
  auto method = contra::methods::make_method(e, {1, kTrainImages});
  const contra::augment::TwoViewAugment aug(e.augment, {0.286}, {0.353});
  torch::optim::SGD opt(
      method->trainable_parameters(),
      torch::optim::SGDOptions(e.optim.lr).momentum(e.optim.sgd_momentum).weight_decay(e.optim.weight_decay));
  auto gen = contra::core::make_generator(0, 1);
  const auto images = torch::randint(0, 256, {c.batch, 1, 28, 28}, gen, torch::kUInt8);
  const auto index = torch::randperm(kTrainImages, gen, torch::kInt64).slice(0, 0, c.batch);
  const bool two = method->views() == 2;
  const auto fixed_q = aug.view(images, gen), fixed_k = aug.view(images, gen);
  double augment_seconds = 0;
  for (auto _ : state) {
    torch::Tensor q = fixed_q, k = two ? fixed_k : torch::Tensor();
    if (c.augment) {
      const auto start = std::chrono::steady_clock::now();
      q = aug.view(images, gen);
      if (two) k = aug.view(images, gen);
      augment_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    auto out = method->forward_step({q, k, index, {}});
    opt.zero_grad();
    out.loss.backward();
    opt.step();
    method->after_optimizer_step();
    benchmark::DoNotOptimize(out.loss.item<float>());
  }
  const auto flops = static_cast<double>(method->train_flops_per_step(c.batch, 28, 28));
  const auto steps = static_cast<double>(state.iterations());
  state.counters["images_per_s"] =
      benchmark::Counter(steps * static_cast<double>(c.batch), benchmark::Counter::kIsRate);
  state.counters["train_flops_per_s"] = benchmark::Counter(steps * flops, benchmark::Counter::kIsRate);
  state.counters["train_flops_per_step"] = flops;
  state.counters["augment_seconds_per_step"] = augment_seconds / steps;
  state.counters["batch"] = static_cast<double>(c.batch);
  state.counters["threads"] = torch::get_num_threads();
  contra::models::set_split_chunk_budget(chunk_budget);
}

void add(const std::string& family, const StepCase& c, double min_time) {
  const auto name = family + "/" + c.method + "/" + c.backbone + "/" + std::to_string(c.batch);
  benchmark::RegisterBenchmark(name.c_str(), step_benchmark, c)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->MinTime(min_time);
}

}  // namespace

int main(int argc, char** argv) {
  for (const char* m : {"moco", "memory_bank", "end_to_end", "simclr"}) {
    add("BM_Step", {m, "small_cnn", 256, true}, 2.0);
    add("BM_Step", {m, "resnet18", 128, true}, 0.5);
  }
  for (std::int64_t batch : {512, 1024}) add("BM_Step", {"moco", "small_cnn", batch, true}, 3.0);
  for (std::int64_t batch : {512, 1024}) add("BM_StepWholeBatch", {"moco", "small_cnn", batch, true, false, true}, 3.0);
  add("BM_ModelStep", {"moco", "small_cnn", 256, false}, 2.0);
  add("BM_StepBlasAllCores", {"moco", "small_cnn", 256, true, true}, 2.0);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
