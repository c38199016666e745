#include "contra/train/checkpoint.h"

#include <ATen/Context.h>
#include <torch/cuda.h>
#include <torch/serialize.h>

#include <fmt/format.h>

#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "contra/core/error.h"
#include "contra/core/hash.h"

namespace contra::train {

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kFormat = 1;  // bump when the layout below changes
constexpr const char* kMagic = "contra-checkpoint-v1";

/// The loop position's fields, by their names in the archive.
const std::pair<const char*, std::int64_t LoopPosition::*> kIntFields[] = {
    {"epochs_done", &LoopPosition::epochs_done},
    {"step", &LoopPosition::step},
    {"images_seen", &LoopPosition::images_seen},
    {"batches_done", &LoopPosition::batches_done}};
const std::pair<const char*, double LoopPosition::*> kRealFields[] = {
    {"train_seconds", &LoopPosition::train_seconds},
    {"eval_seconds", &LoopPosition::eval_seconds},
    {"elapsed_seconds", &LoopPosition::elapsed_seconds},
    {"loss_sum", &LoopPosition::loss_sum},
    {"correct", &LoopPosition::correct},
    {"queries", &LoopPosition::queries},
    {"std_sum", &LoopPosition::std_sum},
    {"epoch_seconds", &LoopPosition::epoch_seconds}};

torch::Tensor int_scalar(std::int64_t v) { return torch::tensor(v, torch::kInt64); }
torch::Tensor real_scalar(double v) { return torch::tensor(v, torch::kFloat64); }

/// LibTorch's global generators: CPU always, CUDA device 0.. when CUDA is present.
std::vector<std::pair<std::string, at::Generator>> global_generators() {
  std::vector<std::pair<std::string, at::Generator>> out = {{"global_cpu", at::detail::getDefaultCPUGenerator()}};
  // device_count() is a std::size_t in LibTorch 1.13 and a c10::DeviceIndex in 2.x.
  const int devices = torch::cuda::is_available() ? static_cast<int>(torch::cuda::device_count()) : 0;
  for (int i = 0; i < devices; ++i)
    out.emplace_back("global_cuda" + std::to_string(i),
                     at::globalContext().defaultGenerator(at::Device(at::kCUDA, static_cast<c10::DeviceIndex>(i))));
  return out;
}

std::vector<std::pair<std::string, at::Generator>> all_generators(TrainState& state) {
  auto out = global_generators();
  for (auto& g : state.generators) out.push_back(g);
  for (auto& g : state.method.generators()) out.emplace_back("method_" + g.first, g.second);
  return out;
}

}  // namespace

fs::path checkpoint_path(const fs::path& dir, const std::string& run_id) { return dir / (run_id + ".ckpt"); }

void save_checkpoint(const fs::path& path, TrainState& state, const LoopPosition& position,
                     const store::RunRecord& record) {
  const fs::path tmp = fs::path(path.string() + ".tmp");
  try {
    torch::serialize::OutputArchive archive;
    archive.write("format", int_scalar(kFormat));
    torch::serialize::OutputArchive method, optimizer, rng;
    state.method.save(method);
    archive.write("method", method);
    state.optimizer.save(optimizer);
    archive.write("optimizer", optimizer);
    if (state.loss_scaler != nullptr) {
      torch::serialize::OutputArchive scaler;
      state.loss_scaler->save(scaler);
      archive.write("loss_scaler", scaler);
    }
    for (auto& [name, gen] : all_generators(state)) {
      std::lock_guard<std::mutex> lock(gen.mutex());
      rng.write(name, gen.get_state());
    }
    archive.write("rng", rng);
    for (const auto& [name, field] : kIntFields) archive.write(name, int_scalar(position.*field));
    for (const auto& [name, field] : kRealFields) archive.write(name, real_scalar(position.*field));
    const std::string bytes = store::encode_run(record);
    archive.write("record", torch::from_blob(const_cast<char*>(bytes.data()), {static_cast<std::int64_t>(bytes.size())},
                                             torch::kUInt8)
                                .clone());
    // Serialised in memory, then written by us: LibTorch's own file writer cannot report a full
    // disk (it fails in a destructor and aborts the process).
    std::ostringstream bytes_out;
    archive.save_to(bytes_out);
    const std::string blob = bytes_out.str();
    // A header line with the archive's checksum, so a damaged checkpoint is never resumed from.
    const std::string header = fmt::format("{} {} {}\n", kMagic, blob.size(), core::short_hash(blob, 16));
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    out.write(blob.data(), static_cast<std::streamsize>(blob.size()));
    out.close();
    if (!out) {
      std::error_code ignored;
      fs::remove(tmp, ignored);
      core::fail("{}: cannot write the checkpoint ({} bytes): the disk is full or not writable", tmp.string(),
                 blob.size());
    }
  } catch (const c10::Error& e) {
    std::error_code ignored;
    fs::remove(tmp, ignored);
    core::fail("{}: cannot write the checkpoint: {}", path.string(), e.what_without_backtrace());
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) {
    fs::remove(tmp, ec);
    core::fail("{}: cannot rename the checkpoint into place: {}", path.string(), ec.message());
  }
}

std::optional<Restored> load_checkpoint(const fs::path& path, TrainState& state, const torch::Device& device) {
  if (!fs::exists(path)) return std::nullopt;
  Restored out;
  try {
    std::string blob;
    {
      std::ifstream in(path, std::ios::binary);
      std::string magic, hash;
      std::size_t size = 0;
      in >> magic >> size >> hash;
      in.get();  // the header's newline
      CONTRA_CHECK(in.good() && magic == kMagic,
                   "{}: not a contra checkpoint (its header is missing or damaged); "
                   "start the run over with `contra train --fresh` or `contra sweep --rerun`, or delete the file",
                   path.string());
      blob.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      CONTRA_CHECK(blob.size() == size && core::short_hash(blob, 16) == hash,
                   "{}: the checkpoint is damaged ({} of {} bytes, checksum {}); start the run over with "
                   "`contra train --fresh` or `contra sweep --rerun`, or delete the file",
                   path.string(), blob.size(), size, blob.size() == size ? "mismatch" : "not checked");
    }
    std::istringstream blob_in(blob);
    torch::serialize::InputArchive archive;
    archive.load_from(blob_in, device);
    const auto scalar = [&](const char* key) {
      torch::Tensor t;
      archive.read(key, t);
      return t.to(torch::kCPU);
    };
    const auto format = scalar("format").item<std::int64_t>();
    CONTRA_CHECK(format == kFormat,
                 "{}: checkpoint format {} is not this build's {}; start the run over with "
                 "`contra train --fresh` or `contra sweep --rerun`",
                 path.string(), format, kFormat);
    torch::serialize::InputArchive method, optimizer, rng;
    archive.read("method", method);
    state.method.load(method);
    state.method.after_state_loaded();
    archive.read("optimizer", optimizer);
    state.optimizer.load(optimizer);
    if (state.loss_scaler != nullptr) {
      torch::serialize::InputArchive scaler;
      archive.read("loss_scaler", scaler);
      state.loss_scaler->load(scaler);
    }
    archive.read("rng", rng);
    for (auto& [name, gen] : all_generators(state)) {
      torch::Tensor saved;
      rng.read(name, saved);
      std::lock_guard<std::mutex> lock(gen.mutex());
      gen.set_state(saved.to(torch::kCPU));
    }
    for (const auto& [name, field] : kIntFields) out.position.*field = scalar(name).item<std::int64_t>();
    for (const auto& [name, field] : kRealFields) out.position.*field = scalar(name).item<double>();
    const torch::Tensor bytes = scalar("record").contiguous();
    out.record = store::decode_run(std::string(reinterpret_cast<const char*>(bytes.data_ptr<std::uint8_t>()),
                                               static_cast<std::size_t>(bytes.numel())),
                                   path.string());
  } catch (const c10::Error& e) {
    const std::string what = e.what_without_backtrace();
    core::fail(
        "{}: the checkpoint is unreadable or belongs to another configuration ({}); start the run over with "
        "`contra train --fresh` or `contra sweep --rerun`, or delete the file",
        path.string(), what.substr(0, what.find('\n')));
  }
  return out;
}

void remove_checkpoint(const fs::path& path) noexcept {
  std::error_code ignored;
  fs::remove(path, ignored);
}

}  // namespace contra::train
