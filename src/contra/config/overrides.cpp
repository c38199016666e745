#include "contra/config/overrides.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "contra/config/keys.h"
#include "contra/config/toml_io.h"
#include "contra/core/error.h"

namespace contra::config {

namespace {

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

}  // namespace

Override parse_set(const std::string& arg, const std::string& file) {
  const auto eq = arg.find('=');
  CONTRA_CHECK(eq != std::string::npos && !trim(arg.substr(0, eq)).empty(), "--set {}: expected section.key=value",
               arg);
  const std::string key = trim(arg.substr(0, eq));
  const auto dot = key.find('.');
  CONTRA_CHECK(dot != std::string::npos && dot > 0 && dot + 1 < key.size() && key.find('.', dot + 1) == std::string::npos,
               "--set {}: the key must be section.key, e.g. method.momentum", arg);
  const std::string origin = fmt::format("{} (--set {})", file, arg);
  try {
    return {key, detail::parse_literal(trim(arg.substr(eq + 1))), origin};
  } catch (const core::ContraError& e) {
    core::fail("{}: {}: {}", origin, key, e.what());
  }
}

namespace detail {

/// Applies one typed override to the field it names.
void apply_override(Experiment& exp, const Override& o, const Schema& schema) {
  const auto dot = o.key.find('.');
  const std::string section = o.key.substr(0, dot), key = o.key.substr(dot + 1);
  bool found = false, section_found = false;
  std::vector<std::string> keys;
  std::string expected;
  for_each_field(exp, [&](const std::string& s, const std::string& k, auto& field, int) {
    if (s != section) return;
    section_found = true;
    keys.push_back(k);
    if (k != key) return;
    found = true;
    if (!assign(field, o.value)) expected = expected_of(field);
  });
  if (!found) {
    if (!section_found) {
      std::vector<std::string> sections;
      for_each_field(exp, [&](const std::string& s, const std::string&, const auto&, int) {
        if (sections.empty() || sections.back() != s) sections.push_back(s);
      });
      core::fail("{}: unknown section '{}' in {}; an experiment has sections: {}", o.origin, section, o.key,
                 fmt::join(sections, ", "));
    }
    if (section == "method") {
      const std::string owner = owner_of(schema.methods, exp.method.name, key);
      CONTRA_CHECK(owner.empty(), "{}: {} is not an option of method '{}' but of '{}'; [method] here has keys: {}",
                   o.origin, o.key, exp.method.name, owner, fmt::join(keys, ", "));
    }
    if (section == "data") {
      const std::string owner = owner_of(schema.datasets, exp.data.dataset, key);
      CONTRA_CHECK(owner.empty(), "{}: {} is not an option of dataset '{}' but of '{}'; [data] here has keys: {}",
                   o.origin, o.key, exp.data.dataset, owner, fmt::join(keys, ", "));
    }
    core::fail("{}: unknown key '{}'; [{}] has keys: {}", o.origin, o.key, section, fmt::join(keys, ", "));
  }
  CONTRA_CHECK(expected.empty() || !(expected.rfind("one of ", 0) == 0 && std::holds_alternative<std::string>(o.value)),
               "{}: {} = {} is unknown; valid: {}", o.origin, o.key, literal(o.value), expected.substr(7));
  CONTRA_CHECK(expected.empty(), "{}: {} = {} has the wrong type: expected {}, got {}", o.origin, o.key,
               literal(o.value), expected, type_of(o.value));
  exp.origins[o.key] = o.origin;
}

}  // namespace detail

}  // namespace contra::config
