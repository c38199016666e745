// The method registry (methods/registry.h): name -> factory, [method] schema, header line, data checks.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "../support/experiment.h"
#include "contra/core/error.h"
#include "contra/methods/registry.h"

using contra::testing::kExperiment;

TEST_CASE("registry: a resolved config holds the named method's own keys, with its own defaults", "[methods]") {
  const auto e = contra::methods::load_experiment(kExperiment);
  CHECK(e.method.options.keys() ==
        std::vector<std::string>{"queue", "momentum", "temperature", "shuffle_bn", "symmetric", "allow_own_keys"});
  // allow_own_keys only lifts a check: an execution key, never in the run id.
  CHECK(e.method.options.entry("allow_own_keys")->spec.flags == contra::config::kExecution);
  // The same key, another method, its own paper default.
  const auto with = [](const std::string& name) {
    return contra::methods::parse_experiment("", "empty.toml", {contra::config::parse_set("method.name=" + name, "t")});
  };
  CHECK(with("moco").method.get<double>("temperature") == 0.07);  // MoCo v1 Eq. 1
  CHECK(with("simclr").method.get<double>("temperature") == 0.1);  // SimCLR's default (official run.py)
  CHECK(with("supervised").method.options.empty());
}

TEST_CASE("registry: each method describes itself for a table header, and an old name says so", "[methods]") {
  const auto values = [](const std::string& key) { return "<" + key + ">"; };
  for (const auto& name : contra::methods::method_names()) {
    INFO(name);
    CHECK_THAT(contra::methods::describe(name, values), Catch::StartsWith(name));
  }
  CHECK(contra::methods::describe("moco", values) ==
        "moco with queue K = <method.queue>, m = <method.momentum>, shuffle BN <method.shuffle_bn>");
  CHECK_THAT(contra::methods::describe("swav", values), Catch::Contains("not a registered method"));
}

TEST_CASE("registry: the named method's data check, with where its key was set", "[methods]") {
  const auto moco = contra::methods::load_experiment(kExperiment);  // queue 4096
  CHECK_NOTHROW(contra::methods::check_against_data(moco, 60000));
  CHECK_THROWS_WITH(contra::methods::check_against_data(moco, 4096), Catch::Contains("moco-fashion-mnist.toml:") &&
                                                                         Catch::Contains("method.queue = 4096") &&
                                                                         Catch::Contains("4096 training images"));
  // Another method does not read the queue, so it has nothing to check.
  const auto simclr = contra::methods::load_experiment(kExperiment, {{"method.name", "simclr", "test"}});
  CHECK_NOTHROW(contra::methods::check_against_data(simclr, 100));
}

TEST_CASE("make_method: an unknown name lists the valid ones", "[methods]") {
  auto exp = contra::testing::small_experiment("moco");
  exp.method.name = "swav";
  try {
    contra::methods::make_method(exp, {1, 10});
    FAIL("no ContraError for method.name = swav");
  } catch (const contra::core::ContraError& e) {
    const std::string msg = e.what();
    CHECK_THAT(msg, Catch::Contains("swav"));
    for (const auto& name : contra::methods::method_names()) CHECK_THAT(msg, Catch::Contains(name));
  }
}
