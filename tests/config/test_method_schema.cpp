// [method] read against a schema of methods (config/method_schema.h): config knows no method by
// name, only the keys, defaults, flags and checks the schema hands it. A toy schema here, so these
// tests do not depend on the registered methods.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "contra/config/load.h"
#include "contra/config/method_schema.h"
#include "contra/core/error.h"

using contra::config::MethodSchema;
using contra::config::parse_experiment;

namespace {

struct AlphaOptions {
  std::int64_t width = 3;  ///< alpha's own key
  double tau = 0.5;        ///< shared with beta

  template <class V>
  void visit(V& v) {
    v("width", width);
    v("tau", tau);
  }
};

struct BetaOptions {
  double tau = 0.5;
  std::string mode = "plain";  ///< only beta reads it: refused elsewhere unless plain
  bool lenient = false;        ///< not part of the run id

  template <class V>
  void visit(V& v) {
    v("tau", tau);
    v("mode", mode, contra::config::kExclusive);
    v("lenient", lenient, contra::config::kUnhashed);
  }
};

/// Each method checks its own options; `data_checks` counts calls of the data check by method.
MethodSchema toy_schema(std::vector<std::string>* data_checks = nullptr) {
  using contra::config::Experiment;
  MethodSchema s(2);
  s[0].name = "alpha";
  s[0].options = contra::config::option_specs<AlphaOptions>();
  s[0].validate = [](const Experiment& e) {
    const auto o = contra::config::read_options<AlphaOptions>(e.method);
    CONTRA_CHECK(o.width >= 1, "{}: method.width = {} is out of range", e.where("method.width"), o.width);
  };
  s[0].check_against_data = [data_checks](const Experiment&, std::int64_t n) {
    if (data_checks) data_checks->push_back("alpha " + std::to_string(n));
  };
  s[1].name = "beta";
  s[1].options = contra::config::option_specs<BetaOptions>();
  s[1].validate = [](const Experiment& e) {
    const auto o = contra::config::read_options<BetaOptions>(e.method);
    CONTRA_CHECK(o.tau > 0, "{}: method.tau = {} is out of range", e.where("method.tau"), o.tau);
  };
  s[1].check_against_data = [data_checks](const Experiment&, std::int64_t n) {
    if (data_checks) data_checks->push_back("beta " + std::to_string(n));
  };
  return s;
}

std::string error_of(const std::string& text) {
  try {
    (void)parse_experiment(text, "toy.toml", {}, toy_schema());
  } catch (const contra::core::ContraError& e) {
    return e.what();
  }
  return "(no ContraError thrown)";
}

}  // namespace

TEST_CASE("method schema: every method's keys at their defaults, typed, whichever method is named", "[config]") {
  const auto e = parse_experiment("[method]\nname = \"alpha\"\nwidth = 7\n", "toy.toml", {}, toy_schema());
  CHECK(e.method.get<std::int64_t>("width") == 7);
  CHECK(e.method.get<double>("tau") == 0.5);
  CHECK(e.method.get<std::string>("mode") == "plain");  // beta's key, at its default
  CHECK_FALSE(e.method.get<bool>("lenient"));
  CHECK(e.method.options.size() == 4);  // tau once
  CHECK_THAT(e.where("method.width"), Catch::Contains("toy.toml:3"));
  const auto opts = contra::config::read_options<AlphaOptions>(e.method);
  CHECK(opts.width == 7);
  // The resolved text holds every key, so it does not depend on the method named.
  const std::string text = contra::config::to_toml(e);
  for (const char* line : {"width = 7\n", "tau = 0.5\n", "mode = 'plain'\n", "lenient = false\n"})
    CHECK_THAT(text, Catch::Contains(line));
  // An integer where the option is a real number reads as that number.
  CHECK(parse_experiment("[method]\nname = \"beta\"\ntau = 2\n", "t", {}, toy_schema()).method.get<double>("tau") ==
        2.0);
}

TEST_CASE("method schema: unknown keys, wrong types and out-of-range values are one-line errors", "[config]") {
  const auto unknown = error_of("[method]\nname = \"alpha\"\nwidht = 2\n");
  CHECK_THAT(unknown, Catch::Contains("toy.toml:3") && Catch::Contains("method.widht"));
  for (const char* key : {"width", "tau", "mode", "lenient"}) CHECK_THAT(unknown, Catch::Contains(key));
  CHECK_THAT(error_of("[method]\nwidth = 1.5\n"), Catch::Contains("method.width") && Catch::Contains("integer"));
  // Every method checks its options, whichever is named: beta's τ is refused under alpha too.
  CHECK_THAT(error_of("[method]\nname = \"alpha\"\ntau = -1.0\n"), Catch::Contains("toy.toml:3: method.tau = -1"));
  CHECK_THAT(error_of("[method]\nname = \"alpha\"\nwidth = 0\n"), Catch::Contains("method.width = 0"));
  // An unknown method lists the schema's.
  CHECK_THAT(error_of("[method]\nname = \"gamma\"\n"),
             Catch::Contains("gamma") && Catch::Contains("alpha") && Catch::Contains("beta"));
}

TEST_CASE("method schema: an exclusive option of another method must keep its default", "[config]") {
  const std::string msg = error_of("[method]\nname = \"alpha\"\nmode = \"fancy\"\n");
  CHECK_THAT(msg, Catch::Contains("toy.toml:3") && Catch::Contains("method.mode") && Catch::Contains("fancy"));
  CHECK_THAT(msg, Catch::Contains("only beta reads it"));
  CHECK(msg.find('\n') == std::string::npos);
  CHECK_NOTHROW(parse_experiment("[method]\nname = \"alpha\"\nmode = \"plain\"\n", "t", {}, toy_schema()));
  CHECK_NOTHROW(parse_experiment("[method]\nname = \"beta\"\nmode = \"fancy\"\n", "t", {}, toy_schema()));
  // A plain (non-exclusive) key of another method is accepted and ignored.
  CHECK_NOTHROW(parse_experiment("[method]\nname = \"beta\"\nwidth = 9\n", "t", {}, toy_schema()));
}

TEST_CASE("method schema: an unhashed option changes the text but not the run id", "[config]") {
  const auto a = parse_experiment("[method]\nname = \"beta\"\n", "t", {}, toy_schema());
  const auto b = parse_experiment("[method]\nname = \"beta\"\nlenient = true\n", "t", {}, toy_schema());
  const auto c = parse_experiment("[method]\nname = \"beta\"\ntau = 0.25\n", "t", {}, toy_schema());
  CHECK(contra::config::to_toml(a) != contra::config::to_toml(b));
  CHECK(contra::config::config_hash(a) == contra::config::config_hash(b));
  CHECK(contra::config::config_hash(a) != contra::config::config_hash(c));
}

TEST_CASE("method schema: only the named method checks the data, when data.train_subset says its size", "[config]") {
  std::vector<std::string> calls;
  (void)parse_experiment("[method]\nname = \"beta\"\n[data]\ntrain_subset = 500\n[optim]\nbatch = 64\n", "t", {},
                         toy_schema(&calls));
  CHECK(calls == std::vector<std::string>{"beta 500"});
  calls.clear();
  (void)parse_experiment("[method]\nname = \"beta\"\n", "t", {}, toy_schema(&calls));
  CHECK(calls.empty());
}

TEST_CASE("option_specs: keys, defaults and flags in visit() order", "[config]") {
  const auto specs = contra::config::option_specs<BetaOptions>();
  REQUIRE(specs.size() == 3);
  CHECK(specs[0].key == "tau");
  CHECK(std::get<double>(specs[0].default_value) == 0.5);
  CHECK(specs[1].key == "mode");
  CHECK(specs[1].flags == contra::config::kExclusive);
  CHECK(specs[2].key == "lenient");
  CHECK(specs[2].flags == contra::config::kUnhashed);
}
