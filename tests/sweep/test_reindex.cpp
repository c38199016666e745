// Re-indexing (sweep/reindex.h, `contra reindex`): records of an older run-id scheme renamed to
// today's id with every measured value as it was; records that cannot be mapped named with the
// reason and left alone. The fixtures are committed records turned back into what the scheme
// before them wrote (their flat config and old id, which the re-index kept).
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <type_traits>
#include <variant>

#include "../support/cli.h"
#include "../support/paths.h"
#include "../support/temp_dir.h"
#include "contra/config/run_id.h"
#include "contra/store/run_record.h"
#include "contra/store/stored_config.h"
#include "contra/sweep/reindex.h"

namespace fs = std::filesystem;
using contra::sweep::Reindexed;
using contra::testing::TempDir;

namespace {

const fs::path kRecord = fs::path(contra::testing::kSource) / "results/ablation-momentum/cpu/runs/05778fdfd83f.h5";

/// The committed record as the run-id scheme v1 wrote it, under `runs`: its flat config and old id.
/// Returns the v1 file.
fs::path as_v1(const fs::path& runs, const contra::store::RunRecord& committed) {
  auto r = committed;
  auto& a = r.attributes;
  const std::string old_id = std::get<std::string>(a.at("reindexed_from"));
  a["config"] = a.at("config_before_reindex");
  a["run_id"] = old_id;
  a["config_hash"] = old_id;
  for (const char* key : {"reindexed_from", "config_before_reindex", contra::store::kRunIdVersionAttribute}) a.erase(key);
  fs::create_directories(runs);
  const auto file = runs / (old_id + ".h5");
  contra::store::write_run(file, r);
  return file;
}

/// The text of every value, NaN included (NaN != NaN, so == cannot compare measured columns).
template <class Map>
std::string bits_of(const Map& m) {
  std::string out;
  for (const auto& [key, value] : m) {
    out += key + ":";
    std::visit(
        [&](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::string>) {
            out += v;
          } else if constexpr (std::is_arithmetic_v<T>) {
            out.append(reinterpret_cast<const char*>(&v), sizeof v);
          } else {
            for (const auto& x : v) out.append(reinterpret_cast<const char*>(&x), sizeof x);
          }
        },
        value);
    out += "\n";
  }
  return out;
}

}  // namespace

TEST_CASE("reindex: a v1 record gets today's id and keeps every measured value", "[sweep][reindex]") {
  TempDir dir;
  const auto committed = contra::store::read_run(kRecord);
  const auto v1 = as_v1(dir / "results/t/cpu/runs", committed);
  fs::create_directories(dir / "results/t/cpu/configs");
  contra::testing::write_file(dir / "results/t/cpu/configs" / (v1.stem().string() + ".toml"),
                              "# Resolved config of run x\n" + std::get<std::string>(committed.attributes.at("config_before_reindex")));
  const auto dry = contra::sweep::reindex({dir / "results"}, /*dry_run=*/true);
  REQUIRE(dry.size() == 1);
  CHECK(dry[0].outcome == Reindexed::Outcome::renamed);
  CHECK(dry[0].new_id == kRecord.stem().string());
  CHECK(fs::exists(v1));  // a dry run writes nothing
  const auto done = contra::sweep::reindex({dir / "results"}, false);
  REQUIRE(done.size() == 1);
  CHECK(done[0].outcome == Reindexed::Outcome::renamed);
  const auto file = dir / "results/t/cpu/runs" / (kRecord.stem().string() + ".h5");
  REQUIRE(fs::exists(file));
  CHECK_FALSE(fs::exists(v1));
  const auto now = contra::store::read_run(file);
  CHECK(bits_of(now.epochs) == bits_of(committed.epochs));  // every dataset and measured attribute, as read
  CHECK(bits_of(now.steps) == bits_of(committed.steps));
  CHECK(bits_of(now.summary) == bits_of(committed.summary));
  CHECK(bits_of(now.axes) == bits_of(committed.axes));
  CHECK((now.attributes.at("run_id") == committed.attributes.at("run_id")));
  // Today's text of the same config: keys added since the committed record was written appear at
  // their defaults (data.validation, eval.split), so the texts may differ while the configs read
  // the same values.
  CHECK(contra::config::run_id_text(contra::store::stored_experiment(now, "now")) ==
        contra::config::run_id_text(contra::store::stored_experiment(committed, "committed")));
  CHECK(contra::store::run_id_version(now, "now") == contra::config::kRunIdVersion);
  // Its config file moved with it, as today's text; again, nothing changes.
  CHECK(fs::exists(dir / "results/t/cpu/configs" / (kRecord.stem().string() + ".toml")));
  CHECK_FALSE(fs::exists(dir / "results/t/cpu/configs" / (v1.stem().string() + ".toml")));
  const auto again = contra::sweep::reindex({dir / "results"}, false);
  REQUIRE(again.size() == 1);
  CHECK(again[0].outcome == Reindexed::Outcome::unchanged);
}

TEST_CASE("reindex: records it cannot map are named with the reason and left alone", "[sweep][reindex]") {
  TempDir dir;
  const auto runs = dir / "results/t/cpu/runs";
  const auto committed = contra::store::read_run(kRecord);
  const auto v1 = as_v1(runs, committed);
  // A config with a key no registered component has.
  auto odd = contra::store::read_run(v1);
  odd.attributes["config"] = std::get<std::string>(odd.attributes["config"]) + "\n[extra]\nkey = 1\n";
  odd.attributes["run_id"] = std::string("0000000000aa");
  contra::store::write_run(runs / "0000000000aa.h5", odd);
  // Not a record at all; a run in progress; a second record of the same run under another old id.
  contra::testing::write_file(runs / "0000000000bb.h5", "not HDF5");
  contra::testing::write_file(runs / "0000000000cc.h5.partial", "partial");
  auto twin = contra::store::read_run(v1);
  twin.attributes["run_id"] = std::string("0000000000dd");
  contra::store::write_run(runs / "0000000000dd.h5", twin);
  const auto results = contra::sweep::reindex({dir / "results"}, false);
  REQUIRE(results.size() == 5);
  std::map<std::string, const Reindexed*> by_id;
  for (const auto& r : results) by_id[r.old_id] = &r;
  const auto reason = [&](const std::string& id) {
    REQUIRE(by_id.count(id) == 1);
    CHECK(by_id[id]->outcome == Reindexed::Outcome::unmapped);
    return by_id[id]->reason;
  };
  // Its config no longer hashes to its id under scheme v1 (an added section, another id).
  CHECK_THAT(reason("0000000000aa"), Catch::Contains("the config is damaged or was edited"));
  CHECK_THAT(reason("0000000000bb"), Catch::Contains("0000000000bb.h5"));
  CHECK_THAT(reason("0000000000cc"), Catch::Contains("a run in progress"));
  // A copy of the run under another old id is not the run its name says: named; the real one renamed.
  const std::string new_id = kRecord.stem().string();
  CHECK(by_id[v1.stem().string()]->outcome == Reindexed::Outcome::renamed);
  CHECK_THAT(reason("0000000000dd"), Catch::Contains("hashes to " + v1.stem().string()));
  CHECK(fs::exists(runs / "0000000000aa.h5"));  // left as they were
  CHECK(fs::exists(runs / "0000000000bb.h5"));
  CHECK(fs::exists(runs / (new_id + ".h5")));
}

TEST_CASE("reindex: the command lists what it renames and exits 1 when a record is not mapped", "[sweep][reindex][e2e]") {
  TempDir dir;
  const auto runs = dir / "results/t/cpu/runs";
  (void)as_v1(runs, contra::store::read_run(kRecord));
  const auto dry = contra::testing::run_cli("reindex " + contra::testing::quote((dir / "results").string()) + " --dry-run", dir);
  CHECK(dry.code == 0);
  CHECK_THAT(dry.out, Catch::Contains("would rename") && Catch::Contains("1 records, 1 to rename, 0 unchanged, 0 not mapped"));
  contra::testing::write_file(runs / "0000000000bb.h5", "not HDF5");
  const auto done = contra::testing::run_cli("reindex " + contra::testing::quote((dir / "results").string()), dir);
  CHECK(done.code == 1);
  CHECK_THAT(done.out, Catch::Contains("2 records, 1 renamed, 0 unchanged, 1 not mapped"));
  CHECK_THAT(done.err, Catch::Contains("not mapped") && Catch::Contains("0000000000bb.h5"));
  const auto missing = contra::testing::run_cli("reindex " + contra::testing::quote((dir / "nope").string()), dir);
  CHECK(missing.code == 2);
  CHECK_THAT(missing.err, Catch::Contains("not a results folder"));
}

TEST_CASE("reindex: a newer scheme, an edited v1 config and a record re-indexed before are never rewritten",
          "[sweep][reindex]") {
  TempDir dir;
  const auto runs = dir / "results/t/cpu/runs";
  const auto committed = contra::store::read_run(kRecord);
  // A record of a scheme this contra does not know.
  auto newer = committed;
  newer.attributes[contra::store::kRunIdVersionAttribute] = std::int64_t{3};
  fs::create_directories(runs);
  contra::store::write_run(runs / kRecord.filename(), newer);
  // A v1 record whose flat config was edited (an epoch count removed): read with a default, it
  // would be renamed as another run.
  const auto v1 = as_v1(dir / "results/u/cpu/runs", committed);
  auto edited = contra::store::read_run(v1);
  auto& config = std::get<std::string>(edited.attributes["config"]);
  config.erase(config.find("epochs = 6\n"), std::string("epochs = 6\n").size());
  contra::store::write_run(v1, edited);
  const auto results = contra::sweep::reindex({dir / "results"}, false);
  REQUIRE(results.size() == 2);
  for (const auto& r : results) CHECK(r.outcome == Reindexed::Outcome::unmapped);
  CHECK_THAT(results[0].reason + results[1].reason, Catch::Contains("run ids version 3 is not one this contra knows"));
  CHECK_THAT(results[0].reason + results[1].reason, Catch::Contains("the config is damaged or was edited"));
  CHECK(fs::exists(v1));
  // A committed record re-indexed again keeps its first id and config (here: unchanged).
  auto again = committed;
  again.attributes.erase(contra::store::kRunIdVersionAttribute);  // as if of scheme 1 once more...
  again.attributes["config"] = again.attributes.at("config_before_reindex");
  again.attributes["run_id"] = again.attributes.at("reindexed_from");
  TempDir other;
  fs::create_directories(other / "results/t/cpu/runs");
  const auto file = other / "results/t/cpu/runs" / (std::get<std::string>(again.attributes["run_id"]) + ".h5");
  contra::store::write_run(file, again);
  REQUIRE(contra::sweep::reindex({other / "results"}, false).front().outcome == Reindexed::Outcome::renamed);
  const auto now = contra::store::read_run(other / "results/t/cpu/runs" / kRecord.filename());
  CHECK((now.attributes.at("reindexed_from") == committed.attributes.at("reindexed_from")));
  CHECK((now.attributes.at("config_before_reindex") == committed.attributes.at("config_before_reindex")));
}

TEST_CASE("reindex: overlapping folders name a record once, and a dry run sees two records of one run",
          "[sweep][reindex]") {
  TempDir dir;
  const auto runs = dir / "results/t/cpu/runs";
  const auto committed = contra::store::read_run(kRecord);
  const auto v1 = as_v1(runs, committed);
  auto twin = contra::store::read_run(v1);
  // The same run under a second old id (its config is the same, so its v1 id would be too: an old
  // copy renamed by hand), which the v1 check refuses; a plain copy of the v1 file is named twice.
  const auto overlap = contra::sweep::reindex({dir / "results", dir / "results/t", dir / "results"}, true);
  REQUIRE(overlap.size() == 1);
  CHECK(overlap[0].outcome == Reindexed::Outcome::renamed);
  fs::create_directories(dir / "results/t2/cpu/runs");
  fs::copy_file(v1, dir / "results/t2/cpu/runs" / v1.filename());
  fs::copy_file(kRecord, runs / kRecord.filename());  // today's record of the run is there already
  const auto dry = contra::sweep::reindex({dir / "results"}, true);
  int renamed = 0, clashes = 0;
  for (const auto& r : dry) {
    renamed += r.outcome == Reindexed::Outcome::renamed;
    clashes += r.reason.find("is another record's already") != std::string::npos;
  }
  CHECK(clashes == 1);  // the v1 record beside today's record of its run
  CHECK(renamed == 1);  // the other folder's copy, alone there
}
