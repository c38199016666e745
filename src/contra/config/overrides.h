// Overrides of an experiment's keys: `--set section.key=value` and a sweep's values, typed where
// they are read and assigned to the field they name (DESIGN.md, "Config").
#pragma once

#include <string>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/config/schema.h"
#include "contra/config/value.h"

namespace contra::config {

/// One `key = value` override, e.g. from `--set method.momentum=0.99` or a sweep's grid. The value
/// is typed where it is read (the sweep file's TOML, or parse_set), and assigned to the key's
/// field as it is: no text on the way.
struct Override {
  std::string key;     ///< "section.key"
  Value value;         ///< typed; an integer may set a real-valued key, a name an enumeration
  std::string origin;  ///< where it came from, for error messages
};

/// Parses "section.key=value" (spaces around the key and the value are allowed); the value is TOML
/// (0.99, "mlp", [1, 2]) or a bare word, which is read as a string. `file` is the experiment file
/// it applies to, for the origin. Throws ContraError when there is no '=' or the key is not
/// "section.key".
Override parse_set(const std::string& arg, const std::string& file);

namespace detail {

/// Which registered component other than `named` declares `key`, or "" when none does.
template <class Spec>
std::string owner_of(const std::vector<Spec>& specs, const std::string& named, const std::string& key) {
  for (const auto& s : specs) {
    if (s.name == named) continue;
    for (const auto& o : s.options)
      if (o.key == key) return s.name;
  }
  return {};
}

/// Assigns `o` to the field it names in `exp` and records its origin. Throws ContraError naming the
/// override's origin: an unknown section (listing them), a key the section, method or dataset does
/// not have (naming the component whose key it is), or a value of the wrong type.
void apply_override(Experiment& exp, const Override& o, const Schema& schema);

}  // namespace detail

}  // namespace contra::config
