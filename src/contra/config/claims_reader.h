// Internal to config/: reading a reference table's `claims` array (config/claims.h) from TOML.
#pragma once

#include <string>
#include <vector>

#include "contra/config/claims.h"
#include "contra/config/toml_io.h"

namespace contra::config::detail {

/// Parses `node`, the `claims` entry of a reference table in `file`: an array of tables, each one
/// claim. Throws ContraError with file:line on an unknown key or kind, a row the kind needs that
/// is missing or one it does not take, a wrong type, or within <= 0.
std::vector<Claim> parse_claims(const toml::node& node, const std::string& file);

/// Parses one condition, `{ of = "...", at_least | at_most = v, on = "...", why = "..." }`, at
/// `node` (its file:line from `where`, "file:line" of the enclosing entry). Throws ContraError with
/// file:line on an unknown key, a missing or double bound, or an operand that is no quantity.
Condition read_condition(const toml::node& node, const std::string& where);

}  // namespace contra::config::detail
