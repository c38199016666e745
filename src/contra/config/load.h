// Reading an experiment: file + overrides -> validated Experiment; and writing it back as the
// canonical TOML text a run's config file and record hold (DESIGN.md, "Config").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/config/keys.h"
#include "contra/config/overrides.h"
#include "contra/config/schema.h"
#include "contra/config/value.h"

namespace contra::config {

/// How [method] and [data] are read.
enum class ReadMode {
  /// An experiment file: each key must be one its section, or the method or dataset it names, has.
  file,
  /// The config a record stored before run ids version 2 (config/run_id.h): [method] held every
  /// method's keys and [data] every dataset's, so the keys the named one does not read, but another
  /// registered one does, are left out. Any other unknown key is still an error.
  flat_v1,
};

/// Reads an experiment TOML, applies the overrides in order, checks every key and value against
/// the sections and the registered components in `schema` (methods::load_experiment passes every
/// registry's). The method, dataset and recipe are resolved first (the last override of
/// method.name wins over the file); then every option takes its component's default, the file's
/// value, and the overrides' values. The file's [method] options describe the method the file
/// names: when an override names another method, they are checked but not applied, and that
/// method keeps its own defaults. Throws ContraError with one line naming the file (or the --set),
/// the key and the value on: a missing file, a syntax error (with its line), an unknown section or
/// key (listing the valid ones; for an option, the named method's or dataset's), a wrong type, or
/// a value out of range.
Experiment load_experiment(const std::string& file, const std::vector<Override>& overrides, const Schema& schema,
                           ReadMode mode = ReadMode::file);

/// As load_experiment, from TOML text; `source` names it in messages.
Experiment parse_experiment(std::string_view text, const std::string& source, const std::vector<Override>& overrides,
                            const Schema& schema, ReadMode mode = ReadMode::file);

/// Range and cross-field checks (called by load_experiment): every section's own, and those of
/// the method, dataset and recipe named. Throws ContraError.
void validate(const Experiment& exp, const Schema& schema);

/// The resolved config as canonical TOML: every key the run reads, sections and keys in a fixed
/// order. Parsing this text gives the same Experiment, and printing it again gives the same text.
std::string to_toml(const Experiment& exp);

}  // namespace contra::config
