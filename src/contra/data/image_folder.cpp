#include "contra/data/image_folder.h"

#include <stb_image.h>
#include <stb_image_resize.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <memory>

#include "contra/core/error.h"

namespace contra::data {

namespace fs = std::filesystem;

namespace {

/// `name` with control characters (a newline would split the one-line error) written as \xNN.
std::string printable(const std::string& name) {
  std::string out;
  for (unsigned char c : name) out += c < 0x20 || c == 0x7f ? fmt::format("\\x{:02x}", c) : std::string(1, static_cast<char>(c));
  return out;
}

/// True when the file starts with the PNG signature or a JPEG start-of-image marker.
bool has_image_signature(const std::string& path) {
  char head[8] = {};
  std::ifstream in(path, std::ios::binary);
  in.read(head, 8);
  const auto n = in.gcount();
  const bool png = n == 8 && std::string(head, 8) == std::string("\x89PNG\r\n\x1a\n", 8);
  const bool jpeg = n >= 3 && static_cast<unsigned char>(head[0]) == 0xff && static_cast<unsigned char>(head[1]) == 0xd8 &&
                    static_cast<unsigned char>(head[2]) == 0xff;
  return png || jpeg;
}

bool is_image_name(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".png" || ext == ".jpg" || ext == ".jpeg";
}

/// The entries of `dir` in byte order of their names.
std::vector<fs::path> sorted_entries(const fs::path& dir) {
  std::vector<fs::path> entries;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) entries.push_back(it->path());
  CONTRA_CHECK(!ec, "{}: cannot list the folder ({})", dir.string(), ec.message());
  std::sort(entries.begin(), entries.end());
  return entries;
}

}  // namespace

torch::Tensor read_image(const std::string& path, std::int64_t side) {
  CONTRA_CHECK(has_image_signature(path), "{}: not a PNG or JPEG file (its first bytes are neither signature)",
               printable(path));
  int w = 0, h = 0, channels = 0;
  const std::unique_ptr<unsigned char, void (*)(void*)> pixels(stbi_load(path.c_str(), &w, &h, &channels, 3),
                                                              stbi_image_free);
  CONTRA_CHECK(pixels != nullptr, "{}: not a readable PNG or JPEG image ({})", printable(path),
               stbi_failure_reason() != nullptr ? stbi_failure_reason() : "unknown reason");
  auto out = torch::empty({side, side, 3}, torch::kUInt8);  // H×W×C, as stb writes it
  const int s = static_cast<int>(side);
  if (w == s && h == s) {
    std::copy_n(pixels.get(), static_cast<std::size_t>(side * side * 3), out.data_ptr<std::uint8_t>());
  } else {
    CONTRA_CHECK(stbir_resize_uint8(pixels.get(), w, h, 0, out.data_ptr<std::uint8_t>(), s, s, 0, 3) == 1,
                 "{}: resizing the {}x{} image to {}x{} failed", printable(path), w, h, side, side);
  }
  return out.permute({2, 0, 1}).contiguous();  // 3×H×W
}

std::vector<std::string> image_classes(const std::string& dir) {
  CONTRA_CHECK(fs::is_directory(dir), "{}: the folder does not exist", dir);
  std::vector<std::string> classes;
  for (const auto& p : sorted_entries(dir)) {
    // A split holds class folders only: a file beside them would be left out without a word.
    CONTRA_CHECK(fs::is_directory(p), "{}: not a class folder (a split holds one folder per class, nothing else)",
                 printable(p.string()));
    const auto name = p.filename().string();
    CONTRA_CHECK(printable(name) == name, "{}: class folder '{}' has a control character in its name",
                 printable(dir), printable(name));
    classes.push_back(name);
  }
  CONTRA_CHECK(!classes.empty(), "{}: no class folders (expected {}/<class>/<image>.png or .jpg)", printable(dir),
               printable(dir));
  return classes;
}

Split read_image_split(const std::string& dir, const std::vector<std::string>& classes, std::int64_t side) {
  std::vector<std::pair<std::string, std::int64_t>> files;  // path, label
  std::vector<std::vector<std::string>> by_class(classes.size());
  for (const auto& name : image_classes(dir)) {
    const auto it = std::find(classes.begin(), classes.end(), name);
    CONTRA_CHECK(it != classes.end(), "{}: class folder '{}' is not one of the train split's {} classes", dir, name,
                 classes.size());
    const fs::path class_dir = fs::path(dir) / name;
    std::int64_t count = 0;
    for (const auto& p : sorted_entries(class_dir)) {
      // Images sit directly in their class folder: a folder inside would be left out without a word.
      CONTRA_CHECK(!fs::is_directory(p), "{}: a folder inside a class folder (its images would not be read: "
                   "put them in the class folder itself)", printable(p.string()));
      CONTRA_CHECK(is_image_name(p), "{}: not an image (a folder holds .png, .jpg or .jpeg files only)",
                   printable(p.string()));
      std::error_code ec;
      CONTRA_CHECK(fs::exists(p, ec), "{}: a link to a file that does not exist", printable(p.string()));
      by_class[static_cast<std::size_t>(it - classes.begin())].push_back(p.string());
      ++count;
    }
    CONTRA_CHECK(count > 0, "{}: the class folder holds no images", class_dir.string());
  }
  // The classes take turns (image 0 of each class, then image 1, ...), so that the first n images
  // (data.train_subset, data.test_subset) cover every class as evenly as the folders allow.
  for (std::size_t round = 0;; ++round) {
    bool any = false;
    for (std::size_t c = 0; c < by_class.size(); ++c) {
      if (round >= by_class[c].size()) continue;
      files.emplace_back(by_class[c][round], static_cast<std::int64_t>(c));
      any = true;
    }
    if (!any) break;
  }
  auto images = torch::empty({static_cast<std::int64_t>(files.size()), 3, side, side}, torch::kUInt8);
  auto labels = torch::empty({static_cast<std::int64_t>(files.size())}, torch::kInt64);
  for (std::size_t i = 0; i < files.size(); ++i) {
    images[static_cast<std::int64_t>(i)].copy_(read_image(files[i].first, side));
    labels[static_cast<std::int64_t>(i)] = files[i].second;
  }
  return {images, labels};
}

std::string image_test_dir(const config::DataOptions& o, const std::string& where) {
  for (const char* split : {"test", "val"})
    if (fs::is_directory(fs::path(o.root) / split)) return (fs::path(o.root) / split).string();
  core::fail("{}: data.root = '{}': no test split: looked for {} and {} (an image folder holds train/ and test/, "
             "each with one folder per class)",
             where, o.root, (fs::path(o.root) / "test").string(), (fs::path(o.root) / "val").string());
}

Dataset load_image_folder(const config::DataOptions& o, const std::string& where) {
  const auto image_size = config::read_options<FolderOptions>(o.options).image_size;
  CONTRA_CHECK(image_size > 0,
               "{}: data.dataset = 'folder' needs data.image_size, the side its images are resized to (e.g. 96)",
               where);
  Dataset d;
  d.name = o.dataset;
  CONTRA_CHECK(fs::is_directory(o.root), "{}: data.root = '{}': the folder does not exist", where, o.root);
  std::string test_dir;
  try {
    const std::string train_dir = (fs::path(o.root) / "train").string();
    test_dir = image_test_dir(o, where);
    d.class_names = image_classes(train_dir);
    d.num_classes = static_cast<std::int64_t>(d.class_names.size());
    CONTRA_CHECK(d.num_classes >= 2, "{}: one class folder ('{}'); the kNN monitor and the linear probe need 2 or more",
                 train_dir, d.class_names.front());
    d.train = read_image_split(train_dir, d.class_names, image_size);
    d.test = read_image_split(test_dir, d.class_names, image_size);
  } catch (const core::ContraError& e) {
    core::fail("{}: data.root = '{}': {}", where, o.root, e.what());
  }
  constants_from_train_then_subset(d, o, where);
  return d;
}

}  // namespace contra::data
