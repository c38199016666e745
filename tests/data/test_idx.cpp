// IDX reading and dataset loading (tests/CASES.md C5 data.root and C6 truncated file).
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "../support/errors.h"
#include "../support/temp_dir.h"
#include "contra/config/experiment.h"
#include "contra/core/error.h"
#include "contra/data/registry.h"
#include "contra/data/idx.h"

namespace fs = std::filesystem;
using contra::core::ContraError;
using contra::data::load_dataset;
using contra::data::read_idx_images;
using contra::data::read_idx_labels;
using contra::testing::message_of;
using contra::testing::TempDir;

namespace {

void put_u32(std::string& out, std::uint32_t v) {
  out += static_cast<char>((v >> 24) & 0xff);
  out += static_cast<char>((v >> 16) & 0xff);
  out += static_cast<char>((v >> 8) & 0xff);
  out += static_cast<char>(v & 0xff);
}

/// A plain (uncompressed) IDX file: magic, dims, then the bytes.
std::string idx_bytes(std::uint32_t magic, const std::vector<std::uint32_t>& dims,
                      const std::vector<std::uint8_t>& body) {
  std::string out;
  put_u32(out, magic);
  for (auto d : dims) put_u32(out, d);
  for (auto b : body) out += static_cast<char>(b);
  return out;
}

std::vector<std::uint8_t> ramp(std::size_t n, std::uint8_t start = 0) {
  std::vector<std::uint8_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint8_t>(start + 17 * i);
  return v;
}

std::string real_root() { return contra::data::dataset_options("fashion-mnist").root; }

}  // namespace

TEST_CASE("read_idx_images reads a tiny plain IDX3 file exactly", "[data]") {
  TempDir dir;
  const auto body = ramp(12);
  const auto path = contra::testing::write_file(dir / "tiny-images", idx_bytes(0x00000803u, {3, 2, 2}, body));
  const auto images = read_idx_images(path);
  REQUIRE(images.sizes() == torch::IntArrayRef({3, 1, 2, 2}));
  CHECK(images.scalar_type() == torch::kUInt8);
  const auto flat = images.contiguous().view({-1});
  for (std::int64_t i = 0; i < 12; ++i) CHECK(flat[i].item<int>() == body[static_cast<std::size_t>(i)]);
  // Row-major: image 1, row 0, column 1 is byte 4 + 1.
  CHECK(images[1][0][0][1].item<int>() == body[5]);
}

TEST_CASE("read_idx_labels reads a tiny plain IDX1 file as int64", "[data]") {
  TempDir dir;
  const auto path = contra::testing::write_file(dir / "tiny-labels", idx_bytes(0x00000801u, {4}, {3, 0, 9, 1}));
  const auto labels = read_idx_labels(path);
  REQUIRE(labels.sizes() == torch::IntArrayRef({4}));
  CHECK(labels.scalar_type() == torch::kInt64);
  CHECK(torch::equal(labels, torch::tensor({3, 0, 9, 1}, torch::kInt64)));
}

TEST_CASE("C6: a truncated train-images .gz is an error naming the file and saying truncated", "[data]") {
  const fs::path source = fs::path(real_root()) / "train-images-idx3-ubyte.gz";
  REQUIRE(fs::is_regular_file(source));
  TempDir dir;
  const std::string bytes = contra::testing::read_file(source);
  REQUIRE(bytes.size() > 100000);
  const auto path = contra::testing::write_file(dir / "train-images-idx3-ubyte.gz", bytes.substr(0, 100000));
  const std::string msg = message_of([&] { (void)read_idx_images(path); });
  CHECK_THAT(msg, Catch::Contains(path));
  CHECK_THAT(msg, Catch::Contains("truncated"));
  CHECK(msg.find('\n') == std::string::npos);

  SECTION("and through load_dataset with data.root pointing at the copy") {
    // A copy of the dataset folder in which only train-images is cut (case C6).
    for (const char* name : {"train-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"})
      fs::copy_file(fs::path(real_root()) / name, dir / name);
    auto options = contra::data::dataset_options("fashion-mnist");
    options.root = dir.path().string();
    options.train_subset = 100;
    const std::string m2 = message_of([&] { (void)load_dataset(options); });
    CHECK_THAT(m2, Catch::Contains(path));
    CHECK_THAT(m2, Catch::Contains("truncated"));
  }
}

TEST_CASE("IDX: a plain file with fewer images than its header declares is truncated", "[data]") {
  TempDir dir;
  const auto path = contra::testing::write_file(dir / "short", idx_bytes(0x00000803u, {5, 2, 2}, ramp(13)));
  const std::string msg = message_of([&] { (void)read_idx_images(path); });
  CHECK_THAT(msg, Catch::Contains(path));
  CHECK_THAT(msg, Catch::Contains("truncated"));
  // A header cut short is truncated too.
  const auto header = contra::testing::write_file(dir / "header", idx_bytes(0x00000803u, {5}, {}));
  CHECK_THROWS_WITH(read_idx_images(header), Catch::Contains("truncated"));
}

TEST_CASE("IDX: wrong magic number, extra data and a missing file are errors naming the file", "[data]") {
  TempDir dir;
  // A label file's magic where images are expected.
  const auto labels_as_images = contra::testing::write_file(dir / "images", idx_bytes(0x00000801u, {3}, {1, 2, 3}));
  const std::string msg = message_of([&] { (void)read_idx_images(labels_as_images); });
  CHECK_THAT(msg, Catch::Contains(labels_as_images));
  CHECK_THAT(msg, Catch::Contains("magic"));
  // And the reverse.
  const auto images_as_labels = contra::testing::write_file(dir / "labels", idx_bytes(0x00000803u, {1, 1, 1}, {7}));
  CHECK_THROWS_WITH(read_idx_labels(images_as_labels), Catch::Contains("magic"));
  // More bytes than the header declares.
  const auto extra = contra::testing::write_file(dir / "extra", idx_bytes(0x00000801u, {2}, {1, 2, 3}));
  CHECK_THROWS_AS(read_idx_labels(extra), ContraError);
  // Missing.
  const auto missing = (dir / "nope").string();
  CHECK_THROWS_WITH(read_idx_images(missing), Catch::Contains(missing));
}

TEST_CASE("C5: load_dataset with a nonexistent root says where it looked and how to install", "[data]") {
  TempDir dir;
  auto options = contra::data::dataset_options("fashion-mnist");
  options.root = (dir / "does-not-exist").string();
  const std::string msg = message_of([&] { (void)load_dataset(options, "exp.toml:9"); });
  CHECK_THAT(msg, Catch::Contains("dataset not found"));
  CHECK_THAT(msg, Catch::Contains("apt-get install dataset-fashion-mnist"));
  CHECK_THAT(msg, Catch::Contains(options.root));
  CHECK_THAT(msg, Catch::Contains("exp.toml:9"));
  CHECK(msg.find('\n') == std::string::npos);
  // An existing folder without the files: says which files it looked for.
  options.root = dir.path().string();
  const std::string msg2 = message_of([&] { (void)load_dataset(options); });
  CHECK_THAT(msg2, Catch::Contains("dataset not found"));
  CHECK_THAT(msg2, Catch::Contains("train-images-idx3-ubyte"));
  CHECK_THAT(msg2, Catch::Contains("apt-get install dataset-fashion-mnist"));
}

TEST_CASE("load_dataset on Fashion-MNIST with train_subset = 100", "[data]") {
  auto options = contra::data::dataset_options("fashion-mnist");
  options.train_subset = 100;
  options.test_subset = 50;
  const auto d = load_dataset(options);
  CHECK(d.name == "fashion-mnist");
  CHECK(d.num_classes == 10);
  REQUIRE(d.train.images.sizes() == torch::IntArrayRef({100, 1, 28, 28}));
  CHECK(d.train.images.scalar_type() == torch::kUInt8);
  REQUIRE(d.train.labels.sizes() == torch::IntArrayRef({100}));
  CHECK(d.train.labels.scalar_type() == torch::kInt64);
  CHECK(d.train.labels.min().item<std::int64_t>() >= 0);
  CHECK(d.train.labels.max().item<std::int64_t>() <= 9);
  // Fashion-MNIST's first 100 training labels cover several classes, and the images are not blank.
  CHECK(std::get<0>(torch::_unique(d.train.labels)).numel() >= 5);
  CHECK(d.train.images.to(torch::kFloat32).mean().item<double>() > 10.0);
  CHECK(d.test.images.sizes() == torch::IntArrayRef({50, 1, 28, 28}));
  CHECK(d.test.labels.size(0) == 50);
  REQUIRE(d.mean.size() == 1);
  REQUIRE(d.std.size() == 1);
  CHECK(d.std[0] > 0);
}

TEST_CASE("load_dataset: images and labels of different lengths are an error", "[data]") {
  TempDir dir;
  contra::testing::write_file(dir / "train-images-idx3-ubyte", idx_bytes(0x00000803u, {3, 2, 2}, ramp(12)));
  const auto labels = contra::testing::write_file(dir / "train-labels-idx1-ubyte", idx_bytes(0x00000801u, {2}, {1, 2}));
  contra::testing::write_file(dir / "t10k-images-idx3-ubyte", idx_bytes(0x00000803u, {2, 2, 2}, ramp(8)));
  contra::testing::write_file(dir / "t10k-labels-idx1-ubyte", idx_bytes(0x00000801u, {2}, {0, 1}));
  auto options = contra::data::dataset_options("fashion-mnist");
  options.root = dir.path().string();
  const std::string msg = message_of([&] { (void)load_dataset(options); });
  CHECK_THAT(msg, Catch::Contains(labels));
  CHECK_THAT(msg, Catch::Contains("3 images"));
  CHECK_THAT(msg, Catch::Contains("2 labels"));

  SECTION("with matching lengths the plain files load") {
    contra::testing::write_file(dir / "train-labels-idx1-ubyte", idx_bytes(0x00000801u, {3}, {1, 2, 9}));
    const auto d = load_dataset(options);
    CHECK(d.train.images.sizes() == torch::IntArrayRef({3, 1, 2, 2}));
    CHECK(torch::equal(d.train.labels, torch::tensor({1, 2, 9}, torch::kInt64)));
    CHECK(d.test.size() == 2);
  }
  SECTION("a label outside [0, 9] is an error") {
    contra::testing::write_file(dir / "train-labels-idx1-ubyte", idx_bytes(0x00000801u, {3}, {1, 2, 10}));
    CHECK_THROWS_AS(load_dataset(options), ContraError);
  }
}
