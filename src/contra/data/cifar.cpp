#include "contra/data/cifar.h"

#include <filesystem>
#include <fstream>
#include <vector>

#include "contra/core/error.h"

namespace contra::data {

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kPixels = 3 * 32 * 32;

struct Layout {
  std::vector<std::string> train, test;  // file names
  std::int64_t train_records_per_file, test_records;
  int label_bytes, label_index;
  std::int64_t classes;
  const char* archive;  // the folder the official archive extracts to
  const char* url;
};

Layout layout(const config::DataOptions& o, bool hundred) {
  if (!hundred)
    return {{"data_batch_1.bin", "data_batch_2.bin", "data_batch_3.bin", "data_batch_4.bin", "data_batch_5.bin"},
            {"test_batch.bin"},
            10000,
            10000,
            1,
            0,
            10,
            "cifar-10-batches-bin",
            "https://www.cs.toronto.edu/~kriz/cifar-10-binary.tar.gz"};
  const bool fine = config::read_options<Cifar100Options>(o.options).label_kind == LabelKind::fine;
  return {{"train.bin"},
          {"test.bin"},
          50000,
          10000,
          2,
          fine ? 1 : 0,
          fine ? 100 : 20,
          "cifar-100-binary",
          "https://www.cs.toronto.edu/~kriz/cifar-100-binary.tar.gz"};
}

/// The files of one split, read and concatenated, each checked against the official count.
Split read_split(const fs::path& root, const std::vector<std::string>& files, std::int64_t records_per_file,
                 const Layout& l, const config::DataOptions& o, const std::string& where) {
  std::vector<torch::Tensor> images, labels;
  for (const auto& name : files) {
    const std::string path = (root / name).string();
    Split s;
    try {
      s = read_cifar_file(path, l.label_bytes, l.label_index);
    } catch (const core::ContraError& e) {
      core::fail("{}: data.root = '{}': {}", where, o.root, e.what());
    }
    CONTRA_CHECK(!o.verify || s.size() == records_per_file,
                 "{}: {} holds {} records, the official file {} (data.verify = true; set it to false for a file of "
                 "your own in this format)",
                 where, path, s.size(), records_per_file);
    const auto bad = (s.labels < 0).logical_or(s.labels >= l.classes).nonzero();
    CONTRA_CHECK(bad.numel() == 0, "{}: {}: record {} has label {}, outside [0, {}) for {}{}", where, path,
                 bad.numel() > 0 ? bad[0][0].item<std::int64_t>() : 0,
                 bad.numel() > 0 ? s.labels[bad[0][0]].item<std::int64_t>() : 0, l.classes, o.dataset,
                 o.options.find("label_kind") != nullptr ? " data.label_kind = " + config::display(*o.options.find("label_kind"))
                                                         : std::string());
    images.push_back(s.images);
    labels.push_back(s.labels);
  }
  return {torch::cat(images), torch::cat(labels)};
}

}  // namespace

Split read_cifar_file(const std::string& path, int label_bytes, int label_index) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  CONTRA_CHECK(in.good(), "{}: cannot open the file", path);
  const auto bytes = static_cast<std::int64_t>(in.tellg());
  const std::int64_t record = label_bytes + kPixels;
  CONTRA_CHECK(bytes > 0 && bytes % record == 0,
               "{}: {} bytes is not a whole number of {}-byte records ({} label byte(s) and 3x32x32 pixels): "
               "truncated, or not a CIFAR binary file",
               path, bytes, record, label_bytes);
  auto raw = torch::empty({bytes / record, record}, torch::kUInt8);
  in.seekg(0);
  in.read(reinterpret_cast<char*>(raw.data_ptr<std::uint8_t>()), bytes);
  CONTRA_CHECK(in.gcount() == bytes, "{}: read {} of its {} bytes", path, in.gcount(), bytes);
  return {raw.slice(1, label_bytes, record).reshape({-1, 3, 32, 32}).clone(),
          raw.select(1, label_index).to(torch::kInt64)};
}

std::string cifar_root(const config::DataOptions& o, bool hundred, const std::string& where) {
  const Layout l = layout(o, hundred);
  auto files = l.train;
  files.insert(files.end(), l.test.begin(), l.test.end());
  return folder_with({o.root, (fs::path(o.root) / l.archive).string()}, files, o.dataset,
                     fmt::format("{}: data.root = '{}'", where, o.root),
                     fmt::format("download the binary version ({}) and extract it in data.root", l.url));
}

Dataset load_cifar(const config::DataOptions& o, bool hundred, const std::string& where) {
  const Layout l = layout(o, hundred);
  const fs::path root = cifar_root(o, hundred, where);
  Dataset d;
  d.name = o.dataset;
  d.num_classes = l.classes;
  d.train = read_split(root, l.train, l.train_records_per_file, l, o, where);
  d.test = read_split(root, l.test, l.test_records, l, o, where);
  constants_from_train_then_subset(d, o, where);
  return d;
}

}  // namespace contra::data
