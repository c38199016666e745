// The validation split (data/validation.h; config key data.validation, eval.split): a fixed draw of
// training images that no run trains on and that the kNN monitor and the linear probe can be
// pointed at, so that a recipe is chosen without reading the test split.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cstdint>
#include <set>
#include <string>

#include "../support/errors.h"
#include "../support/experiment.h"
#include "../support/temp_dir.h"
#include "../support/train_run.h"
#include "contra/config/run_id.h"
#include "contra/data/registry.h"
#include "contra/data/validation.h"
#include "contra/store/run_record.h"

using contra::testing::message_of;

namespace {

std::set<std::int64_t> as_set(const torch::Tensor& t) {
  std::set<std::int64_t> out;
  for (std::int64_t i = 0; i < t.size(0); ++i) out.insert(t[i].item<std::int64_t>());
  return out;
}

/// A dataset of n 1×1×1 images whose pixel is its index mod 256, labelled by its index mod 10.
contra::data::Dataset numbered(std::int64_t n) {
  contra::data::Dataset d;
  const auto index = torch::arange(n, torch::kInt64);
  d.train = {index.remainder(256).to(torch::kUInt8).view({n, 1, 1, 1}), index.remainder(10)};
  return d;
}

}  // namespace

TEST_CASE("validation: a fixed draw, sorted, without repeats, the smaller inside the larger", "[data]") {
  const auto a = contra::data::validation_indices(1000, 100, "e.toml:3");
  const auto b = contra::data::validation_indices(1000, 100, "e.toml:3");
  REQUIRE(a.size(0) == 100);
  CHECK(torch::equal(a, b));  // no run seed: every run and seed holds out the same images
  CHECK(as_set(a).size() == 100);
  CHECK(torch::equal(a, std::get<0>(a.sort())));
  CHECK(a.min().item<std::int64_t>() >= 0);
  CHECK(a.max().item<std::int64_t>() < 1000);
  CHECK(a.max().item<std::int64_t>() > 500);  // drawn from the whole split, not its head
  const auto small = as_set(contra::data::validation_indices(1000, 40, "e.toml:3"));
  const auto large = as_set(a);
  for (auto i : small) CHECK(large.count(i) == 1);
}

TEST_CASE("validation: refused outside [1, n - 1] in one line naming the key", "[data]") {
  contra::testing::check_errors(
      [](const std::string& count) {
        return message_of([&] { (void)contra::data::validation_indices(50, std::stoll(count), "e.toml:3"); });
      },
      {{"0", "e.toml:3: data.validation = 0 must lie in [1, 49]"},
       {"50", "data.validation = 50 must lie in [1, 49]"},
       {"-2", "data.validation = -2"}});
}

TEST_CASE("validation: held out of training, disjoint, the training order kept", "[data]") {
  auto d = numbered(200);
  contra::data::hold_out_validation(d, 30, "e.toml:3");
  REQUIRE(d.validation.size() == 30);
  REQUIRE(d.train.size() == 170);
  const auto held = contra::data::validation_indices(200, 30, "e.toml:3");
  // The pixel is the original index (below 256) and the label follows its image.
  const auto val_index = d.validation.images.flatten().to(torch::kInt64);
  CHECK(torch::equal(val_index, held));
  CHECK(torch::equal(d.validation.labels, held.remainder(10)));
  const auto train_index = d.train.images.flatten().to(torch::kInt64);
  CHECK(torch::equal(d.train.labels, train_index.remainder(10)));
  CHECK(torch::equal(train_index, std::get<0>(train_index.sort())));
  std::set<std::int64_t> all = as_set(val_index);
  for (auto i : as_set(train_index)) CHECK(all.insert(i).second);
  CHECK(all.size() == 200);
}

TEST_CASE("validation: loading Fashion-MNIST holds out before data.train_subset", "[data]") {
  const auto exp = contra::testing::experiment_with({});
  auto whole = exp.data;
  whole.train_subset = 0;
  whole.test_subset = 100;
  const auto full = contra::data::load_dataset(whole, "e.toml:4");
  auto o = whole;
  o.validation = 1000;
  o.train_subset = 512;
  const auto d = contra::data::load_dataset(o, "e.toml:4");
  const auto held = contra::data::validation_indices(full.train.size(), 1000, "e.toml:4");
  REQUIRE(d.validation.size() == 1000);
  CHECK(torch::equal(d.validation.images, full.train.images.index_select(0, held)));
  CHECK(torch::equal(d.validation.labels, full.train.labels.index_select(0, held)));
  // The training images: the first 512 of those not held out, none of them a validation image.
  auto keep = torch::ones({full.train.size()}, torch::kBool);
  keep.index_fill_(0, held, false);
  const auto rest = keep.nonzero().squeeze(1).slice(0, 0, 512);
  REQUIRE(d.train.size() == 512);
  CHECK(torch::equal(d.train.images, full.train.images.index_select(0, rest)));
  CHECK(torch::equal(d.test.images, full.test.images));  // the test split is untouched
  CHECK(d.mean == full.mean);
  // Every label appears among the validation images (a draw, not a block of one class).
  CHECK(std::get<0>(at::_unique(d.validation.labels)).size(0) == 10);
  o.train_subset = 59500;
  CHECK_THAT(contra::testing::dataset_error(o),
             Catch::Contains("data.train_subset = 59500 is larger than the 59000 training images left after "
                             "data.validation = 1000"));
}

TEST_CASE("validation: eval.split's checks, and the run id kept at the defaults", "[data][config]") {
  const auto base = contra::testing::experiment_with({});
  CHECK(base.data.validation == 0);
  CHECK(base.eval.split == "test");
  CHECK(contra::config::run_id(contra::testing::experiment_with({"data.validation=0", "eval.split=\"test\""})) ==
        contra::config::run_id(base));
  const auto held = contra::testing::experiment_with({"data.validation=5000"});
  CHECK(contra::config::run_id(held) != contra::config::run_id(base));
  CHECK(contra::config::run_id(contra::testing::experiment_with({"data.validation=5000", "eval.split=\"validation\""})) !=
        contra::config::run_id(held));
  contra::testing::check_errors(
      [](const std::string& sets) {
        std::vector<std::string> list;
        for (std::size_t at = 0, next; at < sets.size(); at = next + 1) {
          next = sets.find(' ', at);
          if (next == std::string::npos) next = sets.size();
          list.push_back(sets.substr(at, next - at));
        }
        return message_of([&] { (void)contra::testing::experiment_with(list); });
      },
      {{"eval.split=\"validation\"", "eval.split = 'validation' needs a validation split: set data.validation"},
       {"eval.split=\"val\"", "eval.split = 'val' is unknown; valid: test, validation"},
       {"data.validation=-1", "data.validation"}});
}

TEST_CASE("validation: a run evaluated on it trains as one evaluated on the test split, and says which",
          "[train][data]") {
  const std::vector<std::string> sets = {"data.train_subset=512", "data.test_subset=200", "data.validation=300",
                                         "optim.epochs=1", "optim.batch=128", "model.width=4", "method.queue=256"};
  contra::testing::TempDir dir;
  std::vector<contra::store::RunRecord> records;
  for (const std::string split : {"test", "validation"}) {
    auto with = sets;
    with.push_back("eval.split=\"" + split + "\"");
    const auto result = contra::testing::train_quietly(contra::testing::experiment_with(with), dir / split);
    REQUIRE(result.file.string().size() > 0);
    records.push_back(contra::store::read_run(result.file));
    const auto& rec = records.back();
    const std::string what = result.file.string();
    CHECK(contra::store::get_string(rec.attributes, "eval_split", what) == split);
    CHECK(contra::store::get_int(rec.attributes, "validation_images", what) == 300);
    CHECK(contra::store::get_int(rec.attributes, "eval_images", what) == (split == "test" ? 200 : 300));
    CHECK(contra::store::get_int(rec.attributes, "train_images", what) == 512);
  }
  // The same images and draws trained both (the split only changes what is evaluated).
  CHECK(contra::store::column_as_double(records[0].steps, "loss") ==
        contra::store::column_as_double(records[1].steps, "loss"));
  CHECK(contra::store::get_double(records[0].summary, "knn_top1", "test") !=
        contra::store::get_double(records[1].summary, "knn_top1", "validation"));
}
