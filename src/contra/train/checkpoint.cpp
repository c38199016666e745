#include "contra/train/checkpoint.h"

#include <ATen/Context.h>
#include <torch/serialize.h>

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "contra/core/error.h"
#include "contra/core/hash.h"

namespace contra::train {

namespace fs = std::filesystem;

namespace {

// Bump when the layout below changes. 2: one CUDA stream, the run's device's, as "global_cuda"
// (format 1 saved one per visible GPU, which a machine showing fewer GPUs could not read back).
constexpr std::int64_t kFormat = 2;
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

/// The random streams a run on `device` draws from, by their names in the archive: LibTorch's
/// global CPU generator, the global generator of the run's own GPU on CUDA (one rank, one device:
/// the others' streams are theirs), the loop's streams and the method's own.
std::vector<std::pair<std::string, at::Generator>> all_generators(TrainState& state, const torch::Device& device) {
  std::vector<std::pair<std::string, at::Generator>> out = {{"global_cpu", at::detail::getDefaultCPUGenerator()}};
  if (device.is_cuda())
    out.emplace_back("global_cuda", at::globalContext().defaultGenerator(
                                        at::Device(at::kCUDA, device.has_index() ? device.index() : 0)));
  for (auto& g : state.generators) out.push_back(g);
  for (auto& g : state.method.generators()) out.emplace_back("method_" + g.first, g.second);
  return out;
}

RngEntriesForTesting* g_rng_testing = nullptr;  // RngEntriesForTesting

}  // namespace

fs::path checkpoint_path(const fs::path& dir, const std::string& run_id) { return dir / (run_id + ".ckpt"); }

RngEntriesForTesting::RngEntriesForTesting(std::vector<std::pair<std::string, torch::Tensor>> added,
                                           std::vector<std::string> dropped)
    : add(std::move(added)), drop(std::move(dropped)) {
  g_rng_testing = this;
}
RngEntriesForTesting::~RngEntriesForTesting() { g_rng_testing = nullptr; }

std::vector<std::string> missing_rng_states(const std::vector<std::string>& saved,
                                            const std::vector<std::string>& needed) {
  std::vector<std::string> missing;
  for (const auto& name : needed)
    if (std::find(saved.begin(), saved.end(), name) == saved.end()) missing.push_back(name);
  return missing;
}

void save_checkpoint(const fs::path& path, TrainState& state, const LoopPosition& position,
                     const store::RunRecord& record, const torch::Device& device) {
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
    const auto dropped = [](const std::string& name) {
      return g_rng_testing != nullptr &&
             std::find(g_rng_testing->drop.begin(), g_rng_testing->drop.end(), name) != g_rng_testing->drop.end();
    };
    for (auto& [name, gen] : all_generators(state, device)) {
      if (dropped(name)) continue;
      std::lock_guard<std::mutex> lock(gen.mutex());
      rng.write(name, gen.get_state());
    }
    if (g_rng_testing != nullptr)
      for (const auto& [name, saved] : g_rng_testing->add) rng.write(name, saved);
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

std::optional<Restored> read_checkpoint(const fs::path& path, const torch::Device& device) {
  if (!fs::exists(path)) return std::nullopt;
  const auto start_over = "start the run over with `contra train --fresh` or `contra sweep --rerun`";
  // A folder or a FIFO there is not a damaged checkpoint (and a FIFO would block the read): refused,
  // and left where it is.
  CONTRA_CHECK(fs::is_regular_file(path), "{}: not a regular file where the run's checkpoint goes; move it away",
               path.string());
  std::string blob;
  {
    std::ifstream in(path, std::ios::binary);
    // Not damaged, only out of reach (permissions, an I/O error): refused, and left where it is.
    CONTRA_CHECK(in.is_open(), "{}: cannot open the checkpoint to read it: {}", path.string(), std::strerror(errno));
    std::string magic, hash;
    std::size_t size = 0;
    in >> magic >> size >> hash;
    in.get();  // the header's newline
    if (!in.good() || magic != kMagic)
      // Not a checkpoint contra wrote (those are renamed into place whole): refused, and left there.
      core::fail("{}: not a contra checkpoint (no contra-checkpoint header); move it away, or {}", path.string(),
                 start_over);
    blob.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (blob.size() != size || core::short_hash(blob, 16) != hash)
      throw CheckpointDamaged(fmt::format("{}: the checkpoint is damaged ({} of the {} archive bytes its header "
                                          "names, checksum {})",
                                          path.string(), blob.size(), size,
                                          blob.size() == size ? "mismatch" : "not checked"));
  }
  Restored out;
  out.archive = std::make_shared<torch::serialize::InputArchive>();
  auto& archive = *out.archive;
  try {
    std::istringstream blob_in(blob);
    archive.load_from(blob_in, device);
    const auto scalar = [&](const char* key) {
      torch::Tensor t;
      archive.read(key, t);
      return t.to(torch::kCPU);
    };
    const auto format = scalar("format").item<std::int64_t>();
    CONTRA_CHECK(format == kFormat, "{}: checkpoint format {} is not this build's {}; {}", path.string(), format,
                 kFormat, start_over);
    for (const auto& [name, field] : kIntFields) out.position.*field = scalar(name).item<std::int64_t>();
    for (const auto& [name, field] : kRealFields) out.position.*field = scalar(name).item<double>();
    const torch::Tensor bytes = scalar("record").contiguous();
    out.record = store::decode_run(std::string(reinterpret_cast<const char*>(bytes.data_ptr<std::uint8_t>()),
                                               static_cast<std::size_t>(bytes.numel())),
                                   path.string());
  } catch (const c10::Error& e) {
    const std::string what = e.what_without_backtrace();
    core::fail("{}: the checkpoint's checksum holds but LibTorch cannot read it ({}); {}, or delete the file",
               path.string(), what.substr(0, what.find('\n')), start_over);
  }
  return out;
}

void apply_checkpoint(const fs::path& path, const Restored& restored, TrainState& state,
                      const torch::Device& device) {
  auto& archive = *restored.archive;
  try {
    torch::serialize::InputArchive rng;
    archive.read("rng", rng);
    // Every stream this attempt draws from must be in the checkpoint before anything is restored:
    // a stream left as this process seeded it would not continue the run bit for bit. Streams the
    // checkpoint holds and this attempt does not draw from are left alone.
    auto generators = all_generators(state, device);
    std::vector<std::string> needed, saved;
    std::vector<torch::Tensor> states;
    for (auto& [name, gen] : generators) {
      needed.push_back(name);
      torch::Tensor t;
      if (rng.try_read(name, t)) saved.push_back(name);
      states.push_back(t);
    }
    const auto missing = missing_rng_states(saved, needed);
    CONTRA_CHECK(missing.empty(),
                 "{}: the checkpoint holds no random state for {} (it was written by a run on {}, this attempt runs on "
                 "{}): resumed, the run would not continue bit for bit; start it over with `contra train --fresh` or "
                 "`contra sweep --rerun`",
                 path.string(), fmt::join(missing, ", "), store::get_string(restored.record.attributes, "device", path.string()),
                 device.str());
    torch::serialize::InputArchive method, optimizer;
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
    for (std::size_t i = 0; i < generators.size(); ++i) {
      auto& gen = generators[i].second;
      std::lock_guard<std::mutex> lock(gen.mutex());
      gen.set_state(states[i].to(torch::kCPU));
    }
  } catch (const c10::Error& e) {
    const std::string what = e.what_without_backtrace();
    core::fail("{}: the checkpoint does not fit this run ({}); start the run over with `contra train --fresh` or "
               "`contra sweep --rerun`",
               path.string(), what.substr(0, what.find('\n')));
  }
}

std::optional<Restored> load_checkpoint(const fs::path& path, TrainState& state, const torch::Device& device) {
  auto restored = read_checkpoint(path, device);
  if (restored) apply_checkpoint(path, *restored, state, device);
  return restored;
}

void remove_checkpoint(const fs::path& path) noexcept {
  std::error_code ignored;
  fs::remove(path, ignored);
}

}  // namespace contra::train
