// Typed access to a resolved config (config/load.h value_of, axis_values; config/value.h): every
// key's value as the config holds it, found through Experiment::visit, with no TOML round trip,
// and a sweep's axis values as records and listings name them.
#include <catch2/catch.hpp>

#include <cstdint>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "../support/experiment.h"
#include "contra/config/load.h"
#include "contra/config/value.h"
#include "contra/core/error.h"
#include "contra/methods/registry.h"

// Comparisons of Values sit in extra parentheses: Catch would otherwise try to print a variant
// (through the operator<< for containers that the precompiled LibTorch headers bring).
using contra::config::AxisValues;
using contra::config::Value;
using contra::testing::experiment_with;

TEST_CASE("config value_of: each key typed as the config holds it", "[config]") {
  const auto e = experiment_with({"method.momentum=0", "model.head=mlp", "method.shuffle_bn=false", "optim.batch=64"});
  using contra::config::value_of;
  CHECK((value_of(e, "method.momentum") == std::optional<Value>(0.0)));  // a double, though written 0
  CHECK((value_of(e, "optim.batch") == std::optional<Value>(std::int64_t{64})));
  CHECK((value_of(e, "model.head") == std::optional<Value>(std::string("mlp"))));
  CHECK((value_of(e, "method.shuffle_bn") == std::optional<Value>(false)));
  CHECK((value_of(e, "optim.lr_steps") == std::optional<Value>(std::vector<std::int64_t>{120, 160})));
  CHECK(value_of(e, "train.checkpoint_every").has_value());  // the last section too
  CHECK_FALSE(value_of(e, "method.nope").has_value());
  CHECK_FALSE(value_of(e, "nope.momentum").has_value());
  CHECK_FALSE(value_of(e, "momentum").has_value());
}

TEST_CASE("config display_text: a string without its TOML quotes, anything else as its literal", "[config]") {
  const auto e = experiment_with({"model.head=mlp", "method.momentum=0.99", "method.shuffle_bn=false"});
  using contra::config::display_text;
  CHECK(display_text(e, "model.head") == std::optional<std::string>("mlp"));
  CHECK(contra::config::value_text(e, "model.head") != std::optional<std::string>("mlp"));  // quoted there
  CHECK(display_text(e, "method.momentum") == std::optional<std::string>("0.99"));
  CHECK(display_text(e, "method.shuffle_bn") == std::optional<std::string>("false"));
  CHECK(display_text(e, "optim.lr_steps") == contra::config::value_text(e, "optim.lr_steps"));
  CHECK_FALSE(display_text(e, "method.nope").has_value());
}

TEST_CASE("config value_of: every key of the resolved config, with the text to_toml prints", "[config]") {
  const auto e = experiment_with({"method.momentum=0.99", "augment.recipe=simclr"});
  std::istringstream text(contra::config::to_toml(e));
  std::string line, section;
  int keys = 0;
  for (; std::getline(text, line);) {
    if (line.empty()) continue;
    if (line.front() == '[') {
      section = line.substr(1, line.size() - 2);
      continue;
    }
    const auto eq = line.find(" = ");
    REQUIRE(eq != std::string::npos);
    const std::string key = section + "." + line.substr(0, eq);
    INFO(key);
    const auto value = contra::config::value_of(e, key);
    REQUIRE(value.has_value());
    CHECK(contra::config::literal(*value) == line.substr(eq + 3));
    CHECK(contra::config::value_text(e, key) == std::optional<std::string>(line.substr(eq + 3)));
    ++keys;
  }
  CHECK(keys > 40);
}

TEST_CASE("config axis_values: a sweep's axes in its order, typed, and their text", "[config]") {
  const auto e = experiment_with({"model.head=mlp", "method.momentum=0.9", "method.shuffle_bn=false"});
  const AxisValues axes =
      contra::config::axis_values(e, {"model.head", "method.momentum", "optim.batch", "method.shuffle_bn"});
  REQUIRE(axes.size() == 4);
  CHECK((axes[0] == std::make_pair(std::string("model.head"), Value(std::string("mlp")))));
  CHECK((axes[1] == std::make_pair(std::string("method.momentum"), Value(0.9))));
  CHECK((axes[2] == std::make_pair(std::string("optim.batch"), Value(std::int64_t{256}))));
  CHECK((axes[3] == std::make_pair(std::string("method.shuffle_bn"), Value(false))));
  CHECK(contra::config::to_text(axes) ==
        "model.head='mlp' method.momentum=0.9 optim.batch=256 method.shuffle_bn=false");
  CHECK(contra::config::to_text({}).empty());
  CHECK(contra::config::axis_values(e, {}).empty());
  CHECK_THROWS_WITH(contra::config::axis_values(e, {"method.momentum", "method.momentm"}),
                    Catch::Contains("axis 'method.momentm' is not a config key"));
}
