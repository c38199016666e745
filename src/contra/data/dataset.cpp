#include "contra/data/dataset.h"

#include <algorithm>
#include <filesystem>

#include "contra/core/error.h"
#include "contra/data/channel_stats.h"
#include "contra/data/idx.h"

namespace contra::data {

namespace {

/// The IDX file `stem` under root: `stem.gz` or plain `stem`.
std::string find_idx(const std::string& root, const std::string& stem, const std::string& where,
                     const std::string& advice) {
  namespace fs = std::filesystem;
  const fs::path gz = fs::path(root) / (stem + ".gz");
  const fs::path plain = fs::path(root) / stem;
  if (fs::is_regular_file(gz)) return gz.string();
  if (fs::is_regular_file(plain)) return plain.string();
  core::fail("{}: data.root = '{}': dataset not found: looked for {} and {}{}", where, root, gz.string(),
             plain.string(), advice.empty() ? std::string() : "; " + advice);
}

const char* const kParts[4][2] = {{"train", "images"}, {"train", "labels"}, {"t10k", "images"}, {"t10k", "labels"}};

std::string idx_stem(const std::string& split, const std::string& kind) {
  return split + "-" + kind + (kind == "images" ? "-idx3-ubyte" : "-idx1-ubyte");
}

Split load_split(const std::string& root, const std::string& prefix, std::int64_t subset, const std::string& where,
                 const std::string& advice) {
  const std::string images_path = find_idx(root, idx_stem(prefix, "images"), where, advice);
  const std::string labels_path = find_idx(root, idx_stem(prefix, "labels"), where, advice);
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
  for (std::size_t c = 0; c < constants.std.size(); ++c)
    CONTRA_CHECK(constants.std[c] > 0,
                 "{}: channel {} of {} of {}'s training images holds one value, {:.0f}, in every pixel: normalising "
                 "would divide by its standard deviation, 0; a constant channel carries nothing to learn, so store "
                 "the images without it (e.g. as grayscale)",
                 where, c, constants.std.size(), options.dataset, constants.mean[c] * 255.0);
  d.mean = std::move(constants.mean);
  d.std = std::move(constants.std);
  keep_first(d.train, options.train_subset, "train_subset", where);
  keep_first(d.test, options.test_subset, "test_subset", where);
}

void check_idx_dataset(const config::DataOptions& options, const std::string& where, const std::string& advice) {
  namespace fs = std::filesystem;
  CONTRA_CHECK(fs::is_directory(options.root), "{}: data.root = '{}': dataset not found: the folder does not exist{}",
               where, options.root, advice.empty() ? std::string() : "; " + advice);
  for (const auto& part : kParts) (void)find_idx(options.root, idx_stem(part[0], part[1]), where, advice);
}

Dataset load_idx_dataset(const config::DataOptions& options, const std::string& where, double mean, double std,
                         const std::string& advice) {
  check_idx_dataset(options, where, advice);
  Dataset d;
  d.name = options.dataset;
  d.train = load_split(options.root, "train", options.train_subset, where, advice);
  d.test = load_split(options.root, "t10k", options.test_subset, where, advice);
  d.num_classes = 10;
  d.mean = {mean};  // the full training set's constants, so subsets normalise alike
  d.std = {std};
  return d;
}

}  // namespace contra::data
