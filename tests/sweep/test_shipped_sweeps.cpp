// Every sweep shipped in sweeps/ (and the suite's own studies in bench/fidelity/) plans for every one of its presets (each run's config resolves and
// validates), cites a paper table whose columns exist, and has a make target; so a typo in a sweep
// or a reference fails here, not an hour into `make ablations`.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../support/temp_dir.h"
#include "contra/config/references.h"
#include "contra/sweep/plan.h"

namespace fs = std::filesystem;

TEST_CASE("shipped sweeps: every preset plans, every cited column exists, every sweep has a make target", "[sweep]") {
  const fs::path root = CONTRA_SOURCE_DIR;
  std::ifstream in(root / "Makefile");
  std::stringstream makefile;
  makefile << in.rdbuf();
  contra::testing::TempDir results;
  int sweeps = 0;
  std::vector<fs::path> files;  // the papers' tables, and the suite's own studies (bench/fidelity)
  for (const char* dir : {"sweeps", "bench/fidelity"})
    for (const auto& entry : fs::directory_iterator(root / dir))
      if (entry.path().extension() == ".toml") files.push_back(entry.path());
  for (const auto& path : files) {
    ++sweeps;
    const std::string file = path.string();
    INFO(file);
    const auto first = contra::sweep::plan_sweep(file, "", {}, results.path());
    // Its make target runs it: by its path (`sweeps/<name>.toml`) or through the rule `<targets>: cli` with sweeps/$@.toml.
    const std::string stem = path.stem().string();
    bool target = makefile.str().find(path.parent_path().filename().string() + "/" + stem + ".toml") != std::string::npos;
    std::istringstream lines(makefile.str());
    for (std::string line; !target && std::getline(lines, line);) {
      const auto colon = line.find(": cli");
      if (colon == std::string::npos || line.find("$(") == 0) continue;
      std::istringstream names(line.substr(0, colon));
      for (std::string name; names >> name;) target = target || name == stem;
    }
    CHECK(target);
    for (const auto& [name, preset] : first.sweep.presets) {
      INFO("preset " << name);
      const auto plan = contra::sweep::plan_sweep(file, name, {}, results.path());
      CHECK_FALSE(plan.runs.empty());
    }
    const auto& spec = first.sweep.report;
    if (spec.reference.empty()) continue;
    const auto reference = contra::config::load_reference((root / "analysis" / "references").string(), spec.reference);
    for (const auto& column : {spec.reference_x, spec.reference_y, spec.reference_series}) {
      if (column.empty()) continue;
      const bool flat = reference.columns.count(column) > 0, nested = reference.columns.count(column + ".0") > 0;
      CHECK((flat || nested));
    }
    for (const auto& [series, column] : spec.reference_columns) CHECK(reference.columns.count(column) > 0);
  }
  CHECK(sweeps >= 10);
}
