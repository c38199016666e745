// Loading STL-10 with its unlabeled split (data/stl10.h): a synthetic file of 100 000 images in the
// official format (2.76 GB; CONTRA_BENCH_STL_IMAGES=n for fewer) is written once to a temporary
// folder, then loaded as a run loads it (data.train_split = "train+unlabeled"), and joined to the
// train split as the trainer does (train/session.cpp). Counters: images, GB (uint8 as held),
// peak_MiB (the process's peak resident set, VmHWM, after the step) and rss_MiB (resident after).
// The time is the wall time of one load (or load and join), one iteration each. The loads run
// without data.verify (the synthetic bytes are not the official ones); BM_Md5Unlabeled times what
// data.verify adds for the unlabeled file, its MD5 (data/checksum.h), with GB_per_s.
#include <benchmark/benchmark.h>
#include <torch/torch.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/core/threads.h"
#include "contra/data/checksum.h"
#include "contra/data/registry.h"

namespace {

namespace fs = std::filesystem;

std::int64_t status_kib(const char* field) {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(field, 0) == 0) return std::stoll(line.substr(std::string(field).size()));
  return 0;
}

std::int64_t images_to_write() {
  const char* n = std::getenv("CONTRA_BENCH_STL_IMAGES");
  return n != nullptr ? std::max<std::int64_t>(1, std::atoll(n)) : 100000;
}

/// `n` images of 27 648 bytes, written in chunks of 1000 (pixel values from the image index).
void write_images(const fs::path& path, std::int64_t n) {
  std::ofstream out(path, std::ios::binary);
  std::vector<char> chunk(1000 * 27648);
  for (std::int64_t i = 0; i < n; i += 1000) {
    const std::int64_t k = std::min<std::int64_t>(1000, n - i);
    for (std::int64_t j = 0; j < k * 27648; ++j) chunk[static_cast<std::size_t>(j)] = static_cast<char>((i + j) % 251);
    out.write(chunk.data(), k * 27648);
  }
}

struct Files {
  fs::path root;
  std::int64_t unlabeled = 0;
  Files() : root(fs::temp_directory_path() / ("contra-bench-stl10-" + std::to_string(::getpid()))) {
    fs::create_directories(root);
    unlabeled = images_to_write();
    write_images(root / "train_X.bin", 5000);
    write_images(root / "test_X.bin", 8000);
    write_images(root / "unlabeled_X.bin", unlabeled);
    for (const auto& [name, count] : {std::pair{"train_y.bin", 5000}, std::pair{"test_y.bin", 8000}}) {
      std::ofstream out(root / name, std::ios::binary);
      for (int i = 0; i < count; ++i) out.put(static_cast<char>(1 + i % 10));
    }
  }
  Files(const Files&) = delete;
  Files& operator=(const Files&) = delete;
  ~Files() { remove(); }
  void remove() {
    if (!root.empty()) fs::remove_all(root);
    root.clear();
  }
};

std::optional<Files>& written() {
  static std::optional<Files> f;
  return f;
}

/// The files, written on first use (a filter that runs neither benchmark writes nothing).
Files& files() {
  if (!written()) written().emplace();
  return *written();
}

contra::config::DataOptions options() {
  auto o = contra::data::dataset_options("stl10", files().root.string(),
                                         {{"train_split", contra::config::Value(std::string("train+unlabeled"))}});
  o.verify = false;  // synthetic bytes: not the official MD5
  return o;
}

void report(benchmark::State& state, std::int64_t images, std::int64_t bytes) {
  state.counters["images"] = static_cast<double>(images);
  state.counters["GB"] = static_cast<double>(bytes) / 1e9;
  state.counters["peak_MiB"] = static_cast<double>(status_kib("VmHWM:")) / 1024.0;
  state.counters["rss_MiB"] = static_cast<double>(status_kib("VmRSS:")) / 1024.0;
}

void BM_LoadStl10(benchmark::State& state) {
  (void)files();
  std::int64_t images = 0, bytes = 0;
  for (auto _ : state) {
    const auto d = contra::data::load_dataset(options());
    images = d.pretrain_size() + d.test.size();
    bytes = (d.train.images.numel() + d.test.images.numel() + d.unlabeled.numel());
    benchmark::DoNotOptimize(d.unlabeled.data_ptr());
  }
  report(state, images, bytes);
}

void BM_LoadStl10AndJoin(benchmark::State& state) {
  (void)files();
  std::int64_t images = 0, bytes = 0;
  for (auto _ : state) {
    auto d = contra::data::load_dataset(options());
    auto all = torch::cat({d.train.images, d.unlabeled});  // as Session's pretrain images
    d.unlabeled = all.slice(0, d.train.size());
    images = all.size(0) + d.test.size();
    bytes = all.numel() + d.train.images.numel() + d.test.images.numel();
    benchmark::DoNotOptimize(all.data_ptr());
  }
  report(state, images, bytes);
}

void BM_Md5Unlabeled(benchmark::State& state) {
  const auto path = (files().root / "unlabeled_X.bin").string();
  const auto bytes = static_cast<double>(fs::file_size(path));
  for (auto _ : state) benchmark::DoNotOptimize(contra::data::md5_of_file(path));
  state.counters["GB"] = bytes / 1e9;
  state.counters["GB_per_s"] = benchmark::Counter(bytes / 1e9, benchmark::Counter::kIsIterationInvariantRate);
}

}  // namespace

// The first benchmark's peak is the load alone; the second's is the load and join (VmHWM only grows).
BENCHMARK(BM_LoadStl10)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();
BENCHMARK(BM_LoadStl10AndJoin)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();
BENCHMARK(BM_Md5Unlabeled)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

int main(int argc, char** argv) {
  contra::core::set_threads(1);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  written().reset();  // 2.76 GB: not left in the temporary folder
  return 0;
}
