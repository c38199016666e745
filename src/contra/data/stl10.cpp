#include "contra/data/stl10.h"

#include <filesystem>
#include <fstream>

#include "contra/core/error.h"
#include "contra/data/checksum.h"

namespace contra::data {

namespace fs = std::filesystem;

namespace {

constexpr std::int64_t kSide = 96;
constexpr std::int64_t kImageBytes = 3 * kSide * kSide;
constexpr const char* kArchive = "stl10_binary";
constexpr const char* kUrl = "https://ai.stanford.edu/~acoates/stl10/stl10_binary.tar.gz";
constexpr const char* kDigestSource = "as torchvision.datasets.STL10 lists it";

/// The MD5 of each file of the official archive, as torchvision's STL10 lists them.
std::string official_md5(const std::string& file) {
  if (file == "train_X.bin") return "918c2871b30a85fa023e0c44e0bee87f";
  if (file == "train_y.bin") return "5a34089d4802c674881badbb80307741";
  if (file == "test_X.bin") return "7f263ba9f9e0b06b93213547f721ac82";
  if (file == "test_y.bin") return "36f9794fa4beb8a2c72628de14fa638e";
  CONTRA_ASSERT(file == "unlabeled_X.bin", file);
  return "5242ba1fed5e4be9e1e742405eb56ca4";
}

/// f(), with its core::ContraError prefixed by `where` and data.root.
template <class F>
auto in_root(const config::DataOptions& o, const std::string& where, F&& f) {
  try {
    return f();
  } catch (const core::ContraError& e) {
    core::fail("{}: data.root = '{}': {}", where, o.root, e.what());
  }
}

/// With data.verify, the file's MD5 against the official one (after its count was found official).
/// Throws core::ContraError prefixed with `where` and data.root.
void verify_digest(const fs::path& root, const std::string& file, const config::DataOptions& o,
                   const std::string& where) {
  if (o.verify) in_root(o, where, [&] { check_md5((root / file).string(), official_md5(file), kDigestSource); });
}

/// The size of `path` in bytes, checked to hold whole images.
std::int64_t image_file_bytes(const std::string& path) {
  std::error_code ec;
  const auto bytes = static_cast<std::int64_t>(fs::file_size(path, ec));
  CONTRA_CHECK(!ec, "{}: cannot read the file ({})", path, ec.message());
  CONTRA_CHECK(bytes > 0 && bytes % kImageBytes == 0,
               "{}: {} bytes is not a whole number of {}-byte images (3x96x96): truncated, or not an STL-10 binary "
               "file",
               path, bytes, kImageBytes);
  return bytes;
}

bool unlabeled(const config::DataOptions& o) {
  return config::read_options<Stl10Options>(o.options).train_split == TrainSplit::train_and_unlabeled;
}

std::vector<std::string> needed(const config::DataOptions& o) {
  std::vector<std::string> files = {"train_X.bin", "train_y.bin", "test_X.bin", "test_y.bin"};
  if (unlabeled(o)) files.emplace_back("unlabeled_X.bin");
  return files;
}

/// Images and labels of one labelled split, checked against each other and the official count.
Split read_labelled_split(const fs::path& root, const std::string& name, std::int64_t official,
                 const config::DataOptions& o, const std::string& where) {
  const std::string images_path = (root / (name + "_X.bin")).string();
  const std::string labels_path = (root / (name + "_y.bin")).string();
  const Split s =
      in_root(o, where, [&] { return Split{read_stl10_images(images_path), read_stl10_labels(labels_path)}; });
  CONTRA_CHECK(s.images.size(0) == s.labels.size(0), "{}: {} has {} images but {} has {} labels", where, images_path,
               s.images.size(0), labels_path, s.labels.size(0));
  CONTRA_CHECK(!o.verify || s.size() == official,
               "{}: {} holds {} images, the official file {} (data.verify = true; set it to false for a file of your "
               "own in this format)",
               where, images_path, s.size(), official);
  verify_digest(root, name + "_y.bin", o, where);
  verify_digest(root, name + "_X.bin", o, where);
  return s;
}

}  // namespace

std::int64_t count_stl10_images(const std::string& path) { return image_file_bytes(path) / kImageBytes; }

torch::Tensor read_stl10_images(const std::string& path, std::int64_t limit) {
  const auto in_file = image_file_bytes(path) / kImageBytes;
  const auto n = limit > 0 ? std::min(limit, in_file) : in_file;
  std::ifstream in(path, std::ios::binary);
  CONTRA_CHECK(in.good(), "{}: cannot open the file", path);
  auto images = torch::empty({n, 3, kSide, kSide}, torch::kUInt8);
  // In chunks of 1000 images, so that the file's layout is never held whole beside the result.
  constexpr std::int64_t kChunk = 1000;
  auto raw = torch::empty({std::min(n, kChunk), 3, kSide, kSide}, torch::kUInt8);  // channel, then x, then y
  for (std::int64_t i = 0; i < n; i += kChunk) {
    const auto k = std::min(kChunk, n - i);
    in.read(reinterpret_cast<char*>(raw.data_ptr<std::uint8_t>()), k * kImageBytes);
    CONTRA_CHECK(in.gcount() == k * kImageBytes, "{}: read {} of {} bytes at image {}", path, in.gcount(),
                 k * kImageBytes, i);
    images.slice(0, i, i + k).copy_(raw.slice(0, 0, k).transpose(2, 3));  // column-major -> row-major
  }
  return images;  // N×3×H×W
}

torch::Tensor read_stl10_labels(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  CONTRA_CHECK(in.good(), "{}: cannot open the file", path);
  const auto bytes = static_cast<std::int64_t>(in.tellg());
  CONTRA_CHECK(bytes > 0, "{}: the file is empty", path);
  auto raw = torch::empty({bytes}, torch::kUInt8);
  in.seekg(0);
  in.read(reinterpret_cast<char*>(raw.data_ptr<std::uint8_t>()), bytes);
  CONTRA_CHECK(in.gcount() == bytes, "{}: read {} of its {} bytes", path, in.gcount(), bytes);
  const auto labels = raw.to(torch::kInt64);
  const auto bad = (labels < 1).logical_or(labels > 10).nonzero();
  CONTRA_CHECK(bad.numel() == 0, "{}: record {} has label {}, outside 1..10", path,
               bad.numel() > 0 ? bad[0][0].item<std::int64_t>() : 0,
               bad.numel() > 0 ? labels[bad[0][0]].item<std::int64_t>() : 0);
  return labels - 1;
}

std::string stl10_root(const config::DataOptions& o, const std::string& where) {
  return folder_with({o.root, (fs::path(o.root) / kArchive).string()}, needed(o), "stl10",
                     fmt::format("{}: data.root = '{}'", where, o.root),
                     fmt::format("download the binary version ({}) and extract it in data.root", kUrl));
}

Dataset load_stl10(const config::DataOptions& o, const std::string& where) {
  const fs::path root = stl10_root(o, where);
  Dataset d;
  d.name = o.dataset;
  d.num_classes = 10;
  d.train = read_labelled_split(root, "train", 5000, o, where);
  d.test = read_labelled_split(root, "test", 8000, o, where);
  constants_from_train_then_subset(d, o, where);  // the whole labelled train split's constants
  if (unlabeled(o)) {
    const std::string path = (root / "unlabeled_X.bin").string();
    in_root(o, where, [&] {
      const auto count = count_stl10_images(path);
      CONTRA_CHECK(!o.verify || count == 100000,
                   "{} holds {} images, the official file 100000 (data.verify = true; set it to false for a file of "
                   "your own in this format)",
                   path, count);
    });
    verify_digest(root, "unlabeled_X.bin", o, where);
    d.unlabeled = in_root(o, where, [&] { return read_stl10_images(path, o.train_subset); });
  }
  return d;
}

}  // namespace contra::data
