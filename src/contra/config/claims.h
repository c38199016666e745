// A paper's findings as checkable claims over one of our tables (DESIGN.md, "Claim and verdict"):
// the `[[<table>.claims]]` entries of analysis/references/<paper>.toml, parsed and checked here;
// report/verdicts/claims.h judges them against the recorded runs (report/verdicts/verdict.h holds the rule).
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace contra::config {

/// A row (or a selection of rows) of our table, named by its series value and its x value.
/// Either may be empty (any); x and series may also be "smallest" or "largest": the table's own
/// smallest or largest value there (numeric order), so that a claim holds for any preset's grid.
struct ClaimRow {
  std::string series;  ///< the series value as text ("mlp", "true", "2"), or "" / smallest / largest
  std::string x;       ///< the x value as text ("0.99", "MLP+aug+"), or "" / smallest / largest

  bool empty() const { return series.empty() && x.empty(); }
  /// "series = mlp, x = 0.2", "x = 0.99", "all rows".
  std::string describe() const;
};

/// The claim kinds, the vocabulary of README "Claims and verdicts", read once from their names
/// (claim_kind_names) into this type; report/verdicts/claims.cpp judges each by its own function.
enum class ClaimKind {
  increases,     ///< along the rows in increasing x (or series)
  decreases,     ///< the same, decreasing
  peaks_within,  ///< the best of `along` has its x in `set`
  above,         ///< row above than
  approx,        ///< row ≈ than within `within` points
  fails,         ///< every run of row fails (docs/definitions.md "Fail")
  narrows,       ///< row − than wider than then_row − then_than
};

/// The kind's name in a references file ("peaks_within").
const char* to_string(ClaimKind kind);

/// The verdict rule's version (report/verdicts/verdict.h states the rule): stored in every record a sweep
/// trains, beside its claims' hashes, and bumped whenever the rule changes.
inline constexpr int kRuleVersion = 2;

/// Every kind, in the order README lists them.
const std::vector<std::string>& claim_kind_names();

/// The metrics a claim can be judged on: "linear", "knn", "pretext" (the last epoch's pretext
/// top-1), "peak_memory" (MiB), "train_seconds"; "" is the table's own protocol (the linear probe,
/// or kNN where the paper's metric is kNN).
const std::vector<std::string>& claim_metric_names();

/// A condition the paper's mechanism needs before its claim can be tested here (docs/claims.md,
/// "Conditions"): a quantity, averaged over the runs of each row the claim judges, held to a bound
/// on every such row. The quantity `of` is an operand or "<operand> / <operand>", an operand being
///  - a config key the runs hold as a number ("method.queue", "optim.batch");
///  - "summary.<name>": a /summary value of the record ("summary.steps");
///  - "horizon(<config key>)": 1 / (1 − v), the steps an exponential moving average with
///    momentum v remembers ("horizon(method.momentum)");
///  - "knn_over_random_init": the run's kNN top-1 minus the mean of the table's random-init
///    baseline (points: did the row learn?);
///  - "train_images": the images the run pretrained on (n; the record's train_images);
///  - "learned": 0 when the run did not learn (its last-epoch loss stayed within 10% of chance, or
///    its kNN is not above the table's random-init baseline; docs/definitions.md), else 1; as a
///    row's mean, the fraction of its runs that learned;
///  - "probe_converged": 1 when the run's linear probe stopped on its tolerance, else 0 (records
///    without `linear_converged`: stopped before eval::kFormerProbeCap iterations).
/// A claim whose condition fails is "not testable", naming the row, the value and the bound.
struct Condition {
  std::string of;                 ///< the quantity, as written
  double at_least = NAN;          ///< the bound: at least (NaN: none)
  double at_most = NAN;           ///< the bound: at most (NaN: none); exactly one of the two is set
  std::string on;                 ///< "" (every row the claim judges) or one of its rows: row, than, then_row, then_than
  std::string why;                ///< what of the paper's explanation needs it, shown when it fails
  std::string where;              ///< "file:line", for messages
};

/// 12 hex digits identifying what a claim says and needs under rule kRuleVersion: its kind, words,
/// metric, cited numbers, rows, set, margin and conditions (not its file:line). A record trained
/// under the claim stores it (attribute claims_sha), so a report can tell a claim fixed before its
/// runs from one revised after them.
struct Claim;
std::string claim_hash(const Claim& claim);

/// The operand names a condition may use beside config keys and summary.<name>.
const std::vector<std::string>& condition_quantity_names();

/// One claim. Which rows it names depends on its kind:
///  - above, approx: `row` and `than` (approx also `within` > 0, in points);
///  - increases, decreases: `along` (a series: its rows by x; an x: its rows by series value);
///  - peaks_within: `along` and `set` (x values; the best row of `along` must have one of them);
///  - fails: `row`;
///  - narrows: the gap `row` − `than` is wider than the gap `then_row` − `then_than` (per seed).
struct Claim {
  std::string says;    ///< the paper's words (quoted) or a paraphrase, with what it is measured on
  ClaimKind kind = ClaimKind::above;
  std::string metric;  ///< one of claim_metric_names(), "" for the table's protocol
  std::string paper;   ///< the paper's numbers as cited text; "" takes them from the table's columns
  ClaimRow row, than, then_row, then_than, along;
  std::vector<std::string> set;  ///< peaks_within: x values as text
  double within = 0;             ///< approx: the margin d in points
  std::vector<Condition> conditions;  ///< what must hold in the runs for the claim to be testable here
  std::string where;             ///< "file:line" of the entry, for messages
};

}  // namespace contra::config
