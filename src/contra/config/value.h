// A typed config value: what one key of an experiment holds, without TOML (DESIGN.md, "Config").
// Layers after config read and carry values in this form; only config/ turns them into TOML text.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace contra::config {

/// One key's value: a boolean, an integer, a real number, a string, or an array of integers,
/// numbers or strings (e.g. optim.lr_steps).
using Value = std::variant<bool, std::int64_t, double, std::string, std::vector<std::int64_t>, std::vector<double>,
                           std::vector<std::string>>;

/// "a boolean", "an integer", "a number", "a string", "an array of integers", ...: the type of
/// `value`, for messages.
std::string type_of(const Value& value);

/// The value as a number when it is one (an integer converts to double); nullopt otherwise.
std::optional<double> as_number(const Value& value);

/// The value as TOML text, as the resolved config prints it: 0.99, 1.0, 5e-05, "mlp", [ 120, 160 ].
std::string literal(const Value& value);

/// The value as a table shows it: a string without its TOML quotes (mlp), anything else as
/// literal() prints it (0.99, true, [ 120, 160 ]).
std::string display(const Value& value);

/// A run's values of the keys a sweep varies, in the sweep's order: ("method.momentum", 0.99), ...
using AxisValues = std::vector<std::pair<std::string, Value>>;

/// "method.momentum=0.99 model.head='mlp'" (key=literal, space-separated; "" when none): how
/// listings, logs and run records name a run's axis values.
std::string to_text(const AxisValues& axes);

}  // namespace contra::config
