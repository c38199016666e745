// docs/configuration.md holds one reference table of every key a user can set: each key of every
// section, and each option of every registered method and dataset, in exactly one row, with the
// default the code has (and, for an option, each component that has it with its own default). The
// keys and defaults are read from the registries, so a new key or a moved default fails here
// until the table says it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../support/paths.h"
#include "contra/config/keys.h"
#include "contra/config/load.h"
#include "contra/methods/registry.h"

namespace {

/// Rows of the table: first cell (the key, without backticks) -> second cell (the default).
std::map<std::string, std::vector<std::string>> table_rows(const std::string& text) {
  std::map<std::string, std::vector<std::string>> rows;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("| `", 0) != 0) continue;
    const auto key_end = line.find("` |", 3);
    if (key_end == std::string::npos) continue;
    const auto cell_end = line.find(" |", key_end + 3);
    rows[line.substr(3, key_end - 3)].push_back(line.substr(key_end + 4, cell_end - key_end - 4));
  }
  return rows;
}

}  // namespace

TEST_CASE("docs/configuration.md: every key in one row, with the code's defaults", "[config][docs]") {
  std::ifstream in(std::filesystem::path(contra::testing::kSource) / "docs/configuration.md");
  REQUIRE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  const auto rows = table_rows(text.str());
  const auto& schema = contra::methods::schema();
  // Each section key: a row whose default cell is its literal, for an experiment that names nothing.
  const auto defaults = contra::methods::parse_experiment("", "(no file)");
  std::set<std::string> expected;
  for (const auto& e : contra::config::key_entries(defaults)) {
    if (defaults.method.find(e.key.substr(7)) != nullptr && e.key.rfind("method.", 0) == 0) continue;
    expected.insert(e.key);
    INFO(e.key);
    REQUIRE(rows.count(e.key) == 1);
    CHECK(rows.at(e.key).size() == 1);
    CHECK(rows.at(e.key).front() == "`" + contra::config::literal(e.value) + "`");
  }
  // Each option of a method or dataset: one row, naming each component that has it with its default.
  std::map<std::string, std::vector<std::string>> owners;
  for (const auto& m : schema.methods)
    for (const auto& o : m.options) owners["method." + o.key].push_back(m.name + ": `" + contra::config::literal(o.default_value));
  for (const auto& d : schema.datasets)
    for (const auto& o : d.options) owners["data." + o.key].push_back(d.name + ": `" + contra::config::literal(o.default_value));
  for (const auto& [key, cells] : owners) {
    expected.insert(key);
    INFO(key);
    REQUIRE(rows.count(key) == 1);
    CHECK(rows.at(key).size() == 1);
    for (const auto& cell : cells) CHECK_THAT(rows.at(key).front(), Catch::Contains(cell));
  }
  // And no row for a key the code does not have.
  for (const auto& [key, cells] : rows) {
    INFO(key);
    CHECK(expected.count(key) == 1);
  }
}
