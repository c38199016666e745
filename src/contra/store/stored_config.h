// The experiment a run record stores (its root attribute `config`), read with today's registries,
// and the run id it has today (DESIGN.md, "Run identity"). A record written before run ids
// version 2 has no root attribute `run_id_version`: its config is flat (every method's and every
// dataset's keys), and is read as such (config::ReadMode::flat_v1).
#pragma once

#include <string>

#include "contra/config/experiment.h"
#include "contra/store/run_record.h"

namespace contra::store {

/// The root attribute that says which run-id scheme a record's id and config follow (config/run_id.h).
inline constexpr const char* kRunIdVersionAttribute = "run_id_version";

/// The run-id scheme `record` was written under: its kRunIdVersionAttribute, or 1 without it.
/// Throws ContraError naming `what` when the attribute is not an integer.
std::int64_t run_id_version(const RunRecord& record, const std::string& what);

/// The stored config of `record` (`what` names it: the file), read with today's registries.
/// Throws ContraError naming `what` when the record has no config, or today's registries cannot
/// read it (a key or a name was removed since), with the reader's one-line reason.
config::Experiment stored_experiment(const RunRecord& record, const std::string& what);

}  // namespace contra::store
