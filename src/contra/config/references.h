// Published numbers that the report prints beside our measurements (analysis/references/*.toml).
// Each file is one paper: `paper` (the citation), `arxiv`, and one table per paper table or figure.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "contra/config/claims.h"

namespace contra::config {

/// One published value: a number, or the paper's own word ("fail", "n/a").
struct ReferenceValue {
  std::optional<double> number;
  std::string text;  ///< the word when there is no number; the number's text otherwise
};

/// One table of a paper, e.g. <paper>.momentum_ablation (analysis/references/<paper>.toml).
struct ReferenceTable {
  std::string id;       ///< "<paper>.<table>"
  std::string paper;    ///< full citation, with the arXiv id
  std::string where;    ///< "Sec. 4.1 'Ablation: momentum'"
  std::string metric;   ///< what the numbers measure, e.g. "ImageNet-1k linear top-1 (%), ResNet-50"
  std::string setting;  ///< the fixed setting of this table, e.g. "K = 4096"
  std::map<std::string, std::vector<ReferenceValue>> columns;  ///< array columns; 2-D arrays as "name.row"
  std::vector<Claim> claims;  ///< the paper's findings on this table ([[<table>.claims]], config/claims.h)
};

/// Loads `id` = "<file>.<table>" from `<dir>/<file>.toml`. Throws ContraError naming the file and
/// the table when either is missing, a column holds something other than numbers and words, or a
/// claim is malformed (config/claims.h).
ReferenceTable load_reference(const std::string& dir, const std::string& id);

/// The decimal number a text starts with ("57.8", "57.8 GB", "7.4%", " -3e2") when nothing goes
/// on from it that would make it another number or a word: NaN for "fail", "—", "6O.6", "4,096",
/// "5-10", "58.1x", hex ("0x10"), and for "inf" and "nan" in any spelling.
double leading_number(const std::string& text);

/// The column `name` of `table`; throws ContraError listing the columns when it is absent.
const std::vector<ReferenceValue>& reference_column(const ReferenceTable& table, const std::string& name);

}  // namespace contra::config
