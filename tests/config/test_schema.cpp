// The config reader against a schema of components (config/schema.h): config knows no method,
// dataset or recipe by name, only the keys, defaults, flags and checks the schema hands it. A toy
// schema here, so these tests do not depend on the registered components.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "contra/config/load.h"
#include "contra/config/run_id.h"
#include "contra/config/schema.h"
#include "contra/core/error.h"

using contra::config::parse_experiment;
using contra::config::Schema;

namespace {

struct AlphaOptions {
  std::int64_t width = 3;  ///< alpha's own key
  double tau = 0.5;        ///< a key beta has too, with another default

  template <class V>
  void visit(V& v) {
    v("width", width);
    v("tau", tau);
  }
};

enum class Mode { plain, fancy };
const std::vector<std::string>& names_of(Mode) {
  static const std::vector<std::string> names = {"plain", "fancy"};
  return names;
}

struct BetaOptions {
  double tau = 0.25;
  Mode mode = Mode::plain;  ///< an enumeration
  bool lenient = false;     ///< how the run executes: not part of the run id

  template <class V>
  void visit(V& v) {
    v("tau", tau);
    v("mode", mode);
    v("lenient", lenient, contra::config::kExecution);
  }
};

/// Each method checks its own options; `data_checks` counts calls of the data check by method.
Schema toy_schema(std::vector<std::string>* data_checks = nullptr) {
  using contra::config::Experiment;
  Schema s;
  s.methods.resize(2);
  s.methods[0].name = "alpha";
  s.methods[0].options = contra::config::option_specs<AlphaOptions>();
  s.methods[0].validate = [](const Experiment& e) {
    const auto o = contra::config::read_options<AlphaOptions>(e.method.options);
    CONTRA_CHECK(o.width >= 1, "{}: method.width = {} is out of range", e.where("method.width"), o.width);
  };
  s.methods[0].check_against_data = [data_checks](const Experiment&, std::int64_t n) {
    if (data_checks) data_checks->push_back("alpha " + std::to_string(n));
  };
  s.methods[1].name = "beta";
  s.methods[1].options = contra::config::option_specs<BetaOptions>();
  s.methods[1].validate = [](const Experiment& e) {
    const auto o = contra::config::read_options<BetaOptions>(e.method.options);
    CONTRA_CHECK(o.tau > 0, "{}: method.tau = {} is out of range", e.where("method.tau"), o.tau);
  };
  s.methods[1].check_against_data = [data_checks](const Experiment&, std::int64_t n) {
    if (data_checks) data_checks->push_back("beta " + std::to_string(n));
  };
  s.datasets.push_back({"toyset", {}, "/toy/root", {}, {}});
  s.recipes.push_back({"plain", [](contra::config::AugmentOptions&) {}});
  s.recipes.push_back({"wide", [](contra::config::AugmentOptions& a) { a.crop_scale_min = 0.1; }});
  return s;
}

contra::config::Experiment read(const std::string& text, const std::vector<std::string>& sets = {}) {
  std::vector<contra::config::Override> overrides;
  for (const auto& s : sets) overrides.push_back(contra::config::parse_set(s, "toy.toml"));
  return parse_experiment(text, "toy.toml", overrides, toy_schema());
}

std::string error_of(const std::string& text, const std::vector<std::string>& sets = {}) {
  try {
    (void)read(text, sets);
  } catch (const contra::core::ContraError& e) {
    return e.what();
  }
  return "(no ContraError thrown)";
}

}  // namespace

TEST_CASE("schema: the named method's keys only, typed, each with its own default", "[config]") {
  const auto e = read("[method]\nname = \"alpha\"\nwidth = 7\n");
  CHECK(e.method.get<std::int64_t>("width") == 7);
  CHECK(e.method.get<double>("tau") == 0.5);  // alpha's default
  CHECK(e.method.find("mode") == nullptr);    // beta's key: not alpha's
  CHECK(e.method.options.keys() == std::vector<std::string>{"width", "tau"});
  CHECK_THAT(e.where("method.width"), Catch::Contains("toy.toml:3"));
  CHECK(contra::config::read_options<AlphaOptions>(e.method.options).width == 7);
  // The same key name, another method, another default.
  CHECK(read("[method]\nname = \"beta\"\n").method.get<double>("tau") == 0.25);
  // The resolved text holds the named method's keys only.
  const std::string text = contra::config::to_toml(e);
  CHECK_THAT(text, Catch::Contains("width = 7\n") && Catch::Contains("tau = 0.5\n"));
  CHECK(text.find("mode =") == std::string::npos);
  // An integer where the option is a real number reads as that number; an enumeration as its name.
  const auto b = read("[method]\nname = \"beta\"\ntau = 2\nmode = \"fancy\"\n");
  CHECK(b.method.get<double>("tau") == 2.0);
  CHECK(contra::config::read_options<BetaOptions>(b.method.options).mode == Mode::fancy);
  // Nothing named: the first registered method, dataset and recipe, with the dataset's own folder.
  const auto empty = read("");
  CHECK(empty.method.name == "alpha");
  CHECK(empty.data.dataset == "toyset");
  CHECK(empty.data.root == "/toy/root");
  CHECK(empty.augment.recipe == "plain");
}

TEST_CASE("schema: another method's key, unknown keys, wrong types and bad values are one-line errors", "[config]") {
  const auto foreign = error_of("[method]\nname = \"alpha\"\nmode = \"fancy\"\n");
  CHECK_THAT(foreign, Catch::Contains("toy.toml:3: method.mode is not an option of method 'alpha' but of 'beta'"));
  CHECK_THAT(foreign, Catch::Contains("width, tau"));
  const auto unknown = error_of("[method]\nname = \"alpha\"\nwidht = 2\n");
  CHECK_THAT(unknown, Catch::Contains("toy.toml:3") && Catch::Contains("method.widht"));
  CHECK_THAT(unknown, Catch::Contains("width") && Catch::Contains("tau"));
  CHECK_THAT(error_of("[method]\nwidth = 1.5\n"), Catch::Contains("method.width") && Catch::Contains("integer"));
  CHECK_THAT(error_of("[method]\nname = \"beta\"\nmode = \"odd\"\n"),
             Catch::Contains("method.mode = 'odd' is unknown; valid: plain, fancy"));
  CHECK_THAT(error_of("[method]\nname = \"alpha\"\nwidth = 0\n"), Catch::Contains("method.width = 0"));
  // An override of another method's key names whose key it is.
  CHECK_THAT(error_of("", {"method.mode=fancy"}),
             Catch::Contains("toy.toml (--set method.mode=fancy): method.mode is not an option of method 'alpha'"));
  // An unknown method lists the schema's.
  CHECK_THAT(error_of("[method]\nname = \"gamma\"\n"),
             Catch::Contains("gamma") && Catch::Contains("alpha") && Catch::Contains("beta"));
  for (const auto& m : {foreign, unknown}) CHECK(m.find('\n') == std::string::npos);
}

TEST_CASE("schema: naming another method drops the file's method options, checked first", "[config]") {
  const std::string file = "[method]\nname = \"alpha\"\nwidth = 7\ntau = 0.9\n";
  const auto e = read(file, {"method.name=beta"});
  CHECK(e.method.name == "beta");
  CHECK(e.method.get<double>("tau") == 0.25);  // beta's own default, not alpha's 0.9 from the file
  CHECK(e.where("method.name") == "toy.toml (--set method.name=beta)");
  // The file's options are still checked against its own method.
  CHECK_THAT(error_of("[method]\nname = \"alpha\"\nwidth = \"x\"\n", {"method.name=beta"}),
             Catch::Contains("method.width"));
  // An override after the switch sets the new method's key.
  CHECK(read(file, {"method.name=beta", "method.tau=3.0"}).method.get<double>("tau") == 3.0);
  // Overrides in either order: the method is resolved first.
  CHECK(read(file, {"method.tau=3.0", "method.name=beta"}).method.get<double>("tau") == 3.0);
}

TEST_CASE("schema: a recipe sets the [augment] defaults, the file's values apply over it", "[config]") {
  CHECK(read("").augment.crop_scale_min == 0.2);
  CHECK(read("[augment]\nrecipe = \"wide\"\n").augment.crop_scale_min == 0.1);
  CHECK(read("[augment]\ncrop_scale_min = 0.5\nrecipe = \"wide\"\n").augment.crop_scale_min == 0.5);
  CHECK(read("[augment]\ncrop_scale_min = 0.5\n", {"augment.recipe=wide"}).augment.crop_scale_min == 0.5);
  CHECK_THAT(error_of("[augment]\nrecipe = \"narrow\"\n"), Catch::Contains("augment.recipe = 'narrow' is unknown; valid: plain, wide"));
}

TEST_CASE("schema: an execution key changes the text but not the run id", "[config]") {
  const auto a = read("[method]\nname = \"beta\"\n");
  const auto b = read("[method]\nname = \"beta\"\nlenient = true\n");
  const auto c = read("[method]\nname = \"beta\"\ntau = 0.5\n");
  CHECK(contra::config::to_toml(a) != contra::config::to_toml(b));
  CHECK(contra::config::run_id(a) == contra::config::run_id(b));
  CHECK(contra::config::run_id(a) != contra::config::run_id(c));
  CHECK(contra::config::run_id_text(a).find("lenient") == std::string::npos);
  CHECK(contra::config::run_id_text(a).rfind("contra run id v2\n", 0) == 0);
}

TEST_CASE("schema: only the named method checks the data, when data.train_subset says its size", "[config]") {
  std::vector<std::string> calls;
  (void)parse_experiment("[method]\nname = \"beta\"\n[data]\ntrain_subset = 500\n[optim]\nbatch = 64\n", "t", {},
                         toy_schema(&calls));
  CHECK(calls == std::vector<std::string>{"beta 500"});
  calls.clear();
  (void)parse_experiment("[method]\nname = \"beta\"\n", "t", {}, toy_schema(&calls));
  CHECK(calls.empty());
}

TEST_CASE("schema: a flat stored config of run ids v1 reads with the other methods' keys left out", "[config]") {
  const std::string flat = "[method]\nname = \"alpha\"\nwidth = 4\ntau = 0.5\nmode = 'plain'\nlenient = false\n";
  CHECK_THAT(error_of(flat), Catch::Contains("is not an option of method 'alpha' but of 'beta'"));
  const auto e = parse_experiment(flat, "t", {}, toy_schema(), contra::config::ReadMode::flat_v1);
  CHECK(e.method.options.keys() == std::vector<std::string>{"width", "tau"});
  CHECK(e.method.get<std::int64_t>("width") == 4);
  // A key no registered method has is still an error.
  CHECK_THROWS(parse_experiment(flat + "nope = 1\n", "t", {}, toy_schema(), contra::config::ReadMode::flat_v1));
}

TEST_CASE("option_specs: keys, defaults, flags and an enumeration's names in visit() order", "[config]") {
  const auto specs = contra::config::option_specs<BetaOptions>();
  REQUIRE(specs.size() == 3);
  CHECK(specs[0].key == "tau");
  CHECK(std::get<double>(specs[0].default_value) == 0.25);
  CHECK(specs[1].key == "mode");
  CHECK(std::get<std::string>(specs[1].default_value) == "plain");
  CHECK(specs[1].choices == std::vector<std::string>{"plain", "fancy"});
  CHECK(specs[2].key == "lenient");
  CHECK(specs[2].flags == contra::config::kExecution);
}

TEST_CASE("schema: the file's options of a method the run does not use are still range-checked", "[config]") {
  // alpha's width must be >= 1; beta's mode one of its names: checked though the run names the other.
  CHECK_THAT(error_of("[method]\nname = \"alpha\"\nwidth = 0\n", {"method.name=beta"}),
             Catch::Contains("toy.toml:3: method.width = 0"));
  CHECK_THAT(error_of("[method]\nname = \"beta\"\nmode = \"odd\"\n", {"method.name=alpha"}),
             Catch::Contains("method.mode = 'odd' is unknown"));
  // A key of no method the file names: "the file names none" says which method it was read as.
  CHECK_THAT(error_of("[method]\nmode = \"fancy\"\n", {"method.name=beta"}),
             Catch::Contains("is not an option of method 'alpha' (the file names none: the default) but of 'beta'"));
}
