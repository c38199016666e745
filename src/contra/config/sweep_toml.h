// Internal to config/: the sweep reader's pieces (config/sweep.cpp): a table's leaves in file order,
// typed values and axes, and the [[zip]] and [[block]] tables.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "contra/config/scale_rules.h"
#include "contra/config/sweep.h"
#include "contra/config/toml_io.h"

namespace contra::config::detail {

/// Parses `node`, the sweep's `scale_rules` array, in `file` (config/scale_rules.h). Throws
/// ContraError with file:line on a condition that does not parse (config/claims.h), a paper ratio
/// that is not a positive number, claims that are not positive integers or none, or an unknown key.
std::vector<ScaleRule> read_scale_rules(const toml::node& node, const std::string& file);

/// Parses the sweep's `[power]` table in `file`. Throws ContraError with file:line on a missing
/// or non-positive detect or sd, no sd_from, or an unknown key.
PowerRule read_power_rule(const toml::node& node, const std::string& file);

/// A leaf of a table: its dotted key ("method.momentum") and its node.
using Leaf = std::pair<std::string, const toml::node*>;

/// The non-table leaves under `table`, keyed by dotted path (both `method.momentum = ...` and
/// `"method.momentum" = ...` give "method.momentum"), in the order the file writes them.
void flatten(const toml::table& table, const std::string& prefix, std::vector<Leaf>& out);

/// A typed value of the sweep file. Throws ContraError naming where it is written when it is no
/// value a config key can hold (a table, a date, nested arrays).
Value value_at(const toml::node& node, const std::string& where, const std::string& key);

/// An axis's values, each at most once. Throws ContraError on an empty axis, a non-array or a
/// value listed twice.
std::vector<Value> unique_values(const toml::node& node, const std::string& where, const std::string& key);

/// The seeds: a non-empty array of distinct non-negative integers. Throws ContraError.
std::vector<std::int64_t> read_seeds(const toml::node& node, const std::string& where);

/// A string value of `key`. Throws ContraError naming `where`.
std::string read_string(const toml::node& node, const std::string& where, const std::string& key);

/// The `presets` of a sweep table (`table`: "budget", "power"), each named once; `purpose` ends the
/// message ("it holds for"). Throws ContraError naming `where` on an empty list, a non-array of
/// strings or a preset named twice.
std::vector<std::string> read_presets(const toml::node& node, const std::string& where, const char* table,
                                      const char* purpose);

/// One [[zip]] table (`what` names it in messages): axes that move together, and their labels.
ZipAxis read_zip(const toml::node& entry, const std::string& file, const char* what);

/// Grid axes from a table's array leaves (all but `skip`); with `plain_is_fixed`, a non-array leaf
/// is an override for the set's runs.
void read_grid(const toml::table& table, const std::string& file, const std::string& skip, AxisSet& set,
               bool plain_is_fixed = false);

/// One [[block]]: its axes, its plain keys, and its own [[block.zip]].
AxisSet read_block(const toml::node& node, const std::string& file);

/// Reads a [report] or [slurm] table into its spec through the spec's visit(), as the experiment's
/// sections are read: each key's type is checked, and an unknown key lists the spec's keys.
/// Returns where each key was set ("file:line").
template <class Spec>
std::map<std::string, std::string> read_spec(const toml::table& table, const char* section, const std::string& file,
                                             Spec& spec) {
  static const std::map<std::string, std::string> no_overrides;
  std::map<std::string, std::string> origins;
  detail::SectionReader reader(table, section, file, no_overrides, origins);
  spec.visit(reader);
  reader.reject_unknown();
  return origins;
}

}  // namespace contra::config::detail
