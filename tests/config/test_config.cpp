// Experiment config (DESIGN.md, "Config"; tests/CASES.md C5): typed structs, --set overrides,
// one-line errors naming the file, the key and the value; canonical TOML and its hash.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../support/errors.h"
#include "../support/experiment.h"
#include "../support/temp_dir.h"
#include "contra/augment/recipes.h"
#include "contra/config/experiment.h"
#include "contra/config/load.h"
#include "contra/config/run_id.h"
#include "contra/config/sweep.h"
#include "contra/core/error.h"
#include "contra/methods/registry.h"

using contra::config::Experiment;
using contra::config::parse_set;
using contra::core::ContraError;
using contra::methods::load_experiment;
using contra::methods::parse_experiment;
using contra::testing::experiment_with;
using contra::testing::kExperiment;
using contra::testing::message_of;
using contra::testing::TempDir;

namespace {

/// The message of load_experiment(kExperiment, {--set arg}).
std::string set_error(const std::string& arg) {
  return message_of([&] { (void)load_experiment(kExperiment, {parse_set(arg, kExperiment)}); });
}

/// The message of load_experiment(kExperiment, --set args).
std::string set_error_with(const std::vector<std::string>& args) {
  return message_of([&] { (void)experiment_with(args); });
}

}  // namespace

TEST_CASE("the CPU default experiment loads with its values", "[config]") {
  const auto e = load_experiment(kExperiment);
  CHECK(e.method.name == "moco");
  CHECK(e.method.get<std::int64_t>("queue") == 4096);
  CHECK(e.method.get<double>("momentum") == 0.99);
  CHECK(e.method.get<double>("temperature") == 0.1);
  CHECK(e.model.bn_splits == 8);
  CHECK(e.optim.batch == 256);
  CHECK(e.optim.schedule == contra::config::Schedule::cosine);
  CHECK(e.source == kExperiment);
  // Keys the file does not set keep the paper defaults.
  CHECK(e.optim.lr_gamma == contra::config::OptimOptions{}.lr_gamma);
  // Origins name the file and line.
  CHECK_THAT(e.where("method.momentum"), Catch::Contains("moco-fashion-mnist.toml:"));
}

TEST_CASE("C5: out-of-range and unknown --set values are one-line errors naming file, key and value", "[config]") {
  struct Case {
    std::string set, key, value;
  };
  const std::vector<Case> cases = {
      {"method.momentum=1.5", "method.momentum", "1.5"},
      {"method.temperature=0", "method.temperature", "method.temperature = 0"},
      {"method.queue=0", "method.queue", "method.queue = 0"},
      {"optim.batch=-4", "optim.batch", "-4"},
      {"method.nmae=moco", "method.nmae", "moco"},
      {"method.momentum=-0.1", "method.momentum", "-0.1"},
      {"method.temperature=-1.0", "method.temperature", "-1"},
      {"method.loss=nse", "method.loss", "nse"},
      {"method.loss=nce", "method.loss", "nce"},            // NCE needs the memory bank; the base is MoCo
      {"method.l2_norm=false", "method.l2_norm", "false"},  // only SimCLR may drop the normalisation
      {"method.nce_z_momentum=1.5", "method.nce_z_momentum", "1.5"},
  };
  for (const auto& c : cases) {
    INFO("--set " << c.set);
    const std::string msg = set_error(c.set);
    CHECK_THAT(msg, Catch::Contains("moco-fashion-mnist.toml"));
    CHECK_THAT(msg, Catch::Contains(c.key));
    CHECK_THAT(msg, Catch::Contains(c.value));
    CHECK(msg.find('\n') == std::string::npos);
    CHECK_THAT(msg, !Catch::Contains("no ContraError"));
  }
  // The unknown key lists the valid ones.
  const std::string msg = set_error("method.nmae=moco");
  CHECK_THAT(msg, Catch::Contains("momentum"));
  CHECK_THAT(msg, Catch::Contains("temperature"));
  CHECK_THAT(msg, Catch::Contains("queue"));
}

TEST_CASE("config errors in the file name the file and its line", "[config]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "exp.toml",
                                                "[method]\n"
                                                "name = \"moco\"\n"
                                                "momentum = 1.5\n");
  const std::string msg = message_of([&] { (void)load_experiment(file); });
  CHECK_THAT(msg, Catch::Contains(file + ":3"));
  CHECK_THAT(msg, Catch::Contains("method.momentum"));
  CHECK_THAT(msg, Catch::Contains("1.5"));

  const auto typo = contra::testing::write_file(dir / "typo.toml", "[optim]\nbatch = 64\nepocs = 3\n");
  const std::string m2 = message_of([&] { (void)load_experiment(typo); });
  CHECK_THAT(m2, Catch::Contains(typo + ":3"));
  CHECK_THAT(m2, Catch::Contains("optim.epocs"));
  CHECK_THAT(m2, Catch::Contains("epochs"));  // lists the valid keys
}

TEST_CASE("a TOML syntax error on line 7 gives :7: for experiments and sweeps", "[config]") {
  TempDir dir;
  const std::string text =
      "# line 1\n"
      "[method]\n"
      "name = \"moco\"\n"
      "queue = 1024\n"
      "\n"
      "[optim]\n"
      "batch = = 64\n"  // line 7
      "epochs = 1\n";
  const auto exp_file = contra::testing::write_file(dir / "broken.toml", text);
  const std::string m1 = message_of([&] { (void)load_experiment(exp_file); });
  CHECK_THAT(m1, Catch::Contains(exp_file + ":7:"));
  CHECK(m1.find('\n') == std::string::npos);
  const std::string sweep_text = "experiment = \"" + kExperiment +
                                 "\"\n"
                                 "seeds = [0]\n"
                                 "\n"
                                 "[grid]\n"
                                 "\"method.momentum\" = [0.9, 0.99]\n"
                                 "\n"
                                 "[preset.cpu\n"  // line 7: unterminated table header
                                 "\"optim.epochs\" = 1\n";
  const auto sweep_file = contra::testing::write_file(dir / "broken-sweep.toml", sweep_text);
  const std::string m2 = message_of([&] { (void)contra::config::load_sweep(sweep_file); });
  CHECK_THAT(m2, Catch::Contains(sweep_file + ":7:"));
  CHECK(m2.find('\n') == std::string::npos);
  // From text, the source name is used.
  CHECK_THROWS_WITH(parse_experiment(text, "inline.toml"), Catch::Contains("inline.toml:7:"));
}

TEST_CASE("wrong types, unknown sections and malformed --set are errors", "[config]") {
  const std::string m1 = set_error("optim.batch=\"abc\"");
  CHECK_THAT(m1, Catch::Contains("optim.batch"));
  CHECK_THAT(m1, Catch::Contains("abc"));
  CHECK_THAT(m1, Catch::Contains("integer"));
  // A bare word is a string, so it is the wrong type too.
  CHECK_THAT(set_error("optim.batch=abc"), Catch::Contains("wrong type"));
  CHECK_THAT(set_error("method.momentum=high"), Catch::Contains("method.momentum"));
  // An integer where a float is expected is fine; a float where an integer is expected is not.
  CHECK(experiment_with({"method.momentum=1"}).method.get<double>("momentum") == 1.0);
  CHECK_THAT(set_error("optim.batch=64.5"), Catch::Contains("optim.batch"));
  // Unknown section.
  const std::string m2 = set_error("methd.momentum=0.9");
  CHECK_THAT(m2, Catch::Contains("methd"));
  CHECK_THAT(m2, Catch::Contains("method"));  // lists the sections
  CHECK_THAT(m2, Catch::Contains("moco-fashion-mnist.toml"));
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "sec.toml", "[run]\nseed = 1\n\n[trainer]\nlr = 0.1\n");
  CHECK_THROWS_WITH(load_experiment(file), Catch::Contains("trainer") && Catch::Contains(file + ":"));
  // Malformed --set.
  CHECK_THROWS_AS(parse_set("method.momentum", kExperiment), ContraError);
  CHECK_THROWS_AS(parse_set("momentum=0.9", kExperiment), ContraError);
  CHECK_THROWS_AS(parse_set("=0.9", kExperiment), ContraError);
  CHECK_THROWS_AS(parse_set("a.b.c=1", kExperiment), ContraError);
  // A missing file.
  CHECK_THROWS_WITH(load_experiment((dir / "missing.toml").string()), Catch::Contains("missing.toml"));
}

TEST_CASE("set overrides: bare words are strings and later sets win", "[config]") {
  const auto e =
      experiment_with({"method.name=moco", "method.momentum=0.9", "optim.lr_steps=[3, 5]", "method.momentum=0.5"});
  CHECK(e.method.name == "moco");
  CHECK(e.method.get<double>("momentum") == 0.5);
  CHECK(e.optim.lr_steps == std::vector<std::int64_t>{3, 5});
  CHECK_THAT(e.where("method.momentum"), Catch::Contains("--set method.momentum=0.5"));
  const auto quoted = experiment_with({"method.name=\"moco\""});
  CHECK(quoted.method.name == "moco");
  // An unknown method name lists the valid ones.
  CHECK_THAT(set_error("method.name=simclr_v9"), Catch::Contains("moco"));
}

TEST_CASE("to_toml round trip and run_id", "[config]") {
  const auto e = load_experiment(kExperiment);
  const std::string text = contra::config::to_toml(e);
  const auto e2 = parse_experiment(text, "round-trip.toml");
  CHECK(contra::config::to_toml(e2) == text);
  const std::string hash = contra::config::run_id(e);
  CHECK(contra::config::run_id(e2) == hash);
  REQUIRE(hash.size() == 12);
  CHECK(
      std::all_of(hash.begin(), hash.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }));
  CHECK(
      std::none_of(hash.begin(), hash.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; }));
  // The text holds every section and floats print as written.
  for (const char* section : {"[run]", "[data]", "[augment]", "[model]", "[method]", "[optim]", "[eval]"})
    CHECK_THAT(text, Catch::Contains(section));
  CHECK_THAT(text, Catch::Contains("temperature = 0.1\n"));
  CHECK_THAT(text, Catch::Contains("momentum = 0.99\n"));
  // An override changes the hash; setting a key to the value it already has does not.
  CHECK(contra::config::run_id(experiment_with({"method.momentum=0.9"})) != hash);
  CHECK(contra::config::run_id(experiment_with({"run.seed=1"})) != hash);
  CHECK(contra::config::run_id(experiment_with({"method.momentum=0.99"})) == hash);
  CHECK(contra::config::run_id(experiment_with({"method.momentum=0.990"})) == hash);
  // Stable: the same config hashes the same every time.
  CHECK(contra::config::run_id(load_experiment(kExperiment)) == hash);
  // A round trip with an unusual float keeps it.
  const auto e3 = experiment_with({"optim.lr=0.0123456789"});
  CHECK(parse_experiment(contra::config::to_toml(e3), "x").optim.lr == 0.0123456789);
  CHECK_THAT(contra::config::to_toml(e3), Catch::Contains("lr = 0.0123456789\n"));
  // Values that differ beyond 6 significant digits keep distinct texts and hashes: m = 0.9999999 is not m = 1.
  const auto near_one = experiment_with({"method.momentum=0.9999999"});
  CHECK_THAT(contra::config::to_toml(near_one), Catch::Contains("momentum = 0.9999999\n"));
  CHECK(contra::config::run_id(near_one) != contra::config::run_id(experiment_with({"method.momentum=1.0"})));
  CHECK(parse_experiment(contra::config::to_toml(near_one), "x").method.get<double>("momentum") == 0.9999999);
  // Whole floats keep a decimal point, small ones their exponent.
  const auto e4 = experiment_with({"method.momentum=1", "optim.weight_decay=1e-5"});
  CHECK_THAT(contra::config::to_toml(e4), Catch::Contains("momentum = 1.0\n"));
  CHECK(parse_experiment(contra::config::to_toml(e4), "x").optim.weight_decay == 1e-5);
}

TEST_CASE("value_text and numeric_value read resolved keys", "[config]") {
  const auto e = experiment_with({"method.momentum=0.9"});
  CHECK(contra::config::value_text(e, "method.momentum") == std::optional<std::string>("0.9"));
  CHECK(contra::config::numeric_value(e, "method.momentum") == std::optional<double>(0.9));
  CHECK(contra::config::numeric_value(e, "optim.batch") == std::optional<double>(256.0));
  CHECK_FALSE(contra::config::value_text(e, "method.nope").has_value());
  CHECK_FALSE(contra::config::numeric_value(e, "method.name").has_value());
}

TEST_CASE("the augment recipe sets defaults and explicit keys override it", "[config]") {
  // The default experiment file sets crop_scale_min itself, so the recipe defaults are checked on
  // documents that do not.
  const auto simclr = parse_experiment("[augment]\nrecipe = \"simclr\"\n", "simclr.toml");
  CHECK(simclr.augment.recipe == "simclr");
  CHECK(simclr.augment.crop_scale_min == 0.08);
  CHECK(simclr.augment.blur_prob == 0.5);
  CHECK(simclr.augment.brightness == 0.8);
  const auto v1 = parse_experiment("", "empty.toml");
  CHECK(v1.augment.recipe == "moco_v1");
  CHECK(v1.augment.crop_scale_min == 0.2);
  CHECK(load_experiment(kExperiment).augment.crop_scale_min == 0.5);                // the file's explicit key
  CHECK(experiment_with({"augment.recipe=simclr"}).augment.crop_scale_min == 0.5);  // still the file's key
  CHECK(experiment_with({"augment.recipe=simclr"}).augment.blur_prob == 0.5);       // the recipe's default
  CHECK(v1.augment.blur_prob == 0.0);
  const auto mixed = experiment_with({"augment.recipe=simclr", "augment.crop_scale_min=0.3"});
  CHECK(mixed.augment.crop_scale_min == 0.3);
  CHECK(mixed.augment.blur_prob == 0.5);
  // In a file, the key order does not matter: the explicit key wins even when written before the recipe.
  const auto text = parse_experiment("[augment]\ncrop_scale_min = 0.5\nrecipe = \"simclr\"\n", "aug.toml");
  CHECK(text.augment.crop_scale_min == 0.5);
  CHECK(text.augment.brightness == 0.8);
  CHECK(contra::augment::augment_recipe("identity").flip_prob == 0.0);
  CHECK_THROWS_AS(contra::augment::augment_recipe("nope"), ContraError);
  CHECK_THAT(set_error("augment.recipe=nope"), Catch::Contains("simclr"));
  // The recipes all validate.
  for (const auto& name : contra::config::Schema::names(contra::augment::recipe_specs()))
    CHECK_NOTHROW(experiment_with({"augment.recipe=" + name}));
}

TEST_CASE("every registered method builds from a default experiment", "[config]") {
  for (const auto& name : contra::methods::method_names()) {
    INFO(name);
    auto e = parse_experiment("", "empty.toml", {parse_set("method.name=" + name, "test")});
    if (e.method.find("queue") != nullptr) e.method.set("queue", std::int64_t{16});
    CHECK(contra::methods::make_method(e, {1, 64, 10, 28, 28}) != nullptr);
  }
  auto e = parse_experiment("", "empty.toml");
  e.method.name = "no-such-method";
  CHECK_THROWS_WITH(contra::methods::make_method(e, {1, 64}), Catch::Contains("moco"));
}

TEST_CASE("cross-field checks: batch vs bn_splits and train_subset", "[config]") {
  CHECK_THAT(set_error("optim.batch=100"), Catch::Contains("bn_splits"));  // 100 % 8 != 0
  CHECK_NOTHROW(experiment_with({"optim.batch=96", "model.bn_splits=1"}));
  CHECK_THAT(message_of([] { (void)experiment_with({"data.train_subset=100"}); }),
             Catch::Contains("data.train_subset"));
}

TEST_CASE("run_id: the colour keys are in the id like every key", "[config]") {
  const auto base = contra::config::run_id(experiment_with({"augment.recipe=moco_v2"}));
  // moco_v2's own hue (0.1), saturation (0.4) and grayscale p (0.2): the same run.
  CHECK(contra::config::run_id(experiment_with({"augment.recipe=moco_v2", "augment.hue=0.1", "augment.saturation=0.4",
                                                "augment.grayscale_prob=0.2"})) == base);
  // moco_v1's hue (0.4) under moco_v2 is another run, and so is any other value.
  CHECK(contra::config::run_id(experiment_with({"augment.recipe=moco_v2", "augment.hue=0.4"})) != base);
  CHECK(contra::config::run_id(experiment_with({"augment.recipe=moco_v2", "augment.grayscale_prob=0"})) != base);
  CHECK(contra::config::run_id(experiment_with({"augment.recipe=moco_v2", "augment.saturation=0.5"})) != base);
  // Out of range: one line naming the key.
  CHECK_THAT(set_error("augment.hue=0.6"), Catch::Contains("augment.hue"));
  CHECK_THAT(set_error("augment.saturation=1.5"), Catch::Contains("augment.saturation"));
  CHECK_THAT(set_error("augment.grayscale_prob=-0.1"), Catch::Contains("augment.grayscale_prob"));
}

TEST_CASE("run_id: every committed result's config file hashes to its run id", "[config]") {
  // configs/<id>.toml beside each results folder's runs/ is what `contra train` read; `contra
  // reindex` rewrote them when the run-id scheme changed, so each must read back to its own name.
  namespace fs = std::filesystem;
  int checked = 0;
  for (const auto& entry : fs::recursive_directory_iterator(CONTRA_SOURCE_DIR "/results")) {
    if (entry.path().extension() != ".toml" || entry.path().parent_path().filename() != "configs") continue;
    INFO(entry.path().string());
    CHECK(contra::config::run_id(load_experiment(entry.path().string())) == entry.path().stem().string());
    ++checked;
  }
  CHECK(checked > 100);
}

TEST_CASE("a dataset's own keys: refused for another dataset, naming whose they are", "[config]") {
  CHECK_THAT(set_error("data.train_split=\"train+unlabeled\""),
             Catch::Contains("data.train_split is not an option of dataset 'fashion-mnist' but of 'stl10'"));
  CHECK_THAT(set_error("data.label_kind=coarse"),
             Catch::Contains("data.label_kind is not an option of dataset 'fashion-mnist' but of 'cifar100'"));
  // Under the dataset that owns it, a bad value lists the valid ones.
  CHECK_THAT(set_error_with({"data.dataset=stl10", "data.train_split=unlabeled"}),
             Catch::Contains("data.train_split = 'unlabeled' is unknown; valid: train, train+unlabeled"));
  // The resolved config holds the dataset's own keys only.
  const std::string text = contra::config::to_toml(load_experiment(kExperiment));
  for (const char* key : {"label_kind", "train_split", "image_size"}) CHECK(text.find(key) == std::string::npos);
  CHECK_THAT(contra::config::to_toml(experiment_with({"data.dataset=stl10"})),
             Catch::Contains("train_split = 'train'"));
}

TEST_CASE("set overrides: one line, a number a key can hold, a config value, and a misspelt name lists the valid ones",
          "[config]") {
  contra::testing::check_errors(
      set_error, {
                     {"optim.batch=128\nfoo=1", "the value must be one line"},
                     {"optim.batch=99999999999999999999",
                      "optim.batch: 99999999999999999999 is not a number a config key can hold"},
                     {"data.root={a=1}", "is no value a config key can hold"},
                     {"optim.lr_steps=[1, 99999999999999999999]",
                      "optim.lr_steps: [1, 99999999999999999999] is no value a config key can hold"},
                     {"data.root=\"unclosed", "data.root: \"unclosed is no value a config key can hold"},
                     {"data.root=1979-05-27", "is no value a config key can hold"},
                     {"run.precision=fp33", "run.precision = 'fp33' is unknown; valid: fp32, bf16, fp16"},
                     {"augment.recipe=none", "augment.recipe = 'none' was renamed 'identity'"},
                     {"model.mlp_hidden=100000000000", "model.mlp_hidden = 100000000000 is out of range"},
                     {"data.root=", "data.root is empty; leave it out for the folder of"},
                     {"optim.lr_steps=[5, 3]", "optim.lr_steps = [5, 3]: the epochs must be strictly increasing"},
                     {"optim.lr_steps=[3, 3]", "optim.lr_steps = [3, 3]: the epochs must be strictly increasing"},
                     {"optim.schedule=step", "optim.lr_steps = [120, 160]: the step schedule drops the learning rate "
                                             "after epoch 120, but optim.epochs = 20"},
                 });
  // A bare word is a string, as before.
  CHECK(experiment_with({"data.root=/somewhere/else"}).data.root == "/somewhere/else");
}
