// CIFAR-10 and CIFAR-100 binary files (data/cifar.h), written here in the official format with a
// few records each: the layout of the pixels, the labels, the split, the constants, and each bad
// input (missing, truncated, a label out of range, the official count with data.verify).
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "../support/cifar_files.h"
#include "../support/errors.h"
#include "../support/temp_dir.h"
#include "contra/config/experiment.h"
#include "contra/data/cifar.h"
#include "contra/data/registry.h"

namespace fs = std::filesystem;
using contra::testing::message_of;
using contra::testing::TempDir;

namespace {

std::string records(const std::vector<std::vector<std::uint8_t>>& labels) {
  return contra::testing::cifar_records(labels);
}

void write(const fs::path& path, const std::string& bytes) { contra::testing::write_bytes(path, bytes); }

contra::config::DataOptions options(const std::string& dataset, const fs::path& root) {
  auto o = contra::data::dataset_options(dataset, root.string());
  o.verify = false;  // a few records, not the official 10 000
  return o;
}

/// CIFAR-10 files under `dir`: batch b holds 2 records with labels 2b and 2b + 1 (mod 10).
void cifar10_files(const fs::path& dir) {
  for (int b = 1; b <= 5; ++b)
    write(dir / ("data_batch_" + std::to_string(b) + ".bin"),
          records({{static_cast<std::uint8_t>((2 * b) % 10)}, {static_cast<std::uint8_t>((2 * b + 1) % 10)}}));
  write(dir / "test_batch.bin", records({{9}, {0}, {5}}));
}

}  // namespace

TEST_CASE("CIFAR: a binary file's records are labels and 3x32x32 channel-major pixels", "[data]") {
  TempDir dir;
  write(dir / "one.bin", records({{4, 71}, {19, 3}}));  // CIFAR-100: coarse, fine
  const auto fine = contra::data::read_cifar_file((dir / "one.bin").string(), 2, 1);
  REQUIRE(fine.images.sizes() == torch::IntArrayRef({2, 3, 32, 32}));
  CHECK(fine.images.dtype() == torch::kUInt8);
  CHECK(fine.labels.equal(torch::tensor({71, 3}, torch::kInt64)));
  CHECK(contra::data::read_cifar_file((dir / "one.bin").string(), 2, 0)
            .labels.equal(torch::tensor({4, 19}, torch::kInt64)));
  CHECK(fine.images[1][2][5][9].item<int>() == (1 + 14 + 15 + 9) % 256);  // record 1, blue, y 5, x 9
  CHECK(fine.images[0][0][0][31].item<int>() == 31);
}

TEST_CASE("CIFAR-10: the five train batches and the test batch, with constants from the whole train split", "[data]") {
  TempDir dir;
  cifar10_files(dir / "cifar-10-batches-bin");  // as the official archive extracts, under data.root
  auto o = options("cifar10", dir.path());
  o.train_subset = 4;
  const auto d = contra::data::load_dataset(o);
  CHECK(d.num_classes == 10);
  CHECK(d.train.size() == 4);
  CHECK(d.test.size() == 3);
  CHECK(d.train.labels.equal(torch::tensor({2, 3, 4, 5}, torch::kInt64)));
  CHECK(d.test.labels.equal(torch::tensor({9, 0, 5}, torch::kInt64)));
  REQUIRE(d.mean.size() == 3);
  REQUIRE(d.std.size() == 3);
  // The constants are those of all 10 train images (population statistics), not of the 4 kept.
  const auto whole = contra::data::load_dataset(options("cifar10", dir.path())).train;
  REQUIRE(whole.size() == 10);
  const auto pixels = whole.images.to(torch::kFloat64) / 255.0;
  for (int c = 0; c < 3; ++c) {
    CHECK(d.mean[c] == Approx(pixels.select(1, c).mean().item<double>()).epsilon(1e-12));
    CHECK(d.std[c] == Approx(pixels.select(1, c).std(/*unbiased=*/false).item<double>()).epsilon(1e-9));
  }
  CHECK(d.mean[0] != d.mean[2]);  // the channels differ (pixel values shift by 7 per channel)
}

TEST_CASE("CIFAR-100: fine or coarse labels", "[data]") {
  TempDir dir;
  write(dir / "train.bin", records({{3, 99}, {19, 0}}));
  write(dir / "test.bin", records({{0, 42}}));
  auto o = options("cifar100", dir.path());
  const auto fine = contra::data::load_dataset(o);
  CHECK(fine.num_classes == 100);
  CHECK(fine.train.labels.equal(torch::tensor({99, 0}, torch::kInt64)));
  o.options.set("label_kind", std::string("coarse"));
  const auto coarse = contra::data::load_dataset(o);
  CHECK(coarse.num_classes == 20);
  CHECK(coarse.train.labels.equal(torch::tensor({3, 19}, torch::kInt64)));
}

TEST_CASE("CIFAR: bad files are one line naming the file and the defect", "[data]") {
  TempDir dir;
  SECTION("missing: where it looked and where to get it") {
    const auto m = message_of([&] { (void)contra::data::load_dataset(options("cifar10", dir.path()), "e.toml:3"); });
    CHECK_THAT(m, Catch::Contains("e.toml:3") && Catch::Contains("cifar-10-batches-bin") &&
                      Catch::Contains("https://www.cs.toronto.edu/~kriz/cifar-10-binary.tar.gz") &&
                      Catch::Contains(dir.path().string()));
    CHECK(m.find('\n') == std::string::npos);
    // check_dataset (what a sweep asks before it starts) says the same.
    CHECK(message_of([&] { contra::data::check_dataset(options("cifar10", dir.path())); }) ==
          message_of([&] { (void)contra::data::load_dataset(options("cifar10", dir.path())); }));
  }
  SECTION("one file missing, or a folder in its place: that file is named") {
    cifar10_files(dir.path());
    fs::remove(dir / "data_batch_3.bin");
    CHECK_THAT(message_of([&] { (void)contra::data::load_dataset(options("cifar10", dir.path())); }),
               Catch::Contains("data_batch_3.bin is missing or not a regular file") &&
                   !Catch::Contains("data_batch_1.bin"));
    fs::create_directories(dir / "data_batch_3.bin");
    CHECK_THAT(message_of([&] { (void)contra::data::load_dataset(options("cifar10", dir.path())); }),
               Catch::Contains("data_batch_3.bin is missing or not a regular file"));
  }
  SECTION("truncated") {
    cifar10_files(dir.path());
    const std::string whole = records({{1}, {2}});
    write(dir / "data_batch_3.bin", whole.substr(0, whole.size() - 100));
    CHECK_THAT(message_of([&] { (void)contra::data::load_dataset(options("cifar10", dir.path())); }),
               Catch::Contains("data_batch_3.bin") && Catch::Contains("not a whole number of 3073-byte records"));
  }
  SECTION("a label out of range") {
    cifar10_files(dir.path());
    write(dir / "test_batch.bin", records({{1}, {10}}));
    CHECK_THAT(message_of([&] { (void)contra::data::load_dataset(options("cifar10", dir.path())); }),
               Catch::Contains("test_batch.bin") && Catch::Contains("record 1 has label 10, outside [0, 10)"));
    write(dir / "train.bin", records({{20, 1}}));
    write(dir / "test.bin", records({{0, 1}}));
    auto o = options("cifar100", dir.path());
    o.options.set("label_kind", std::string("coarse"));
    CHECK_THAT(message_of([&] { (void)contra::data::load_dataset(o); }),
               Catch::Contains("record 0 has label 20, outside [0, 20)") && Catch::Contains("label_kind = coarse"));
  }
  SECTION("data.verify: the official record count") {
    cifar10_files(dir.path());
    auto o = options("cifar10", dir.path());
    o.verify = true;
    CHECK_THAT(
        message_of([&] { (void)contra::data::load_dataset(o); }),
        Catch::Contains("data_batch_1.bin holds 2 records, the official file 10000") && Catch::Contains("data.verify"));
  }
  SECTION("a subset larger than the split") {
    cifar10_files(dir.path());
    auto o = options("cifar10", dir.path());
    o.test_subset = 4;
    CHECK_THAT(message_of([&] { (void)contra::data::load_dataset(o); }),
               Catch::Contains("data.test_subset = 4 is larger than the 3 images"));
  }
}
