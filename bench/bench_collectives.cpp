// The collectives of a data-parallel step (dist/world.h, dist/replicas.h) and the step they serve,
// on CPU with gloo over loopback. The binary starts itself again as rank 1 (its output discarded)
// and both ranks run the same benchmarks with fixed iteration counts, so every collective has its
// partner; rank 0 reports. CONTRA_BENCH_NPROC=1 runs one process (BM_DataParallelStep only: the
// same global batch on one process with every core, the side-by-side reference).
//
// BM_GradientMean/<backbone>: dist::average_gradients over the query encoder's parameters (small
//   CNN of the CPU default, 0.4 MB; ResNet-18 CIFAR stem, 44.7 MB), in 25 MiB buckets.
// BM_AllGather/<what>: the key images (B/W×C×H×W per rank: what ShuffleBN gathers for a caller
//   without the global views, as BM_DataParallelStep below; a training step has them) and the keys.
// BM_ScalarAllReduce: the step's few scalars, the latency floor of one collective.
// BM_DataParallelStep/moco/small_cnn/256: the CPU default's MoCo step at global batch 256 (B/W per
//   rank, model.bn_splits/W splits), with the gradient mean, ShuffleBN across ranks, the global
//   enqueue and the BN statistics mean; counters collective_seconds_per_step and collective_share.
//   The threads are split between the ranks (every core / W each), as `contra train --nproc` does.
#include <benchmark/benchmark.h>
#include <torch/torch.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include "contra/augment/two_view.h"
#include "contra/config/load.h"
#include "contra/core/seed.h"
#include "contra/core/threads.h"
#include "contra/dist/batch_shard.h"
#include "contra/dist/collective_clock.h"
#include "contra/dist/replicas.h"
#include "contra/dist/world.h"
#include "contra/methods/registry.h"
#include "contra/sweep/children.h"
#include "contra/sweep/rank_launcher.h"

namespace {

using namespace contra;

std::shared_ptr<dist::World> g_world = dist::single_process();

config::Experiment experiment(const std::string& backbone, std::int64_t batch, std::int64_t splits) {
  std::vector<std::string> settings;
  settings.push_back("model.backbone=\"" + backbone + "\"");
  settings.push_back("optim.batch=" + std::to_string(batch));
  settings.push_back("model.bn_splits=" + std::to_string(splits));
  std::vector<config::Override> set;
  for (const auto& kv : settings) set.push_back(config::parse_set(kv, "bench"));
  return methods::load_experiment(CONTRA_SOURCE_DIR "/experiments/moco-fashion-mnist.toml", set);
}

void gradient_mean(benchmark::State& state, const std::string& backbone) {
  const auto e = experiment(backbone, 256, 8);
  torch::manual_seed(0);
  auto method = methods::make_method(e, {backbone == "resnet18" ? 3 : 1, 60000});
  auto params = method->trainable_parameters();
  double bytes = 0;
  for (auto& p : params) {
    p.mutable_grad() = torch::randn_like(p);
    bytes += static_cast<double>(p.numel() * p.element_size());
  }
  g_world->barrier();
  for (auto _ : state) dist::average_gradients(params, *g_world);
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes) * state.iterations());
  state.counters["megabytes"] = bytes / 1e6;
}

void all_gather(benchmark::State& state, std::vector<std::int64_t> shape) {
  const auto x = torch::randn(shape);
  g_world->barrier();
  for (auto _ : state) benchmark::DoNotOptimize(g_world->all_gather(x));
  state.SetBytesProcessed(x.numel() * 4 * g_world->size() * state.iterations());
}

void scalar_all_reduce(benchmark::State& state) {
  std::vector<torch::Tensor> t{torch::zeros({4}, torch::kFloat64)};
  g_world->barrier();
  for (auto _ : state) g_world->all_reduce_sum(t);
}

void data_parallel_step(benchmark::State& state) {
  const std::int64_t global = 256, w = g_world->size();
  const auto e = experiment("small_cnn", global, 8);
  torch::manual_seed(0);
  auto per_rank = e;
  per_rank.optim.batch = global / w;
  per_rank.model.bn_splits = e.model.bn_splits / w;
  auto method = methods::make_method(per_rank, {1, 60000});
  method->set_world(g_world);
  dist::broadcast_module(*method, *g_world);
  const augment::TwoViewAugment aug(e.augment, {0.286}, {0.353});
  torch::optim::SGD opt(
      method->trainable_parameters(),
      torch::optim::SGDOptions(e.optim.lr).momentum(e.optim.sgd_momentum).weight_decay(e.optim.weight_decay));
  auto gen = core::make_generator(0, 1 + static_cast<std::uint64_t>(g_world->rank()));
  const auto images = torch::randint(0, 256, {global / w, 1, 28, 28}, gen, torch::kUInt8);
  const auto index = torch::randperm(60000, gen, torch::kInt64).slice(0, 0, global / w);
  g_world->barrier();
  const double collectives_before = dist::collective_seconds();
  const auto start = std::chrono::steady_clock::now();
  for (auto _ : state) {
    auto out = method->forward_step({aug.view(images, gen), aug.view(images, gen), index, {}});
    opt.zero_grad();
    out.loss.backward();
    dist::average_gradients(method->trainable_parameters(), *g_world);
    opt.step();
    method->after_optimizer_step();
    dist::average_bn_statistics(*method, *g_world);
    benchmark::DoNotOptimize(out.loss.item<float>());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double collectives = dist::collective_seconds() - collectives_before;
  const auto steps = static_cast<double>(state.iterations());
  state.counters["images_per_s"] = benchmark::Counter(steps * static_cast<double>(global), benchmark::Counter::kIsRate);
  state.counters["collective_seconds_per_step"] = collectives / steps;
  state.counters["collective_share"] = collectives / seconds;
  state.counters["ranks"] = static_cast<double>(w);
  state.counters["threads_per_rank"] = torch::get_num_threads();
}

template <class F>
void add(const std::string& name, int iterations, F&& f) {
  benchmark::RegisterBenchmark(name.c_str(), std::forward<F>(f))
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime()
      ->Iterations(iterations);  // fixed: both ranks must run the same collectives
}

}  // namespace

int main(int argc, char** argv) {
  const char* nproc_env = std::getenv("CONTRA_BENCH_NPROC");
  const int nproc = nproc_env != nullptr ? std::atoi(nproc_env) : 2;
  if (nproc != 1 && nproc != 2) {
    std::cerr << "bench_collectives: CONTRA_BENCH_NPROC=" << nproc_env << ": 1 or 2\n";
    return 2;
  }
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  core::set_threads(std::max(1, cores / nproc));
  if (nproc == 2) {
    if (!dist::has_gloo()) {
      std::cerr << "bench_collectives: this build has no gloo process group (install libgloo-dev and rebuild)\n";
      return 2;
    }
    if (std::getenv("RANK") == nullptr) {  // rank 0: start rank 1, this binary with the same arguments
      const std::string port =
          std::getenv("MASTER_PORT") != nullptr ? std::getenv("MASTER_PORT") : std::to_string(sweep::free_port());
      std::vector<std::string> args{"/proc/self/exe"};
      for (int i = 1; i < argc; ++i)  // rank 1 writes no JSON of its own over rank 0's
        if (std::string(argv[i]).rfind("--benchmark_out", 0) != 0) args.emplace_back(argv[i]);
      setenv("WORLD_SIZE", "2", 1);
      setenv("MASTER_ADDR", "127.0.0.1", 1);
      setenv("MASTER_PORT", port.c_str(), 1);
      (void)sweep::spawn(args, "/dev/null", {"RANK=1"});
      setenv("RANK", "0", 1);
    }
    auto r = dist::rendezvous_from_environment();
    r.timeout = std::chrono::seconds(60);
    g_world = dist::World::join(r);
    add("BM_GradientMean/small_cnn", 50, [](benchmark::State& s) { gradient_mean(s, "small_cnn"); });
    add("BM_GradientMean/resnet18", 5, [](benchmark::State& s) { gradient_mean(s, "resnet18"); });
    add("BM_AllGather/key_images/fashion_mnist/128", 50, [](benchmark::State& s) { all_gather(s, {128, 1, 28, 28}); });
    add("BM_AllGather/key_images/cifar10/256", 20, [](benchmark::State& s) { all_gather(s, {256, 3, 32, 32}); });
    add("BM_AllGather/keys/128x128", 50, [](benchmark::State& s) { all_gather(s, {128, 128}); });
    add("BM_ScalarAllReduce", 500, scalar_all_reduce);
  }
  add("BM_DataParallelStep/moco/small_cnn/256", 20, data_parallel_step);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  g_world->barrier();
  return 0;
}
