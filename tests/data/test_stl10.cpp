// STL-10 binary files (data/stl10.h), written here in the official format with a few images each:
// the column-major layout, labels 1..10, the unlabeled split and data.train_split, the constants,
// each bad input, and a short training run on train+unlabeled to a complete record.
#include <torch/torch.h>
#include <algorithm>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../support/cifar_files.h"
#include "../support/errors.h"
#include "../support/experiment.h"
#include "../support/temp_dir.h"
#include "../support/train_run.h"
#include "contra/config/experiment.h"
#include "contra/data/registry.h"
#include "contra/data/stl10.h"
#include "contra/store/run_record.h"
#include "contra/train/trainer.h"

namespace fs = std::filesystem;
using contra::testing::message_of;
using contra::testing::TempDir;
using contra::testing::write_bytes;

namespace {

/// Pixel (c, y, x) of image i: (i + 5c + 2y + 3x + 29 × cls) mod 256.
int pixel(std::int64_t i, int c, int y, int x, int cls) {
  return static_cast<int>((i + 5 * c + 2 * y + 3 * x + 29 * cls) % 256);
}

/// `n` images in STL-10's layout: per image, per channel, column-major (x outer, y inner). Image i
/// takes the pattern of class `classes[i]` (0 when classes is empty).
std::string images(std::int64_t n, const std::vector<int>& classes = {}) {
  std::string out;
  out.reserve(static_cast<std::size_t>(n) * 3 * 96 * 96);
  for (std::int64_t i = 0; i < n; ++i)
    for (int c = 0; c < 3; ++c)
      for (int x = 0; x < 96; ++x)
        for (int y = 0; y < 96; ++y)
          out += static_cast<char>(pixel(i, c, y, x, classes.empty() ? 0 : classes[static_cast<std::size_t>(i)]));
  return out;
}

std::string labels(const std::vector<int>& values) {  // as stored: 1..10
  std::string out;
  for (int v : values) out += static_cast<char>(v);
  return out;
}

/// The five files under `dir`: train 3 images (labels 1, 2, 10), test 2 (5, 1), unlabeled 4.
void stl10_files(const fs::path& dir) {
  write_bytes(dir / "train_X.bin", images(3));
  write_bytes(dir / "train_y.bin", labels({1, 2, 10}));
  write_bytes(dir / "test_X.bin", images(2));
  write_bytes(dir / "test_y.bin", labels({5, 1}));
  write_bytes(dir / "unlabeled_X.bin", images(4));
}

contra::config::DataOptions options(const fs::path& root, const std::string& split = "train") {
  auto o = contra::data::dataset_options("stl10", root.string(), {{"train_split", contra::config::Value(split)}});
  o.verify = false;  // a few images, not the official 5 000 / 8 000 / 100 000
  return o;
}

std::string load_error(const contra::config::DataOptions& o) { return contra::testing::dataset_error(o); }

}  // namespace

TEST_CASE("STL-10: images are stored column-major per channel and read as N x 3 x 96 x 96", "[data]") {
  TempDir dir;
  write_bytes(dir / "x.bin", images(2));
  const auto x = contra::data::read_stl10_images((dir / "x.bin").string());
  REQUIRE(x.sizes() == torch::IntArrayRef({2, 3, 96, 96}));
  CHECK(x.dtype() == torch::kUInt8);
  CHECK(x[1][2][5][40].item<int>() == pixel(1, 2, 5, 40, 0));  // image 1, blue, row 5, column 40
  CHECK(x[0][0][90][3].item<int>() == pixel(0, 0, 90, 3, 0));
  CHECK(contra::data::read_stl10_images((dir / "x.bin").string(), 1).size(0) == 1);  // the first image only
  CHECK(contra::data::count_stl10_images((dir / "x.bin").string()) == 2);
  write_bytes(dir / "y.bin", labels({1, 10, 4}));
  CHECK(contra::data::read_stl10_labels((dir / "y.bin").string()).equal(torch::tensor({0, 9, 3}, torch::kInt64)));
}

TEST_CASE("STL-10: train and test, and train+unlabeled for the encoder", "[data]") {
  TempDir dir;
  stl10_files(dir / "stl10_binary");  // as the official archive extracts, under data.root
  const auto d = contra::data::load_dataset(options(dir.path()));
  CHECK(d.num_classes == 10);
  CHECK(d.train.labels.equal(torch::tensor({0, 1, 9}, torch::kInt64)));
  CHECK(d.test.size() == 2);
  CHECK_FALSE(d.unlabeled.defined());
  CHECK(d.pretrain_size() == 3);
  // The constants: the labelled train split's population statistics per channel.
  const auto px = d.train.images.to(torch::kFloat64) / 255.0;
  REQUIRE(d.mean.size() == 3);
  for (int c = 0; c < 3; ++c) {
    CHECK(d.mean[c] == Approx(px.select(1, c).mean().item<double>()).epsilon(1e-12));
    CHECK(d.std[c] == Approx(px.select(1, c).std(/*unbiased=*/false).item<double>()).epsilon(1e-9));
  }
  auto o = options(dir.path(), "train+unlabeled");
  const auto all = contra::data::load_dataset(o);
  REQUIRE(all.unlabeled.defined());
  CHECK(all.unlabeled_size() == 4);
  CHECK(all.pretrain_size() == 7);
  CHECK(all.train.size() == 3);  // the kNN monitor and the probe keep the labelled split
  CHECK(all.mean == d.mean);
  // data.train_subset keeps the first n of each training split.
  o.train_subset = 2;
  const auto some = contra::data::load_dataset(o);
  CHECK(some.train.size() == 2);
  CHECK(some.unlabeled_size() == 2);
  CHECK(some.mean == d.mean);
}

TEST_CASE("STL-10: bad files are one line naming the file and the defect", "[data]") {
  TempDir dir;
  SECTION("missing: where it looked and where to get it") {
    const auto m = load_error(options(dir.path()));
    CHECK_THAT(m, Catch::Contains("e.toml:4") && Catch::Contains("stl10_binary") &&
                      Catch::Contains("https://ai.stanford.edu/~acoates/stl10/stl10_binary.tar.gz") &&
                      Catch::Contains(dir.path().string()) && Catch::Contains("train_X.bin"));
    CHECK(m.find('\n') == std::string::npos);
  }
  SECTION("the unlabeled file, only when data.train_split asks for it") {
    stl10_files(dir.path());
    fs::remove(dir / "unlabeled_X.bin");
    CHECK_NOTHROW(contra::data::load_dataset(options(dir.path())));
    const auto m = load_error(options(dir.path(), "train+unlabeled"));
    CHECK_THAT(m, Catch::Contains("unlabeled_X.bin is missing") && !Catch::Contains("train_X.bin"));
  }
  SECTION("truncated images") {
    stl10_files(dir.path());
    const auto whole = images(3);
    write_bytes(dir / "train_X.bin", whole.substr(0, whole.size() - 10));
    CHECK_THAT(load_error(options(dir.path())),
               Catch::Contains("train_X.bin") && Catch::Contains("not a whole number of 27648-byte images"));
  }
  SECTION("a label outside 1..10") {
    stl10_files(dir.path());
    write_bytes(dir / "test_y.bin", labels({3, 0}));
    CHECK_THAT(load_error(options(dir.path())),
               Catch::Contains("test_y.bin") && Catch::Contains("record 1 has label 0, outside 1..10"));
    write_bytes(dir / "test_y.bin", labels({11, 2}));
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("record 0 has label 11"));
  }
  SECTION("images and labels disagree") {
    stl10_files(dir.path());
    write_bytes(dir / "train_y.bin", labels({1, 2}));
    CHECK_THAT(load_error(options(dir.path())),
               Catch::Contains("train_X.bin has 3 images but") && Catch::Contains("train_y.bin has 2 labels"));
  }
  SECTION("data.verify: the official counts") {
    stl10_files(dir.path());
    auto o = options(dir.path());
    o.verify = true;
    CHECK_THAT(load_error(o),
               Catch::Contains("train_X.bin holds 3 images, the official file 5000") && Catch::Contains("data.verify"));
  }
  SECTION("data.verify: the published MD5 of a file of the official size") {
    stl10_files(dir.path());
    // 5 000 blank images (a sparse file) and 5 000 labels of class 1: the official counts, not the
    // official bytes.
    { std::ofstream(dir / "train_X.bin", std::ios::binary); }
    fs::resize_file(dir / "train_X.bin", 5000 * 3 * 96 * 96);
    {  // one bright pixel per channel of the first image: no channel is constant, which loading refuses
      std::fstream f(dir / "train_X.bin", std::ios::binary | std::ios::in | std::ios::out);
      for (int c = 0; c < 3; ++c) {
        f.seekp(c * 96 * 96);
        f.put('\xff');
      }
    }
    write_bytes(dir / "train_y.bin", std::string(5000, '\x01'));
    auto o = options(dir.path());
    o.verify = true;
    const auto m = load_error(o);
    CHECK_THAT(m, Catch::Contains("train_y.bin: MD5 ") &&
                      Catch::Contains("the official file's is 5a34089d4802c674881badbb80307741") &&
                      Catch::Contains("data.verify") && Catch::Contains("data.root"));
    CHECK(m.find('\n') == std::string::npos);
    o.verify = false;
    CHECK_NOTHROW(contra::data::load_dataset(o));  // no MD5 without data.verify
  }
  SECTION("a subset larger than the split") {
    stl10_files(dir.path());
    auto o = options(dir.path());
    o.test_subset = 3;
    CHECK_THAT(load_error(o), Catch::Contains("data.test_subset = 3 is larger than the 2 images"));
  }
}

TEST_CASE("STL-10: MoCo trains on train+unlabeled to a complete record, and supervised is refused there",
          "[data][e2e]") {
  TempDir dir;
  std::vector<int> classes, stored;
  for (int i = 0; i < 32; ++i) {
    classes.push_back(i % 10);
    stored.push_back(i % 10 + 1);
  }
  write_bytes(dir / "train_X.bin", images(32, classes));
  write_bytes(dir / "train_y.bin", labels(stored));
  write_bytes(dir / "test_X.bin", images(32, classes));
  write_bytes(dir / "test_y.bin", labels(stored));
  write_bytes(dir / "unlabeled_X.bin", images(32));
  const std::vector<std::string> sets = {"data.dataset=stl10",
                                         "data.root=\"" + dir.path().string() + "\"",
                                         "data.verify=false",
                                         "data.train_split=\"train+unlabeled\"",
                                         "augment.recipe=moco_v2",
                                         "optim.batch=16",
                                         "optim.epochs=1",
                                         "model.width=4",
                                         "model.dim=16",
                                         "model.bn_splits=2",
                                         "method.queue=32",
                                         "eval.knn_k=10",
                                         "eval.knn_random_init=false"};
  const auto result = contra::testing::train_quietly(contra::testing::experiment_with(sets), dir / "runs");
  INFO(result.reason);
  REQUIRE(result.status == "complete");
  const auto rec = contra::store::read_run(result.file);
  CHECK(contra::store::get_int(rec.attributes, "train_images", "rec") == 64);
  CHECK(contra::store::get_int(rec.attributes, "unlabeled_images", "rec") == 32);
  CHECK(contra::store::get_double(rec.summary, "steps_per_epoch", "rec") == 4.0);  // 64 images, batch 16
  CHECK(std::isfinite(contra::store::get_double(rec.summary, "knn_top1", "rec")));
  auto supervised = sets;
  supervised.erase(std::find(supervised.begin(), supervised.end(), "method.queue=32"));  // MoCo's key
  supervised.emplace_back("method.name=supervised");
  const auto refused = message_of(
      [&] { (void)contra::testing::train_quietly(contra::testing::experiment_with(supervised), dir / "runs"); });
  // Refused when the config is read, before any data is: one line naming where data.train_split was set.
  CHECK_THAT(refused, Catch::Contains("data.train_split") && Catch::Contains("supervised") &&
                          Catch::Contains("train+unlabeled"));
  CHECK(refused.find('\n') == std::string::npos);
}
