// The method registry (methods/registry.h): name -> factory, [method] schema, header line, data checks.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "../support/experiment.h"
#include "contra/core/error.h"
#include "contra/methods/registry.h"

using contra::testing::kExperiment;

TEST_CASE("registry: the [method] keys are the schema every committed run id was hashed with", "[methods]") {
  // Adding a key to a method adds it to every resolved config, and so changes every run id: this
  // list is the guard. A new method with keys of its own must think about that first.
  std::set<std::string> keys;
  for (const auto& spec : contra::methods::schema())
    for (const auto& o : spec.options) keys.insert(o.key);
  const std::set<std::string> committed = {"queue",          "negatives",  "memory_momentum", "momentum",
                                           "temperature",    "shuffle_bn", "symmetric",       "loss",
                                           "nce_z_momentum", "l2_norm",    "allow_own_keys"};
  CHECK(keys == committed);
  const auto e = contra::methods::load_experiment(kExperiment);
  CHECK(e.method.options.size() == committed.size());
  CHECK(e.method.unhashed == std::set<std::string>{"allow_own_keys"});
}

TEST_CASE("registry: each method describes itself for a table header, and an old name says so", "[methods]") {
  const auto values = [](const std::string& key) { return "<" + key + ">"; };
  for (const auto& name : contra::methods::method_names()) {
    INFO(name);
    CHECK_THAT(contra::methods::describe(name, values), Catch::StartsWith(name));
  }
  CHECK(contra::methods::describe("moco", values) ==
        "moco with queue K = <method.queue>, m = <method.momentum>, shuffle BN <method.shuffle_bn>");
  CHECK_THAT(contra::methods::describe("byol", values), Catch::Contains("not a registered method"));
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
  exp.method.name = "byol";
  try {
    contra::methods::make_method(exp, {1, 10});
    FAIL("no ContraError for method.name = byol");
  } catch (const contra::core::ContraError& e) {
    const std::string msg = e.what();
    CHECK_THAT(msg, Catch::Contains("byol"));
    for (const auto& name : contra::methods::method_names()) CHECK_THAT(msg, Catch::Contains(name));
  }
}
