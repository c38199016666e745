// The run id (config/run_id.h; DESIGN.md, "Run identity"): a key added later with a default that
// reproduces earlier behaviour changes no existing id, declared on the key; an execution key never
// enters the id; the id is a method's own keys only.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "../support/experiment.h"
#include "../support/paths.h"
#include "contra/config/load.h"
#include "contra/config/run_id.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"

namespace fs = std::filesystem;
using contra::config::run_id;

namespace {

/// Today's registries with one option added to MoCo, as a later version would add it.
contra::config::Schema with_fixture_key(int flags) {
  auto schema = contra::methods::schema();
  for (auto& m : schema.methods)
    if (m.name == "moco") m.options.push_back({"fixture_gain", contra::config::Value(1.0), flags, {}});
  return schema;
}

/// Every resolved config the project holds: the experiments and every committed run's.
std::vector<fs::path> config_files() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(fs::path(contra::testing::kSource) / "experiments"))
    if (e.path().extension() == ".toml") out.push_back(e.path());
  for (const auto& e : fs::recursive_directory_iterator(fs::path(contra::testing::kSource) / "results"))
    if (e.path().extension() == ".toml" && e.path().parent_path().filename() == "configs") out.push_back(e.path());
  return out;
}

}  // namespace

TEST_CASE("run id: a key added later at its default changes no existing id", "[config]") {
  const auto added = with_fixture_key(contra::config::kAddedLater);
  int moco = 0;
  for (const auto& file : config_files()) {
    INFO(file.string());
    const auto today = contra::methods::load_experiment(file.string());
    const auto later = contra::config::load_experiment(file.string(), {}, added);
    CHECK(run_id(later) == run_id(today));
    if (today.method.name == "moco") {
      ++moco;
      CHECK(later.method.get<double>("fixture_gain") == 1.0);  // the key is there, at its default
    }
  }
  CHECK(moco > 50);
  // Any other value is another run.
  const auto file = contra::testing::kExperiment;
  const auto set = contra::config::load_experiment(file, {contra::config::parse_set("method.fixture_gain=2", file)}, added);
  CHECK(run_id(set) != run_id(contra::methods::load_experiment(file)));
  // Added without the flag, the same key would have changed every MoCo id: the flag is what keeps them.
  const auto unflagged = contra::config::load_experiment(file, {}, with_fixture_key(contra::config::kNoFlags));
  CHECK(run_id(unflagged) != run_id(contra::methods::load_experiment(file)));
  // An execution key never enters the id, at any value.
  const auto exec = with_fixture_key(contra::config::kExecution);
  CHECK(run_id(contra::config::load_experiment(file, {contra::config::parse_set("method.fixture_gain=5", file)}, exec)) ==
        run_id(contra::methods::load_experiment(file)));
}

TEST_CASE("run id: what it hashes, typed and versioned, the named method's keys only", "[config]") {
  const auto e = contra::testing::experiment_with({});
  const std::string text = contra::config::run_id_text(e);
  CHECK(text.rfind("contra run id v2\n", 0) == 0);
  CHECK_THAT(text, Catch::Contains("method.momentum=f:0.99\n"));
  CHECK_THAT(text, Catch::Contains("method.queue=i:4096\n"));
  CHECK_THAT(text, Catch::Contains("method.name=s4:moco\n"));
  CHECK_THAT(text, Catch::Contains("run.precision=s4:fp32\n"));
  for (const char* key : {"method.negatives", "train.checkpoint_every", "run.dist_backend", "data.verify",
                          "method.allow_own_keys", "run.deterministic", "run.dist_timeout_s"})
    CHECK(text.find(std::string(key) + "=") == std::string::npos);
  // Execution keys change the text a run's config file holds, not the id.
  const auto exec = contra::testing::experiment_with({"train.checkpoint_every=0", "run.dist_timeout_s=7",
                                                      "data.verify=false", "method.allow_own_keys=true"});
  CHECK(run_id(exec) == run_id(e));
  // An integer written for a real-valued key is the same value.
  CHECK(run_id(contra::testing::experiment_with({"method.momentum=1"})) ==
        run_id(contra::testing::experiment_with({"method.momentum=1.0"})));
}

TEST_CASE("run id v1: every committed record's first config hashes to the id it had before the re-index",
          "[config]") {
  // The frozen rule of run ids version 1 (config/run_id.h run_id_v1), against the records that were
  // written under it: the re-index kept their configs and ids (config_before_reindex, reindexed_from).
  int checked = 0;
  for (const auto& e : fs::recursive_directory_iterator(fs::path(contra::testing::kSource) / "results")) {
    if (e.path().extension() != ".h5" || e.path().parent_path().filename() != "runs") continue;
    const auto record = contra::store::read_run(e.path());
    if (record.attributes.count("config_before_reindex") == 0) continue;
    INFO(e.path().string());
    CHECK(contra::config::run_id_v1(std::get<std::string>(record.attributes.at("config_before_reindex")),
                                    contra::methods::schema()) ==
          std::get<std::string>(record.attributes.at("reindexed_from")));
    ++checked;
  }
  CHECK(checked >= 260);
}

TEST_CASE("run id: -0.0 and 0.0 are one value", "[config]") {
  CHECK(run_id(contra::testing::experiment_with({"method.momentum=-0.0"})) ==
        run_id(contra::testing::experiment_with({"method.momentum=0"})));
}
