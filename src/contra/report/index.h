// results/README.md: an index of every sweep's table and figure, one entry per sweep with what it
// shows (its [report] title, its description and the paper table it cites) and how complete its
// recorded runs are. `contra index` writes it; `make ablations` runs it last.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "contra/sweep/plan.h"

namespace contra::report {

/// The Markdown index of `plans` (one planned sweep each, in the order given), with links to each
/// sweep's table.md, table.csv, table.tex and figure.png relative to `index_dir` (the folder the
/// index is written to). A sweep whose planned runs lack records says "INCOMPLETE k of n"; one
/// whose table has not been written says so instead of linking it. Deterministic: the same plans
/// and files give the same bytes.
std::string results_index(const std::vector<sweep::SweepPlan>& plans, const std::filesystem::path& index_dir);

/// Writes results_index() to `file` (atomically, through `<file>.tmp`). Throws core::ContraError
/// naming the file when it cannot be written.
void write_results_index(const std::vector<sweep::SweepPlan>& plans, const std::filesystem::path& file);

}  // namespace contra::report
