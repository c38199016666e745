// Image folders (data/image_folder.h), written here as PNG and JPEG files with stb_image_write:
// the class order, the labels, RGB conversion and the resize, each bad input, and a short
// training run to a complete record that names the classes.
#include <stb_image_write.h>
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../support/errors.h"
#include "../support/experiment.h"
#include "../support/temp_dir.h"
#include "../support/train_run.h"
#include "contra/config/experiment.h"
#include "contra/data/image_folder.h"
#include "contra/data/registry.h"
#include "contra/store/run_record.h"
#include "contra/train/trainer.h"

namespace fs = std::filesystem;
using contra::testing::message_of;
using contra::testing::TempDir;

namespace {

/// A w×h image with `channels` channels, pixel (y, x, c) = (value + 11y + 5x + 40c) mod 256.
std::vector<unsigned char> pattern(int w, int h, int channels, int value) {
  std::vector<unsigned char> px(static_cast<std::size_t>(w * h * channels));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      for (int c = 0; c < channels; ++c)
        px[static_cast<std::size_t>((y * w + x) * channels + c)] =
            static_cast<unsigned char>((value + 11 * y + 5 * x + 40 * c) % 256);
  return px;
}

void png(const fs::path& path, int w, int h, int channels, int value) {
  fs::create_directories(path.parent_path());
  const auto px = pattern(w, h, channels, value);
  REQUIRE(stbi_write_png(path.string().c_str(), w, h, channels, px.data(), w * channels) == 1);
}

void jpg(const fs::path& path, int w, int h, int value) {
  fs::create_directories(path.parent_path());
  const auto px = pattern(w, h, 3, value);
  REQUIRE(stbi_write_jpg(path.string().c_str(), w, h, 3, px.data(), 95) == 1);
}

/// train/{cat,ant,bee} and test/{ant,bee,cat}: 8×8 PNGs, 2 per class in train, 1 in test; one JPEG.
void folder(const fs::path& root) {
  const std::vector<std::string> classes = {"cat", "ant", "bee"};
  for (std::size_t c = 0; c < classes.size(); ++c) {
    png(root / "train" / classes[c] / "b.png", 8, 8, 3, 60 * static_cast<int>(c));
    png(root / "train" / classes[c] / "a.PNG", 8, 8, 3, 60 * static_cast<int>(c) + 1);
    png(root / "test" / classes[c] / "x.png", 8, 8, 3, 60 * static_cast<int>(c) + 2);
  }
  jpg(root / "train" / "ant" / "c.jpg", 8, 8, 7);
}

contra::config::DataOptions options(const fs::path& root, std::int64_t side = 8) {
  auto o = contra::data::dataset_options("folder", root.string(), {{"image_size", contra::config::Value(side)}});
  return o;
}

std::string load_error(const contra::config::DataOptions& o) { return contra::testing::dataset_error(o); }

}  // namespace

TEST_CASE("image folder: sorted classes, the classes taking turns, RGB uint8 N x 3 x S x S", "[data]") {
  TempDir dir;
  folder(dir.path());
  const auto d = contra::data::load_dataset(options(dir.path()));
  CHECK(d.class_names == std::vector<std::string>{"ant", "bee", "cat"});
  CHECK(d.num_classes == 3);
  REQUIRE(d.train.images.sizes() == torch::IntArrayRef({7, 3, 8, 8}));
  CHECK(d.train.images.dtype() == torch::kUInt8);
  // Files sorted by name within a class ("a.PNG" < "b.png" < "c.jpg"), classes in turn.
  CHECK(d.train.labels.equal(torch::tensor({0, 1, 2, 0, 1, 2, 0}, torch::kInt64)));
  // Image 0 is ant/a.PNG (value 61): pixel (y 2, x 3, green) = 61 + 22 + 15 + 40.
  CHECK(d.train.images[0][1][2][3].item<int>() == 61 + 22 + 15 + 40);
  // Image 1 is bee/a.PNG (value 121).
  CHECK(d.train.images[1][0][0][0].item<int>() == 121);
  CHECK(d.test.labels.equal(torch::tensor({0, 1, 2}, torch::kInt64)));
  REQUIRE(d.mean.size() == 3);
  CHECK(d.mean[0] == Approx((d.train.images.select(1, 0).to(torch::kFloat64) / 255).mean().item<double>()));
}

TEST_CASE("image folder: gray and RGBA images become RGB, and other sizes are resized", "[data]") {
  TempDir dir;
  png(dir / "gray.png", 8, 8, 1, 30);
  png(dir / "rgba.png", 8, 8, 4, 30);
  png(dir / "wide.png", 20, 10, 3, 30);
  const auto gray = contra::data::read_image((dir / "gray.png").string(), 8);
  CHECK(torch::equal(gray[0], gray[1]));
  CHECK(torch::equal(gray[1], gray[2]));
  CHECK(gray[0][1][1].item<int>() == 30 + 11 + 5);
  const auto rgba = contra::data::read_image((dir / "rgba.png").string(), 8);
  CHECK(rgba.sizes() == torch::IntArrayRef({3, 8, 8}));
  CHECK(rgba[2][0][0].item<int>() == 30 + 80);  // blue kept, alpha dropped
  const auto wide = contra::data::read_image((dir / "wide.png").string(), 6);
  CHECK(wide.sizes() == torch::IntArrayRef({3, 6, 6}));
  // A constant image stays constant through the resize filter.
  std::vector<unsigned char> flat(12 * 9 * 3, 77);
  REQUIRE(stbi_write_png((dir / "flat.png").string().c_str(), 12, 9, 3, flat.data(), 12 * 3) == 1);
  const auto resized = contra::data::read_image((dir / "flat.png").string(), 16);
  CHECK(resized.min().item<int>() == 77);
  CHECK(resized.max().item<int>() == 77);
}

TEST_CASE("image folder: bad inputs are one line naming the folder or file", "[data]") {
  TempDir dir;
  SECTION("a missing root, train or test split") {
    CHECK_THAT(load_error(options(dir / "nowhere")), Catch::Contains("nowhere") && Catch::Contains("does not exist"));
    png(dir / "train" / "a" / "x.png", 8, 8, 3, 0);
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("no test split") && Catch::Contains("val"));
  }
  SECTION("a channel that holds one value in every training image") {
    folder(dir.path());
    for (const auto& entry : fs::recursive_directory_iterator(dir / "train")) {
      if (!entry.is_regular_file()) continue;
      fs::remove(entry.path());
      auto px = pattern(8, 8, 3, 3);
      for (std::size_t i = 2; i < px.size(); i += 3) px[i] = 0;  // blue: 0 everywhere
      const auto to = entry.path().parent_path() / (entry.path().stem().string() + ".png");
      REQUIRE(stbi_write_png(to.string().c_str(), 8, 8, 3, px.data(), 8 * 3) == 1);
    }
    const auto message = load_error(options(dir.path()));
    CHECK_THAT(message, Catch::Contains("channel 2 of 3 of folder's training images holds one value, 0, in every "
                                        "pixel") &&
                            Catch::Contains("store the images without it"));
    CHECK(message.find('\n') == std::string::npos);
  }
  SECTION("a class folder with no images, and a split with no class folders") {
    folder(dir.path());
    fs::create_directories(dir / "train" / "dog");
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("dog") && Catch::Contains("holds no images"));
    fs::remove_all(dir / "train");
    fs::create_directories(dir / "train");
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("no class folders"));
  }
  SECTION("a file that is not an image, by name or by content") {
    folder(dir.path());
    std::ofstream(dir / "train" / "ant" / "notes.txt") << "not an image";
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("notes.txt") && Catch::Contains("not an image"));
    fs::remove(dir / "train" / "ant" / "notes.txt");
    std::ofstream(dir / "train" / "bee" / "broken.png") << "not a png";
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("broken.png: not a PNG or JPEG file"));
    std::ofstream(dir / "train" / "bee" / "broken.png") << std::string("\x89PNG\r\n\x1a\n", 8) << "cut short";
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("broken.png: not a readable PNG or JPEG image ("));
  }
  SECTION("a BMP, GIF or PPM under an image's name, one class, a control character in a name") {
    folder(dir.path());
    std::ofstream(dir / "train" / "ant" / "d.png") << "P6\n8 8\n255\n" << std::string(192, '\x40');  // a PPM
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("d.png: not a PNG or JPEG file"));
    fs::remove(dir / "train" / "ant" / "d.png");
    std::ofstream(dir / "train" / "ant" / "two\nlines.txt") << "x";
    const auto m = load_error(options(dir.path()));
    CHECK_THAT(m, Catch::Contains("two\\x0alines.txt: not an image"));
    CHECK(m.find('\n') == std::string::npos);
    fs::remove(dir / "train" / "ant" / "two\nlines.txt");
    png(dir / "train" / "b\nc" / "x.png", 8, 8, 3, 0);
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("control character"));
    fs::remove_all(dir / "train" / "b\nc");
    for (const char* gone : {"bee", "cat"}) {
      fs::remove_all(dir / "train" / gone);
      fs::remove_all(dir / "test" / gone);
    }
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("one class folder ('ant')"));
  }
  SECTION("a folder inside a class folder, a file beside the class folders, a broken link") {
    folder(dir.path());
    png(dir / "train" / "ant" / "more" / "x.png", 8, 8, 3, 0);
    CHECK_THAT(load_error(options(dir.path())),
               Catch::Contains("train/ant/more: a folder inside a class folder (its images would not be read"));
    fs::remove_all(dir / "train" / "ant" / "more");
    std::ofstream(dir / "train" / "notes.txt") << "x";
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("train/notes.txt: not a class folder"));
    fs::remove(dir / "train" / "notes.txt");
    fs::create_symlink(dir / "nowhere.png", dir / "train" / "ant" / "gone.png");
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("gone.png: a link to a file that does not exist"));
  }
  SECTION("a test class the train split does not have") {
    folder(dir.path());
    png(dir / "test" / "dog" / "x.png", 8, 8, 3, 0);
    CHECK_THAT(load_error(options(dir.path())), Catch::Contains("'dog' is not one of the train split's 3 classes"));
  }
  SECTION("data.image_size unset") {
    folder(dir.path());
    CHECK_THAT(load_error(options(dir.path(), 0)), Catch::Contains("needs data.image_size"));
  }
  for (const auto& m : {load_error(options(dir / "nowhere"))}) CHECK(m.find('\n') == std::string::npos);
}

TEST_CASE("image folder: MoCo trains on a synthetic folder to a record that names its classes", "[data][e2e]") {
  TempDir dir;
  for (int c = 0; c < 4; ++c)
    for (int i = 0; i < 8; ++i) {
      png(dir / "train" / ("class" + std::to_string(c)) / (std::to_string(i) + ".png"), 20, 20, 3, 50 * c + i);
      png(dir / "val" / ("class" + std::to_string(c)) / (std::to_string(i) + ".png"), 20, 20, 3, 50 * c + i + 3);
    }
  const std::vector<std::string> sets = {"data.dataset=folder", "data.root=\"" + dir.path().string() + "\"",
                                         "data.image_size=16",  "augment.recipe=moco_v1",
                                         "optim.batch=16",      "optim.epochs=1",
                                         "model.width=4",       "model.dim=16",
                                         "model.bn_splits=2",   "method.queue=16",
                                         "eval.knn_k=5",        "eval.knn_random_init=false"};
  const auto result = contra::testing::train_quietly(contra::testing::experiment_with(sets), dir / "runs");
  INFO(result.reason);
  REQUIRE(result.status == "complete");
  const auto rec = contra::store::read_run(result.file);
  CHECK(contra::store::get_string(rec.attributes, "classes", "rec") == "class0\nclass1\nclass2\nclass3");
  CHECK(contra::store::get_int(rec.attributes, "train_images", "rec") == 32);
  CHECK(std::isfinite(contra::store::get_double(rec.summary, "knn_top1", "rec")));
}
