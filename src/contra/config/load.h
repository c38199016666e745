// Reading an experiment: file + overrides -> validated Experiment; and writing it back as the
// canonical TOML text a run's config file and record hold (DESIGN.md, "Config").
#pragma once

#include <optional>
#include <string>
#include <string_view>
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

/// The typed value of "section.key" (e.g. method.momentum -> 0.99; an enumeration as its name),
/// or nullopt when there is no such key. It walks Experiment::visit, the same keys the reader and
/// the writer see; no TOML text.
std::optional<Value> value_of(const Experiment& exp, const std::string& key);
/// The value of "section.key" as TOML text (e.g. "0.99"), or nullopt when there is no such key.
std::optional<std::string> value_text(const Experiment& exp, const std::string& key);
/// The value of "section.key" as a table shows it (config/value.h display: mlp, not 'mlp'), or
/// nullopt when there is no such key.
std::optional<std::string> display_text(const Experiment& exp, const std::string& key);
/// The value of "section.key" as a number when it is one (integers convert), else nullopt.
std::optional<double> numeric_value(const Experiment& exp, const std::string& key);

/// The run's values of a sweep's axis keys, in their order, from its resolved config: what the
/// plan lists and the run records (an axis value is the run's config value). Throws ContraError
/// naming a key that is not "section.key" of the config.
AxisValues axis_values(const Experiment& exp, const std::vector<std::string>& keys);

/// Every key of the experiment ("section.key") with its value and flags, in section order and
/// each section's visit() order: the run id and the documentation's key table read this.
struct KeyEntry {
  std::string key;
  Value value;
  int flags = kNoFlags;
};
std::vector<KeyEntry> key_entries(const Experiment& exp);

}  // namespace contra::config
