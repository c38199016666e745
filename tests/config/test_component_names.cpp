// config/, sweep/ and report/ name no method, dataset, recipe or baseline (DESIGN.md, example 5):
// they reach each through its registry. The registered names are read from the registries
// themselves, so a new component is held to this without editing the test.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../support/paths.h"
#include "contra/methods/registry.h"

namespace fs = std::filesystem;

TEST_CASE("no method, dataset, recipe or baseline name in config/, sweep/ or report/", "[config]") {
  const auto& schema = contra::methods::schema();
  std::set<std::string> names;
  for (const auto& m : schema.methods) names.insert(m.name);
  for (const auto& d : schema.datasets) names.insert(d.name);
  for (const auto& r : schema.recipes) names.insert(r.name);
  REQUIRE(names.size() > 10);
  // Names that are also English words ("the supervised ceiling", "a results folder") count only
  // as a string literal; the others anywhere, comments included, as a whole word.
  const std::set<std::string> words = {"supervised", "folder", "identity"};
  std::vector<std::string> found;
  for (const char* dir : {"config", "sweep", "report"}) {
    for (const auto& entry : fs::recursive_directory_iterator(fs::path(contra::testing::kSource) / "src/contra" / dir)) {
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      const std::string body = text.str();
      for (const auto& name : names) {
        const std::string escaped = std::regex_replace(name, std::regex(R"([-+.])"), R"(\$&)");
        const std::regex pattern(words.count(name) ? "[\"']" + escaped + "[\"']"
                                                   : "(^|[^A-Za-z0-9_])" + escaped + "($|[^A-Za-z0-9_])");
        if (std::regex_search(body, pattern)) found.push_back(entry.path().filename().string() + ": " + name);
      }
    }
  }
  std::string listed;
  for (const auto& f : found) listed += f + "\n";
  INFO(listed);
  CHECK(found.empty());
}
