#include "contra/data/dataset.h"

#include <algorithm>
#include <filesystem>

#include "contra/core/error.h"
#include "contra/data/channel_stats.h"
#include "contra/data/cifar.h"
#include "contra/data/idx.h"
#include "contra/data/image_folder.h"
#include "contra/data/stl10.h"

namespace contra::data {

namespace {

/// The IDX file `stem` under root: `stem.gz` or plain `stem`.
std::string find_idx(const std::string& root, const std::string& stem, const std::string& where) {
  namespace fs = std::filesystem;
  const fs::path gz = fs::path(root) / (stem + ".gz");
  const fs::path plain = fs::path(root) / stem;
  if (fs::is_regular_file(gz)) return gz.string();
  if (fs::is_regular_file(plain)) return plain.string();
  core::fail(
      "{}: data.root = '{}': dataset not found: looked for {} and {}; install the default with "
      "'apt-get install dataset-fashion-mnist' (files under /usr/share/datasets/fashion-mnist)",
      where, root, gz.string(), plain.string());
}

const char* const kParts[4][2] = {{"train", "images"}, {"train", "labels"}, {"t10k", "images"}, {"t10k", "labels"}};

std::string idx_stem(const std::string& split, const std::string& kind) {
  return split + "-" + kind + (kind == "images" ? "-idx3-ubyte" : "-idx1-ubyte");
}

Split load_split(const std::string& root, const std::string& prefix, std::int64_t subset, const std::string& where) {
  const std::string images_path = find_idx(root, idx_stem(prefix, "images"), where);
  const std::string labels_path = find_idx(root, idx_stem(prefix, "labels"), where);
  Split s;
  try {
    s = Split{read_idx_images(images_path), read_idx_labels(labels_path)};
  } catch (const core::ContraError& e) {
    core::fail("{}: data.root = '{}': {}", where, root, e.what());
  }
  CONTRA_CHECK(s.images.size(0) == s.labels.size(0), "{}: data.root = '{}': {} has {} images but {} has {} labels",
               where, root, images_path, s.images.size(0), labels_path, s.labels.size(0));
  const auto max_label = s.labels.max().item<std::int64_t>();
  CONTRA_CHECK(s.labels.min().item<std::int64_t>() >= 0 && max_label < 10, "{}: labels must lie in [0, 9], found {}",
               labels_path, max_label);
  CONTRA_CHECK(subset <= s.size(), "{}: data.{}_subset = {} is larger than the {} images of {}", where,
               prefix == "train" ? "train" : "test", subset, s.size(), images_path);
  if (subset > 0 && subset < s.size()) {
    s.images = s.images.slice(0, 0, subset).clone();
    s.labels = s.labels.slice(0, 0, subset).clone();
  }
  return s;
}

}  // namespace

void keep_first(Split& s, std::int64_t subset, const char* key, const std::string& where) {
  CONTRA_CHECK(subset <= s.size(), "{}: data.{} = {} is larger than the {} images of the split", where, key, subset,
               s.size());
  if (subset > 0 && subset < s.size()) s = {s.images.slice(0, 0, subset).clone(), s.labels.slice(0, 0, subset).clone()};
}

std::string folder_with(const std::vector<std::string>& candidates, const std::vector<std::string>& files,
                        const std::string& dataset, const std::string& where, const std::string& advice) {
  namespace fs = std::filesystem;
  std::vector<std::string> absolute;
  for (const auto& dir : candidates) {
    std::vector<std::string> missing;
    for (const auto& f : files)
      if (!fs::is_regular_file(fs::path(dir) / f)) missing.push_back(f);
    if (missing.empty()) return dir;
    if (missing.size() < files.size())
      core::fail("{}: {} in {}: {} {} missing or not a regular file; {}", where, dataset,
                 fs::absolute(dir).lexically_normal().string(), fmt::join(missing, ", "),
                 missing.size() == 1 ? "is" : "are", advice);
    absolute.push_back(fs::absolute(dir).lexically_normal().string());
  }
  core::fail("{}: {} not found: looked for {} in {}; {}", where, dataset, fmt::join(files, ", "),
             fmt::join(absolute, " and "), advice);
}

void constants_from_train_then_subset(Dataset& d, const config::DataOptions& options, const std::string& where) {
  auto constants = channel_statistics(d.train.images);  // before any subset, so every subset normalises alike
  d.mean = std::move(constants.mean);
  d.std = std::move(constants.std);
  keep_first(d.train, options.train_subset, "train_subset", where);
  keep_first(d.test, options.test_subset, "test_subset", where);
}

void check_dataset(const config::DataOptions& options, const std::string& where) {
  namespace fs = std::filesystem;
  if (options.dataset == "cifar10" || options.dataset == "cifar100") {
    (void)cifar_root(options, where);
    return;
  }
  if (options.dataset == "stl10") {
    (void)stl10_root(options, where);
    return;
  }
  if (options.dataset == "folder") {
    try {
      (void)image_classes((fs::path(options.root) / "train").string());
    } catch (const core::ContraError& e) {
      core::fail("{}: data.root = '{}': {}", where, options.root, e.what());
    }
    (void)image_test_dir(options, where);
    return;
  }
  CONTRA_CHECK(options.dataset == "fashion-mnist" || options.dataset == "mnist",
               "{}: data.dataset = '{}' is unknown; valid: fashion-mnist, mnist, cifar10, cifar100, stl10, folder", where,
               options.dataset);
  CONTRA_CHECK(fs::is_directory(options.root),
               "{}: data.root = '{}': dataset not found: the folder does not exist; install the default with "
               "'apt-get install dataset-fashion-mnist' (files under /usr/share/datasets/fashion-mnist)",
               where, options.root);
  for (const auto& part : kParts) (void)find_idx(options.root, idx_stem(part[0], part[1]), where);
}

Dataset load_dataset(const config::DataOptions& options, const std::string& where) {
  check_dataset(options, where);
  if (options.dataset == "cifar10" || options.dataset == "cifar100") return load_cifar(options, where);
  if (options.dataset == "stl10") return load_stl10(options, where);
  if (options.dataset == "folder") return load_image_folder(options, where);
  const bool fashion = options.dataset == "fashion-mnist";
  Dataset d;
  d.name = options.dataset;
  d.train = load_split(options.root, "train", options.train_subset, where);
  d.test = load_split(options.root, "t10k", options.test_subset, where);
  d.num_classes = 10;
  // Channel statistics of the full training sets (a fixed constant, so subsets normalise alike).
  d.mean = {fashion ? 0.2860 : 0.1307};
  d.std = {fashion ? 0.3530 : 0.3081};
  return d;
}

}  // namespace contra::data
