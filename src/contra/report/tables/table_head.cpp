#include "contra/report/tables/table_head.h"

#include <fmt/format.h>

#include "contra/report/tables/baselines.h"
#include "contra/report/verdicts/protocol.h"
#include "contra/report/tables/setting.h"

namespace contra::report {

std::string citation_footnote(const config::ReferenceTable& reference) {
  const bool knn = cites_knn(reference);  // the same protocol as our kNN column
  return fmt::format(
      "[1] {}; {}: {}{}. Cited, not measured here: a different dataset and backbone{} from the "
      "measured columns, so compare the ordering of rows, not the values.",
      reference.paper, reference.where, reference.metric, reference.setting.empty() ? "" : ", " + reference.setting,
      knn ? "" : ", and another metric,");
}

std::string protocol_note(const std::optional<config::ReferenceTable>& reference, const RowSet& d) {
  std::string probe;  // from a run that has a linear probe: an error record or an older one has none
  for (const auto& r : d.runs)
    if (std::isfinite(r.metric("linear_top1")) && !r.attribute_text("linear_probe").empty()) {
      probe = r.attribute_text("linear_probe");
      break;
    }
  std::string ours = fmt::format(
      "Measured columns: kNN = the weighted kNN monitor on frozen backbone features at the final "
      "epoch; linear = {}.",
      probe.empty() ? "a linear probe on frozen backbone features (not "
                      "recorded by these runs: \"—\")"
                    : probe);
  if (!reference) return ours;
  const bool knn = cites_knn(*reference);
  return fmt::format("{} The paper's column is {}, so it compares with our **{}** column.", ours, reference->metric,
                     knn ? "kNN" : "linear");
}

std::string incomplete_note(const RowSet& d) {
  std::vector<std::string> parts;
  const int missing = d.planned - static_cast<int>(d.runs.size());
  if (missing > 0) parts.push_back(fmt::format("{} of {} planned runs have no finished record", missing, d.planned));
  const auto [planned, recorded] = d.baseline_counts();
  if (recorded < planned)
    parts.push_back(fmt::format("{} of {} baseline runs have no finished record", planned - recorded, planned));
  if (parts.empty()) return "";
  return fmt::format("**INCOMPLETE: {}**; the rows hold only what has been recorded.", fmt::join(parts, ", and "));
}

std::string dataset_of(const RowSet& d) {
  return d.runs.empty() ? std::string("(no runs yet)") : distinct_value(d.runs, "data.dataset");
}

void add_protocol_footnotes(Table& t, const std::optional<config::ReferenceTable>& reference, const RowSet& d) {
  t.footnotes.push_back(protocol_note(reference, d));
  if (reference) t.footnotes.push_back(citation_footnote(*reference));
}

Table table_head(const sweep::SweepPlan& plan, const RowSet& d) {
  const auto& spec = plan.sweep.report;
  Table t;
  t.title = fmt::format("{} — measured on {}, preset {}", spec.title.empty() ? plan.sweep.name : spec.title,
                        dataset_of(d), plan.preset);
  if (const auto note = incomplete_note(d); !note.empty()) t.notes.push_back(note);
  for (const auto& line : setting_notes(d.runs, d.baseline(config::BaselineSpec::Role::input) != nullptr)) t.notes.push_back(line);
  if (const auto note = baselines_note(d); !note.empty()) t.notes.push_back(note);
  if (const auto note = random_init_note(spec, d); !note.empty()) t.notes.push_back(note);
  if (spec.claims)  // the scale and power rules its verdicts rest on (report/verdicts/protocol.h)
    for (auto& line : protocol_notes(plan, &d)) t.notes.push_back(std::move(line));
  if (auto line = budget_note(plan, d); !line.empty()) t.notes.push_back(std::move(line));  // with or without claims
  if (spec.reference_n > 0)
    t.notes.push_back(fmt::format(
        "The paper's column is read at the paper's own x: a row's x is the paper's carried over to these "
        "{} training images (docs/scales.md), so its paper value is the one at "
        "x · {:.0f} / n, the paper's nearest x within a factor √2 ([report] reference_n = {:.0f}).",
        d.runs.empty() ? std::string("n") : d.runs.front().attribute_text("train_images"), spec.reference_n,
        spec.reference_n));
  return t;
}

}  // namespace contra::report
