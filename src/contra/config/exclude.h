// A preset's excluded points (config/sweep.h, Preset::exclude): `[[preset.<name>.exclude]]` tables,
// each a partial assignment of axis keys; a point whose axes match every key of one table is not
// planned under that preset. How a table fits its budget by dropping rows (docs/recipe.md,
// "Budgets") without editing the axes every other preset shares.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/toml_io.h"
#include "contra/config/value.h"

namespace contra::config {

/// One `[[preset.<name>.exclude]]` table: axis key -> the values it drops (a scalar is one value).
/// A point is excluded when, for every key, its value is one of the listed ones (numbers compare
/// by value: 1 matches 1.0).
struct Exclusion {
  std::map<std::string, std::vector<Value>> match;
  std::string origin;  ///< "file:line" of the table, for messages
};

/// Parses `node`, the value of a preset's `exclude` key written at `where`, for preset `preset`.
/// Throws ContraError naming `where` when it is not an array of tables, a table is empty, a key is
/// written twice ("a.b" and a.b), a value is listed twice, a table repeats an earlier one, or a
/// value is neither a scalar nor an array of scalars.
std::vector<Exclusion> read_exclusions(const toml::node& node, const std::string& where, const std::string& preset);

/// Whether `point` (the (key, value) pairs its axes set, and ("label", its zip label) when it has
/// one) matches `exclusion`.
bool matches(const Exclusion& exclusion, const std::vector<std::pair<std::string, Value>>& point);

/// Why `exclusion` would drop less than it says among `points` (each point's axes, kept or dropped),
/// or "" when each value it lists drops a point: a key that is no axis, a value its axis does not
/// have (the axis's values named), a value that occurs with none of the other keys' values, or
/// values that never occur together. A typo beside a value that matches would otherwise drop
/// nothing, silently.
std::string unmatched_value(const Exclusion& exclusion,
                            const std::vector<std::vector<std::pair<std::string, Value>>>& points);

}  // namespace contra::config
