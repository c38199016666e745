// Range checks of config values with one-line messages that name where the key was set, the key
// and the value (DESIGN.md, examples 3 and 4): "exp.toml:12: method.queue = 0 is out of range:
// it must be >= 1". Used by config/validate.cpp and by each method for the options it owns.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "contra/core/error.h"

namespace contra::config {

/// The largest width of a layer a key may set (model.width, model.mlp_hidden, model.dim, a method's
/// hidden widths): larger ones cannot be allocated on any machine the suite runs on.
inline constexpr std::int64_t kMaxWidth = 1 << 16;

class Checks {
 public:
  /// `where(key)` names where a key's value came from ("exp.toml:12", "exp.toml (--set ...)");
  /// without it, messages start with the key (a method built directly, not from a file).
  explicit Checks(std::function<std::string(const std::string& key)> where = {}) : where_(std::move(where)) {}

  /// Throws ContraError "<where>: <key> = <value> is out of range: <rule>" unless `ok`.
  template <class T>
  void require(bool ok, const std::string& key, const T& value, const std::string& rule) const {
    CONTRA_CHECK(ok, "{}{} = {} is out of range: {}", prefix(key), key, value, rule);
  }
  void positive(const std::string& key, double v, const std::string& what = "it") const {
    require(std::isfinite(v) && v > 0, key, v, what + " must be > 0");
  }
  void non_negative(const std::string& key, double v) const {
    require(std::isfinite(v) && v >= 0, key, v, "it must be >= 0");
  }
  void at_least(const std::string& key, std::int64_t v, std::int64_t lo, const std::string& what = "it") const {
    require(v >= lo, key, v, fmt::format("{} must be >= {}", what, lo));
  }
  /// v in [0, 1]; `what` names the quantity in the rule ("m must lie in [0, 1]").
  void unit(const std::string& key, double v, const std::string& what) const {
    require(v >= 0 && v <= 1, key, v, fmt::format("{} must lie in [0, 1]", what));
  }
  /// v is one of `valid`; the message lists them.
  void one_of(const std::string& key, const std::string& v, const std::vector<std::string>& valid) const {
    CONTRA_CHECK(std::find(valid.begin(), valid.end(), v) != valid.end(), "{}{} = '{}' is unknown; valid: {}",
                 prefix(key), key, v, fmt::join(valid, ", "));
  }
  /// "<where>: " for `key`, or "" without a `where`.
  std::string prefix(const std::string& key) const { return where_ ? where_(key) + ": " : std::string(); }

 private:
  std::function<std::string(const std::string&)> where_;
};

}  // namespace contra::config
