// How each mechanism's peak memory grows with its number of negatives: MoCo and the memory bank
// against K, end-to-end and SimCLR against the batch. Each point runs in a fresh child process
// (this binary re-executed with --child), which trains three steps and reports its peak resident
// set (VmHWM), so points do not share an allocator high-water mark. Counters: peak_MiB (the whole
// process) and step_MiB (peak minus the resident set before the first step).
#include <benchmark/benchmark.h>
#include <spawn.h>
#include <sys/wait.h>
#include <torch/torch.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

#include "contra/augment/two_view.h"
#include "contra/config/experiment.h"
#include "contra/core/memory.h"
#include "contra/core/seed.h"
#include "contra/core/threads.h"
#include "contra/methods/registry.h"

extern char** environ;

namespace {

std::int64_t current_rss_bytes() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6)) * 1024;
  return 0;
}

/// The child: three training steps of `method` with K negatives (queue or bank) or batch B.
int child(const std::string& method, std::int64_t k, std::int64_t batch, const std::string& out) {
  contra::core::keep_freed_memory();
  contra::core::set_threads(1);
  auto e = contra::methods::parse_experiment("", "bench_memory_growth",
                                             {{"method.name", contra::config::Value(method), "bench_memory_growth"}});
  if (e.method.find("queue") != nullptr) e.method.set("queue", k);
  if (e.method.find("negatives") != nullptr) e.method.set("negatives", k);
  e.optim.batch = batch;
  e.model.width = 16;
  e.model.bn_splits = method == "simclr" ? 1 : 8;
  e.model.head = method == "simclr" ? contra::config::Head::mlp : contra::config::Head::linear;
  torch::manual_seed(0);
  auto m = contra::methods::make_method(e, {1, 20000});
  const contra::augment::TwoViewAugment aug(e.augment, {0.286}, {0.353});
  torch::optim::SGD opt(m->trainable_parameters(), torch::optim::SGDOptions(0.03).momentum(0.9));
  auto gen = contra::core::make_generator(0, 1);
  const auto images = torch::randint(0, 256, {batch, 1, 28, 28}, gen, torch::kUInt8);
  const auto index = torch::arange(batch);
  const std::int64_t before = current_rss_bytes();
  for (int step = 0; step < 3; ++step) {
    const auto q = aug.view(images, gen);
    const auto kv = m->views() == 2 ? aug.view(images, gen) : torch::Tensor();
    auto o = m->forward_step({q, kv, index, {}});
    opt.zero_grad();
    o.loss.backward();
    opt.step();
    m->after_optimizer_step();
  }
  std::ofstream(out) << contra::core::peak_rss_bytes() << " " << before << "\n";
  return 0;
}

void BM_PeakMemory(benchmark::State& state, const std::string& method, bool batch_axis) {
  const std::int64_t size = state.range(0);
  const std::int64_t k = batch_axis ? 4096 : size, batch = batch_axis ? size : 256;
  const auto out = std::filesystem::temp_directory_path() / ("contra-bench-mem-" + std::to_string(getpid()));
  const std::string exe = std::filesystem::read_symlink("/proc/self/exe").string();
  double peak = 0, base = 0;
  for (auto _ : state) {
    std::vector<std::string> args = {exe, "--child", method, std::to_string(k), std::to_string(batch), out.string()};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(), environ) != 0) {
      state.SkipWithError("cannot start the child");
      return;
    }
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      state.SkipWithError("the child run failed");
      return;
    }
    std::ifstream in(out);
    if (!(in >> peak >> base)) {
      state.SkipWithError("the child wrote no peak memory");
      return;
    }
  }
  std::filesystem::remove(out);
  state.counters["peak_MiB"] = peak / (1024.0 * 1024.0);
  state.counters["step_MiB"] = (peak - base) / (1024.0 * 1024.0);
  state.counters["negatives"] = static_cast<double>(method == "end_to_end" ? batch - 1
                                                    : method == "simclr"   ? 2 * batch - 2
                                                                           : k);
}

}  // namespace

/// One size per point, each measured once in a fresh child process.
void sizes(benchmark::internal::Benchmark* b, std::int64_t first) {
  for (std::int64_t n = first; n <= first * (first < 1024 ? 8 : 64); n *= first < 1024 ? 2 : 4) b->Arg(n);
  b->Iterations(1)->Unit(benchmark::kMillisecond);
}

BENCHMARK_CAPTURE(BM_PeakMemory, moco_K, std::string("moco"), false)->Apply([](benchmark::internal::Benchmark* b) {
  sizes(b, 1024);
});
BENCHMARK_CAPTURE(BM_PeakMemory, memory_bank_K, std::string("memory_bank"), false)
    ->Apply([](benchmark::internal::Benchmark* b) { sizes(b, 1024); });
BENCHMARK_CAPTURE(BM_PeakMemory, end_to_end_batch, std::string("end_to_end"), true)
    ->Apply([](benchmark::internal::Benchmark* b) { sizes(b, 128); });
BENCHMARK_CAPTURE(BM_PeakMemory, simclr_batch, std::string("simclr"), true)
    ->Apply([](benchmark::internal::Benchmark* b) { sizes(b, 128); });

int main(int argc, char** argv) {
  if (argc == 6 && std::strcmp(argv[1], "--child") == 0)
    return child(argv[2], std::stoll(argv[3]), std::stoll(argv[4]), argv[5]);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
