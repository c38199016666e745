// What every report kind's table opens with and notes under it (report/rows.h groups the runs):
// the title, the INCOMPLETE note, the setting's lines, the citation and the protocol the paper used.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "contra/config/references.h"
#include "contra/report/rows.h"
#include "contra/report/tables/table.h"
#include "contra/sweep/plan.h"

namespace contra::report {

/// Which measured column the paper's metric compares with: "kNN" when its metric names a kNN
/// protocol, else "linear"; and the note under a table that says so, with both our protocols.
std::string protocol_note(const std::optional<config::ReferenceTable>& reference, const RowSet& rows);

/// The "[1] <citation>; <where>: <metric>, <setting>." footnote, with the cited-not-measured caveat.
std::string citation_footnote(const config::ReferenceTable& reference);

/// "INCOMPLETE ..." when planned runs lack records, else empty.
std::string incomplete_note(const RowSet& rows);

/// The dataset(s) the recorded runs used, or "(no runs yet)".
std::string dataset_of(const RowSet& rows);

/// What a table of our rows beside the paper's closes with: the note on which protocol the paper's
/// numbers compare with, and the citation when the table cites one.
void add_protocol_footnotes(Table& table, const std::optional<config::ReferenceTable>& reference, const RowSet& rows);

/// A table with what every report kind opens with: the title ("<title> — measured on <dataset>,
/// preset <p>"), the INCOMPLETE note when runs are missing, and the setting's header lines.
Table table_head(const sweep::SweepPlan& plan, const RowSet& rows);

}  // namespace contra::report
