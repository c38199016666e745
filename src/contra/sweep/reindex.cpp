#include "contra/sweep/reindex.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "contra/config/load.h"
#include "contra/config/run_id.h"
#include "contra/core/error.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"
#include "contra/store/stored_config.h"
#include "contra/sweep/commands.h"

namespace contra::sweep {

namespace fs = std::filesystem;

namespace {

/// The id a file under runs/ is named for, and whether it is a finished record: "<id>.h5",
/// "<id>.h5.previous"; a partial record or a checkpoint is a run in progress.
struct Name {
  std::string id, suffix;
  bool in_progress = false;
};

std::optional<Name> name_of(const fs::path& file) {
  const std::string f = file.filename().string();
  for (const char* suffix : {".h5", ".h5.previous"})
    if (f.size() > std::string(suffix).size() && f.compare(f.size() - std::string(suffix).size(), std::string::npos, suffix) == 0)
      return Name{f.substr(0, f.size() - std::string(suffix).size()), suffix, false};
  for (const char* suffix : {".h5.partial", ".ckpt"})
    if (f.size() > std::string(suffix).size() && f.compare(f.size() - std::string(suffix).size(), std::string::npos, suffix) == 0)
      return Name{f.substr(0, f.size() - std::string(suffix).size()), suffix, true};
  return std::nullopt;
}

/// Moves `configs/<old>.toml` and `logs/<old>.log` beside `runs/` to the new id; the config file
/// is written again as today's canonical text.
void move_side_files(const fs::path& runs_dir, const std::string& old_id, const std::string& new_id,
                     const std::string& config_text) {
  const fs::path dir = runs_dir.parent_path();
  const fs::path old_config = dir / "configs" / (old_id + ".toml");
  if (fs::exists(old_config)) {
    std::ifstream in(old_config);
    std::string header, line;
    while (std::getline(in, line) && line.rfind('#', 0) == 0) header += line + "\n";
    const fs::path new_config = dir / "configs" / (new_id + ".toml");
    std::ofstream out(new_config);
    out << header << "# Re-indexed from run " << old_id << " by `contra reindex` (run ids version "
        << config::kRunIdVersion << ").\n"
        << config_text;
    CONTRA_CHECK(out.good(), "{}: cannot write the run's config", new_config.string());
    out.close();
    fs::remove(old_config);
  }
  const fs::path old_log = dir / "logs" / (old_id + ".log");
  if (fs::exists(old_log)) fs::rename(old_log, dir / "logs" / (new_id + ".log"));
}

/// The ids the records of this re-index take, so that two records of one run are found in a dry
/// run too (the first in file order takes the id).
using Taken = std::set<fs::path>;

Reindexed reindex_one(const fs::path& file, const Name& name, bool dry_run, Taken& taken) {
  Reindexed r;
  r.file = file;
  r.old_id = name.id;
  if (name.in_progress) {
    r.outcome = Reindexed::Outcome::unmapped;
    r.reason = "a run in progress (a partial record or a checkpoint): finish it with the contra that started it, "
               "then re-index its record";
    return r;
  }
  std::string text;  // the record's config as today's canonical text, for its config file
  try {
    auto record = store::read_run(file);
    const std::string what = file.string();
    const std::string stored_id = store::get_string(record.attributes, "run_id", what);
    CONTRA_CHECK(stored_id == name.id, "{}: the record's run_id is {}, not its file's name", what, stored_id);
    const auto version = store::run_id_version(record, what);
    CONTRA_CHECK(version >= 1 && version <= config::kRunIdVersion,
                 "its run ids version {} is not one this contra knows (1 to {}): re-index it with the contra that "
                 "wrote it, or a newer one",
                 version, config::kRunIdVersion);
    if (version == 1) {
      // The flat config must be the one its id was computed from: a config cut short or edited
      // would be read with defaults for what it lacks, and renamed as another run.
      const std::string v1 = config::run_id_v1(store::get_string(record.attributes, "config", what), methods::schema());
      CONTRA_CHECK(v1 == r.old_id,
                   "its stored config hashes to {} under run ids version 1, not to its id: the config is damaged or "
                   "was edited, so the run it describes is not known",
                   v1);
    }
    const config::Experiment exp = store::stored_experiment(record, what);
    r.new_id = config::run_id(exp);
    const fs::path target = file.parent_path() / (r.new_id + name.suffix);
    if (r.new_id == r.old_id && version == config::kRunIdVersion) {
      taken.insert(target);
      return r;
    }
    CONTRA_CHECK(!taken.count(target) && (r.new_id == r.old_id || !fs::exists(target)),
                 "its id today, {}, is another record's already ({}): two records of one run", r.new_id,
                 target.string());
    taken.insert(target);
    r.outcome = Reindexed::Outcome::renamed;
    if (dry_run) return r;
    text = config::to_toml(exp);
    auto& a = record.attributes;
    // A record re-indexed before keeps its first id and config: the history is never overwritten.
    if (a.count("reindexed_from") == 0) {
      a["reindexed_from"] = r.old_id;
      a["config_before_reindex"] = a["config"];
    }
    a["config"] = text;
    a["run_id"] = r.new_id;
    a["config_hash"] = r.new_id;
    a[store::kRunIdVersionAttribute] = static_cast<std::int64_t>(config::kRunIdVersion);
    store::write_run(target, record);
    if (target != file) fs::remove(file);
  } catch (const std::exception& e) {
    const std::string what = e.what();
    r.outcome = Reindexed::Outcome::unmapped;
    r.new_id.clear();
    r.reason = what.substr(0, what.find('\n'));
    return r;
  }
  // The record is renamed; its config file and log follow it, and a failure there is said, not fatal.
  if (name.suffix == ".h5" && !dry_run && r.outcome == Reindexed::Outcome::renamed) {
    try {
      move_side_files(file.parent_path(), r.old_id, r.new_id, text);
    } catch (const std::exception& e) {
      const std::string what = e.what();
      r.reason = "its config file or log was not moved: " + what.substr(0, what.find('\n'));
    }
  }
  return r;
}

}  // namespace

std::vector<Reindexed> reindex(const std::vector<fs::path>& roots, bool dry_run) {
  std::set<fs::path> files;  // by canonical path: roots that overlap name a record once
  std::vector<Reindexed> out;
  for (const auto& root : roots) {
    CONTRA_CHECK(fs::is_directory(root), "{}: not a results folder", root.string());
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      const auto& entry = *it;
      if (!entry.is_regular_file() || entry.path().parent_path().filename() != "runs" || !name_of(entry.path()))
        continue;
      files.insert(fs::weakly_canonical(entry.path()));
    }
    if (ec) {  // a folder it cannot read: named, and the records it holds are not mapped
      Reindexed r;
      r.file = root;
      r.outcome = Reindexed::Outcome::unmapped;
      r.reason = "cannot read every folder under it: " + ec.message();
      out.push_back(r);
    }
  }
  Taken taken;
  for (const auto& file : files) out.push_back(reindex_one(file, *name_of(file), dry_run, taken));
  return out;
}

CommandOutput reindex_command(const std::vector<fs::path>& roots, bool dry_run) {
  const auto results = reindex(roots, dry_run);
  CommandOutput o;
  int renamed = 0, unchanged = 0, unmapped = 0;
  for (const auto& r : results) {
    if (r.outcome == Reindexed::Outcome::renamed) {
      ++renamed;
      o.out += fmt::format("{} {} -> {}\n", dry_run ? "would rename" : "renamed", r.file.string(), r.new_id);
    } else if (r.outcome == Reindexed::Outcome::unchanged) {
      ++unchanged;
    } else {
      ++unmapped;
      o.err.push_back(fmt::format("not mapped: {}: {}", r.file.string(), r.reason));
    }
    if (r.outcome == Reindexed::Outcome::renamed && !r.reason.empty())
      o.err.push_back(fmt::format("warning: {}: {}", r.file.string(), r.reason));
  }
  o.out += fmt::format("reindex: {} records, {} {}, {} unchanged, {} not mapped\n", results.size(), renamed,
                       dry_run ? "to rename" : "renamed", unchanged, unmapped);
  o.code = unmapped > 0 ? 1 : 0;
  return o;
}

}  // namespace contra::sweep
