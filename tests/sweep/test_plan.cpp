// Sweep planning (DESIGN.md, "Config"): a run's id is a short hash of its resolved config, so
// re-running a sweep skips what is done and changing one value runs only the changed runs.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "../support/paths.h"
#include "../support/temp_dir.h"
#include "contra/config/run_id.h"
#include "contra/config/load.h"
#include "contra/core/error.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"
#include "contra/sweep/plan.h"

namespace fs = std::filesystem;
using contra::sweep::plan_sweep;
using contra::sweep::RunState;
using contra::testing::kExperiment;
using contra::testing::TempDir;

namespace {

std::string sweep_text(const std::string& momenta) {
  return "experiment = \"" + kExperiment + "\"\n" + "seeds = [0, 1]\n[grid]\n\"method.momentum\" = [" + momenta +
         "]\n[preset.cpu]\n\"data.train_subset\" = 2000\n\"optim.epochs\" = 1\n\"method.queue\" = 1024\n";
}

/// id of the run with momentum `m` and seed `seed`.
std::string id_of(const contra::sweep::SweepPlan& plan, const std::string& m, std::int64_t seed) {
  for (const auto& r : plan.runs)
    if (r.seed == seed && r.axes.size() == 1 && contra::config::literal(r.axes[0].second) == m) return r.id;
  FAIL("no run with momentum " << m << " and seed " << seed);
  return "";
}

}  // namespace

TEST_CASE("plan_sweep: ids are stable, distinct, and one changed value changes only its runs", "[sweep]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "mom.toml", sweep_text("0.9, 0.99, 0.999"));
  const auto results = dir / "results";
  const auto a = plan_sweep(file, "", {}, results);
  const auto b = plan_sweep(file, "", {}, results);
  CHECK(a.preset == "cpu");
  CHECK(a.dir == results / "mom" / "cpu");
  CHECK(a.runs_dir() == results / "mom" / "cpu" / "runs");
  REQUIRE(a.runs.size() == 6);
  REQUIRE(b.runs.size() == 6);
  std::set<std::string> ids;
  for (std::size_t i = 0; i < a.runs.size(); ++i) {
    CHECK(a.runs[i].id == b.runs[i].id);
    CHECK(a.runs[i].id.size() == 12);
    CHECK(a.runs[i].id == contra::config::run_id(a.runs[i].experiment));
    CHECK(a.runs[i].state == RunState::todo);
    CHECK(a.runs[i].experiment.data.train_subset == 2000);
    CHECK(a.runs[i].experiment.run.seed == a.runs[i].seed);
    ids.insert(a.runs[i].id);
  }
  CHECK(ids.size() == 6);
  CHECK(a.runs[2].experiment.method.get<double>("momentum") == 0.99);
  CHECK(contra::sweep::describe(a.runs[2]) == "method.momentum=0.99 seed=0");
  // Planning reads and writes nothing under results.
  CHECK_FALSE(fs::exists(results));

  // Change one grid value: only its runs get new ids.
  contra::testing::write_file(dir / "mom.toml", sweep_text("0.9, 0.95, 0.999"));
  const auto c = plan_sweep(file, "", {}, results);
  REQUIRE(c.runs.size() == 6);
  for (std::int64_t seed : {0, 1}) {
    CHECK(id_of(c, "0.9", seed) == id_of(a, "0.9", seed));
    CHECK(id_of(c, "0.999", seed) == id_of(a, "0.999", seed));
    CHECK(id_of(c, "0.95", seed) != id_of(a, "0.99", seed));
    CHECK(ids.count(id_of(c, "0.95", seed)) == 0);
  }
  // A --set applied to every run changes every id.
  const auto d = plan_sweep(file, "", {"method.queue=512"}, results);
  for (const auto& r : d.runs) CHECK(ids.count(r.id) == 0);
  CHECK(d.runs[0].experiment.method.get<std::int64_t>("queue") == 512);
}

TEST_CASE("plan_sweep: a value listed twice and bad values stop the plan", "[sweep]") {
  TempDir dir;
  // 0.9 and 0.90 are one value: listing it twice would silently plan one run for two.
  const auto dup = contra::testing::write_file(dir / "dup.toml", sweep_text("0.9, 0.90"));
  CHECK_THROWS_WITH(plan_sweep(dup, "", {}, dir / "results"),
                    Catch::Contains("dup.toml:4") && Catch::Contains("twice"));
  const auto file = contra::testing::write_file(dir / "one.toml", sweep_text("0.9"));
  CHECK(plan_sweep(file, "", {}, dir / "results").runs.size() == 2);  // 2 seeds, one momentum
  const auto bad = contra::testing::write_file(dir / "bad.toml", sweep_text("0.9, 1.5"));
  CHECK_THROWS_WITH(plan_sweep(bad, "", {}, dir / "results"),
                    Catch::Contains("method.momentum") && Catch::Contains("1.5"));
  CHECK_THROWS_AS(plan_sweep(file, "nope", {}, dir / "results"), contra::core::ContraError);
}

TEST_CASE("plan_sweep: two labels for one config are an error, not a silently dropped row", "[sweep]") {
  TempDir dir;
  // 0.2 and 0.20 resolve to the same config: two names for one run.
  const auto same = contra::testing::write_file(dir / "same.toml", "experiment = \"" + kExperiment +
                                                                       "\"\n"
                                                                       "[[zip]]\nlabel = [\"MLP\", \"MLP again\"]\n"
                                                                       "\"method.temperature\" = [0.2, 0.20]\n");
  CHECK_THROWS_WITH(
      plan_sweep(same, "", {}, dir / "results"),
      Catch::Contains("same.toml") && Catch::Contains("'MLP' and 'MLP again' resolve to the same config"));
  // A --set on a key the labelled zip varies is refused like any axis key, so a label cannot name another config.
  const auto ok = contra::testing::write_file(dir / "ok.toml", "experiment = \"" + kExperiment +
                                                                   "\"\n"
                                                                   "[[zip]]\nlabel = [\"a\", \"b\"]\n"
                                                                   "\"method.temperature\" = [0.2, 0.3]\n");
  CHECK(plan_sweep(ok, "", {}, dir / "results").runs.size() == 2);
  CHECK_THROWS_WITH(plan_sweep(ok, "", {"method.temperature=0.5"}, dir / "results"), Catch::Contains("is an axis of"));
}

TEST_CASE("plan_sweep: a .partial record makes a run interrupted", "[sweep]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "mom.toml", sweep_text("0.9"));
  const auto first = plan_sweep(file, "", {}, dir / "results");
  REQUIRE(first.runs.size() == 2);
  fs::create_directories(first.runs_dir());
  std::ofstream(contra::store::partial_path(first.runs_dir(), first.runs[0].id)) << "partial";
  const auto second = plan_sweep(file, "", {}, dir / "results");
  CHECK(second.runs[0].state == RunState::interrupted);
  CHECK(second.runs[1].state == RunState::todo);
}

TEST_CASE("plan_sweep: a record written before a config key existed still counts as done", "[sweep]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "mom.toml", sweep_text("0.9, 0.99"));
  const auto results = dir / "results";
  const auto plan = plan_sweep(file, "", {}, results);
  REQUIRE(plan.runs.size() == 4);
  const auto& target = plan.runs[1];
  // An "older schema" config: the resolved text without one key, whose default is the same value.
  std::string old_config = contra::config::to_toml(target.experiment);
  const std::string line = "drop_last = true\n";
  const auto at = old_config.find(line);
  REQUIRE(at != std::string::npos);
  old_config.erase(at, line.size());
  REQUIRE(contra::config::run_id(contra::methods::parse_experiment(old_config, "old")) == target.id);
  const std::string old_id = "0123456789ab";  // what the older version hashed the shorter text to
  REQUIRE(old_id != target.id);
  contra::store::RunRecord rec;
  rec.attributes["run_id"] = old_id;
  rec.attributes["status"] = std::string("complete");
  rec.attributes["config"] = old_config;
  fs::create_directories(plan.runs_dir());
  contra::store::write_run(contra::store::final_path(plan.runs_dir(), old_id), rec);

  const auto again = plan_sweep(file, "", {}, results);
  REQUIRE(again.runs.size() == 4);
  CHECK(again.runs[1].state == RunState::done);
  CHECK(again.runs[1].record == contra::store::final_path(plan.runs_dir(), old_id));
  for (std::size_t i : {0u, 2u, 3u}) {
    CHECK(again.runs[i].state == RunState::todo);
    CHECK(again.runs[i].record.empty());
  }
  // A record whose config differs in a value (not just a missing default) matches nothing.
  std::string other = contra::config::to_toml(again.runs[2].experiment);
  const auto seed_at = other.find("seed = 0");
  REQUIRE(seed_at != std::string::npos);
  other.replace(seed_at, 8, "seed = 7");
  rec.attributes["run_id"] = std::string("ba9876543210");
  rec.attributes["config"] = other;
  contra::store::write_run(contra::store::final_path(plan.runs_dir(), "ba9876543210"), rec);
  const auto third = plan_sweep(file, "", {}, results);
  CHECK(third.runs[2].state == RunState::todo);
}

TEST_CASE("plan_sweep: the axes are the runs' typed config values, and read_states refreshes only the states",
          "[sweep]") {
  TempDir dir;
  const auto file = contra::testing::write_file(dir / "mom.toml", sweep_text("0.9, 0.99"));
  auto plan = plan_sweep(file, "", {}, dir / "results");
  REQUIRE(plan.runs.size() == 4);
  for (const auto& run : plan.runs) {
    REQUIRE(run.axes.size() == 1);
    CHECK(run.axes[0].first == "method.momentum");
    CHECK(std::get<double>(run.axes[0].second) == run.experiment.method.get<double>("momentum"));
  }
  CHECK(contra::sweep::describe(plan.runs[3]) == "method.momentum=0.99 seed=1");
  const auto ids = [](const contra::sweep::SweepPlan& p) {
    std::vector<std::string> out;
    for (const auto& run : p.runs) out.push_back(run.id);
    return out;
  };
  const auto planned = ids(plan);
  // After the runs: one finished record, one unfinished; the plan reads them without planning again.
  fs::create_directories(plan.runs_dir());
  contra::store::RunRecord rec;
  rec.attributes["run_id"] = plan.runs[0].id;
  rec.attributes["status"] = std::string("complete");
  rec.attributes["config"] = contra::config::to_toml(plan.runs[0].experiment);
  contra::store::write_run(contra::store::final_path(plan.runs_dir(), plan.runs[0].id), rec);
  std::ofstream(contra::store::partial_path(plan.runs_dir(), plan.runs[2].id)) << "partial";
  contra::sweep::read_states(plan);
  CHECK(ids(plan) == planned);
  CHECK(plan.runs[0].state == RunState::done);
  CHECK(plan.runs[0].status == "complete");
  CHECK(plan.runs[0].record == contra::store::final_path(plan.runs_dir(), plan.runs[0].id));
  CHECK(plan.runs[1].state == RunState::todo);
  CHECK(plan.runs[2].state == RunState::interrupted);
  // A record set aside (--rerun) is no longer the run's.
  fs::rename(plan.runs[0].record, fs::path(plan.runs[0].record.string() + ".previous"));
  contra::sweep::read_states(plan);
  CHECK(plan.runs[0].state == RunState::todo);
  CHECK(plan.runs[0].record.empty());
  CHECK(plan.runs[0].status.empty());
}
