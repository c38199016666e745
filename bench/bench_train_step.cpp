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
#include <torch/csrc/autograd/profiler_legacy.h>
#include <torch/torch.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "contra/augment/two_view.h"
#include "contra/config/load.h"
#include "contra/core/memory.h"
#include "contra/core/precision.h"
#include "contra/core/seed.h"
#include "contra/core/threads.h"
#include "contra/methods/registry.h"
#include "contra/models/channels_last.h"
#include "contra/models/split_chunks.h"

namespace {

constexpr std::int64_t kTrainImages = 60000;  // Fashion-MNIST's training set: memory bank rows

struct StepCase {
  std::string method, backbone;
  std::int64_t batch;
  bool augment;                 // false: fixed views, no augmentation (BM_ModelStep)
  bool blas_all_cores = false;  // true: the BLAS pool left at every core, as LibTorch leaves it
  bool whole_batch = false;     // true: no split chunks, every batch through the backbone whole
  contra::core::Precision precision = contra::core::Precision::fp32;  // the forward and loss under autocast
  bool channels_last = false;   // true: weights and views in NHWC memory order (models/channels_last.h)
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

/// One case's method, optimiser and batch, set up as `contra train` sets them up; step() is one
/// training step (augment when the case does, forward and loss under the case's autocast,
/// backward, SGD, the mechanism's after-step update).
class StepRig {
 public:
  explicit StepRig(const StepCase& c)
      : c_(c),
        chunk_budget_(contra::models::split_chunk_budget()),
        e_((prepare(c), experiment_for(c))),
        method_((torch::manual_seed(0), contra::methods::make_method(e_, {1, kTrainImages}))),
        aug_(e_.augment, {0.286}, {0.353}),
        opt_(method_->trainable_parameters(), torch::optim::SGDOptions(e_.optim.lr)
                                                   .momentum(e_.optim.sgd_momentum)
                                                   .weight_decay(e_.optim.weight_decay)),
        gen_(contra::core::make_generator(0, 1)) {
    if (c.channels_last) contra::models::to_channels_last(*method_);
    images_ = torch::randint(0, 256, {c.batch, 1, 28, 28}, gen_, torch::kUInt8);
    index_ = torch::randperm(kTrainImages, gen_, torch::kInt64).slice(0, 0, c.batch);
    fixed_q_ = order(aug_.view(images_, gen_));
    fixed_k_ = order(aug_.view(images_, gen_));
  }
  ~StepRig() { contra::models::set_split_chunk_budget(chunk_budget_); }
  StepRig(const StepRig&) = delete;
  StepRig& operator=(const StepRig&) = delete;

  float step() {
    const bool two = method_->views() == 2;
    torch::Tensor q = fixed_q_, k = two ? fixed_k_ : torch::Tensor();
    if (c_.augment) {
      const auto start = std::chrono::steady_clock::now();
      q = order(aug_.view(images_, gen_));
      if (two) k = order(aug_.view(images_, gen_));
      augment_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    contra::methods::StepOutput out;
    {
      const contra::core::AutocastScope autocast(torch::kCPU, c_.precision);
      out = method_->forward_step({q, k, index_, {}});
    }
    opt_.zero_grad();
    out.loss.backward();
    opt_.step();
    method_->after_optimizer_step();
    return out.loss.item<float>();
  }

  double flops_per_step() const { return static_cast<double>(method_->train_flops_per_step(c_.batch, 28, 28)); }
  double augment_seconds = 0;  ///< the augmentation's part of the steps so far

 private:
  static void prepare(const StepCase& c) {
    contra::core::keep_freed_memory();
    contra::core::set_threads(0);  // every core for the intra-op pool, one BLAS thread: as `contra train`
    if (c.blas_all_cores) contra::core::set_blas_threads(torch::get_num_threads());
    if (c.whole_batch) contra::models::set_split_chunk_budget(0);
  }
  torch::Tensor order(const torch::Tensor& v) const {
    return c_.channels_last ? contra::models::nhwc(v) : v;
  }

  StepCase c_;
  std::int64_t chunk_budget_;
  contra::config::Experiment e_;
  std::shared_ptr<contra::methods::Method> method_;
  contra::augment::TwoViewAugment aug_;
  torch::optim::SGD opt_;
  torch::Generator gen_;
  torch::Tensor images_, index_, fixed_q_, fixed_k_;
};

void step_benchmark(benchmark::State& state, const StepCase& c) {
  StepRig rig(c);
  for (auto _ : state) benchmark::DoNotOptimize(rig.step());
  const double flops = rig.flops_per_step();
  const double augment_seconds = rig.augment_seconds;
  const auto steps = static_cast<double>(state.iterations());
  state.counters["images_per_s"] =
      benchmark::Counter(steps * static_cast<double>(c.batch), benchmark::Counter::kIsRate);
  state.counters["train_flops_per_s"] = benchmark::Counter(steps * flops, benchmark::Counter::kIsRate);
  state.counters["train_flops_per_step"] = flops;
  state.counters["augment_seconds_per_step"] = augment_seconds / steps;
  state.counters["batch"] = static_cast<double>(c.batch);
  state.counters["threads"] = torch::get_num_threads();
}

/// BENCH_STEP_ITERATIONS=n: every case runs exactly n steps instead of for a minimum time, so that
/// a whole process does a fixed amount of work and two can be timed side by side from outside
/// (farm-bench A B A B); 0 or unset: the minimum times below.
std::int64_t fixed_iterations() {
  const char* v = std::getenv("BENCH_STEP_ITERATIONS");
  if (v == nullptr || *v == '\0') return 0;
  char* end = nullptr;
  errno = 0;
  const long long n = std::strtoll(v, &end, 10);
  if (*v < '0' || *v > '9' || *end != '\0' || errno == ERANGE || n > 1000000) {
    std::fprintf(stderr, "bench_train_step: BENCH_STEP_ITERATIONS = '%s' must be a whole number from 0 to 1000000\n", v);
    std::exit(2);
  }
  return n;
}

void add(const std::string& family, const StepCase& c, double min_time) {
  const auto name = family + "/" + c.method + "/" + c.backbone + "/" + std::to_string(c.batch);
  auto* b = benchmark::RegisterBenchmark(name.c_str(), step_benchmark, c)->Unit(benchmark::kMillisecond)->UseRealTime();
  if (const auto n = fixed_iterations(); n > 0)
    b->Iterations(n);
  else
    b->MinTime(min_time);
}

}  // namespace

/// `--profile_trace=<dir>`: LibTorch's profiler over 5 steps (after 3 unrecorded ones) of each
/// BM_ModelStep variant, one Chrome trace per variant (<dir>/<variant>.json; scripts/profile_table.py
/// sums it by operator), instead of the benchmarks.
int profile(const std::string& dir) {
  using contra::core::Precision;
  const std::vector<std::pair<std::string, StepCase>> cases = {
      {"fp32", {"moco", "small_cnn", 256, false}},
      {"bf16", {"moco", "small_cnn", 256, false, false, false, Precision::bf16}},
      {"fp32-channels-last", {"moco", "small_cnn", 256, false, false, false, Precision::fp32, true}},
      {"bf16-channels-last", {"moco", "small_cnn", 256, false, false, false, Precision::bf16, true}}};
  for (const auto& [name, c] : cases) {
    StepRig rig(c);
    for (int i = 0; i < 3; ++i) rig.step();
    const std::string path = dir + "/" + name + ".json";
    {
      torch::autograd::profiler::RecordProfile trace(path);
      for (int i = 0; i < 5; ++i) rig.step();
    }
    std::printf("%s: 5 steps -> %s\n", name.c_str(), path.c_str());
  }
  return 0;
}

int main(int argc, char** argv) {
  const std::string flag = "--profile_trace=";
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]).rfind(flag, 0) == 0) return profile(std::string(argv[i]).substr(flag.size()));
  for (const char* m : {"moco", "memory_bank", "end_to_end", "simclr"}) {
    add("BM_Step", {m, "small_cnn", 256, true}, 2.0);
    add("BM_Step", {m, "resnet18", 128, true}, 0.5);
  }
  for (std::int64_t batch : {512, 1024}) add("BM_Step", {"moco", "small_cnn", batch, true}, 3.0);
  for (std::int64_t batch : {512, 1024}) add("BM_StepWholeBatch", {"moco", "small_cnn", batch, true, false, true}, 3.0);
  add("BM_ModelStep", {"moco", "small_cnn", 256, false}, 2.0);
  // The same step in bf16 (CPU autocast) and in NHWC, each alone and together (issue 39's profile).
  using contra::core::Precision;
  add("BM_ModelStepBf16", {"moco", "small_cnn", 256, false, false, false, Precision::bf16}, 2.0);
  add("BM_ModelStepChannelsLast", {"moco", "small_cnn", 256, false, false, false, Precision::fp32, true}, 2.0);
  add("BM_ModelStepBf16ChannelsLast", {"moco", "small_cnn", 256, false, false, false, Precision::bf16, true}, 2.0);
  add("BM_StepBlasAllCores", {"moco", "small_cnn", 256, true, true}, 2.0);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
