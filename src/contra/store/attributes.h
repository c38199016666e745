// The values a run record holds (store/run_record.h): scalar attributes and 1-D columns, and typed
// access to them with one-line errors.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <variant>
#include <vector>

namespace contra::store {

/// A scalar attribute: int64, float64 or a UTF-8 string.
using AttrValue = std::variant<std::int64_t, double, std::string>;
/// A 1-D column: int64 or float64.
using Column = std::variant<std::vector<std::int64_t>, std::vector<double>>;
using Attributes = std::map<std::string, AttrValue>;
using Columns = std::map<std::string, Column>;

/// "an int64", "a float64" or "a string": the type of `value`, for messages.
const char* type_name(const AttrValue& value);

/// The value as text: strings as they are, numbers in their shortest round-trip form.
std::string to_text(const AttrValue& value);

/// Typed access with a clear error (naming `what`, e.g. the file) when the key is absent or of another type.
/// Each throws core::ContraError "<what>: missing attribute '<key>'" or "<what>: attribute '<key>' is ...".
std::string get_string(const Attributes& attrs, const std::string& key, const std::string& what);
double get_double(const Attributes& attrs, const std::string& key, const std::string& what);  ///< int64 converts
std::int64_t get_int(const Attributes& attrs, const std::string& key, const std::string& what);
/// Column as float64 (int64 converts); empty when absent.
std::vector<double> column_as_double(const Columns& cols, const std::string& key);

}  // namespace contra::store
