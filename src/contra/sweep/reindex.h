// Re-indexing records (DESIGN.md, "Run identity"): when the run-id scheme changes, every record is
// renamed to the id its stored config has today, never trained again. Only identity attributes
// change (run_id, config, config_hash, run_id_version, and the old id and config kept as
// reindexed_from and config_before_reindex); every dataset and the /summary and /axes attributes are
// written back as they were read.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "contra/sweep/commands.h"

namespace contra::sweep {

/// What happened to one record.
struct Reindexed {
  enum class Outcome {
    unchanged,  ///< its id is today's already
    renamed,    ///< moved to today's id (or would be, in a dry run)
    unmapped,   ///< left as it is: `reason` says why
  };
  std::filesystem::path file;  ///< the record as found
  std::string old_id, new_id;  ///< new_id is "" when unmapped
  Outcome outcome = Outcome::unchanged;
  std::string reason;  ///< why it could not be mapped
};

/// Every record under `roots` (each a results folder, searched for `runs/` folders at any depth):
/// `<id>.h5` and `<id>.h5.previous`. A record whose stored config has another id today is rewritten
/// under that id (with its `configs/<id>.toml` and `logs/<id>.log` beside its `runs/`); one that
/// cannot be read, whose config today's registries cannot read, whose new name is taken by another
/// record, or that is a run in progress (`.h5.partial`, a checkpoint) is named with the reason and
/// left alone. `dry_run`: nothing is written. Never throws for one record; throws ContraError when
/// a root is not a folder.
std::vector<Reindexed> reindex(const std::vector<std::filesystem::path>& roots, bool dry_run);

/// `contra reindex`: reindex(), a line per record renamed (stdout) or not mapped (stderr), and the
/// counts; exit code 1 when a record was not mapped, else 0.
CommandOutput reindex_command(const std::vector<std::filesystem::path>& roots, bool dry_run);

}  // namespace contra::sweep
