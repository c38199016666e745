// Reading an experiment: file + overrides -> validated Experiment; and writing it back as the
// canonical TOML text whose hash is the run id (DESIGN.md, "Config").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/config/method_schema.h"
#include "contra/config/value.h"

namespace contra::config {

/// One `key=value` override, e.g. from `--set method.momentum=0.99` or a sweep's grid.
/// `value` is TOML (0.99, "moco", [1, 2]) or a bare word, which is read as a string.
struct Override {
  std::string key;     ///< "section.key"
  std::string value;   ///< TOML literal or bare string
  std::string origin;  ///< where it came from, for error messages
};

/// Parses "section.key=value". `file` is the experiment file it applies to, for the origin.
/// Throws ContraError when there is no '=' or the key is not "section.key".
Override parse_set(const std::string& arg, const std::string& file);

/// Reads an experiment TOML, applies the overrides in order, checks every key and value. [method]
/// is read against `methods` (its keys, defaults and checks; methods::schema() gives every
/// registered method, and methods::load_experiment passes it). Throws ContraError with one line
/// naming the file (or the --set), the key and the value on: a missing file, a syntax error (with
/// its line), an unknown section or key (listing the valid ones), a wrong type, or a value out of
/// range.
Experiment load_experiment(const std::string& file, const std::vector<Override>& overrides,
                           const MethodSchema& methods);

/// As load_experiment, from TOML text; `source` names it in messages.
Experiment parse_experiment(std::string_view text, const std::string& source, const std::vector<Override>& overrides,
                            const MethodSchema& methods);

/// Range and cross-field checks (called by load_experiment): every section's own, every method's
/// checks of its options, the method name, and options of other methods that the named one does
/// not read (config::kExclusive). Throws ContraError.
void validate(const Experiment& exp, const MethodSchema& methods);

/// The resolved config as canonical TOML: every key, sections and keys in a fixed order.
/// Parsing this text gives the same Experiment, and printing it again gives the same text.
std::string to_toml(const Experiment& exp);

/// Short hash of to_toml(exp) without names::kUnhashedKeys: the run id (12 hex digits).
std::string config_hash(const Experiment& exp);

/// The typed value of "section.key" (e.g. method.momentum -> 0.99), or nullopt when there is no
/// such key. It walks Experiment::visit, the same keys the reader and the writer see; no TOML text.
std::optional<Value> value_of(const Experiment& exp, const std::string& key);
/// The value of "section.key" as TOML text (e.g. "0.99"), or nullopt when there is no such key.
std::optional<std::string> value_text(const Experiment& exp, const std::string& key);
/// The value of "section.key" as a table shows it (config/value.h display: moco, not 'moco'), or
/// nullopt when there is no such key.
std::optional<std::string> display_text(const Experiment& exp, const std::string& key);
/// The value of "section.key" as a number when it is one (integers convert), else nullopt.
std::optional<double> numeric_value(const Experiment& exp, const std::string& key);

/// The run's values of a sweep's axis keys, in their order, from its resolved config: what the
/// plan lists and the run records (an axis value is the run's config value). Throws ContraError
/// naming a key that is not "section.key" of the config.
AxisValues axis_values(const Experiment& exp, const std::vector<std::string>& keys);

/// The defaults a named augmentation recipe gives [augment] (recipe = moco_v1 | moco_v2 | simclr | none).
/// Throws ContraError on an unknown name.
AugmentOptions augment_recipe(const std::string& name);

}  // namespace contra::config
