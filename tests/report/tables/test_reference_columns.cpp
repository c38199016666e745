// The cited table's columns against the sweep that reads them (report::check_references), before
// any run: a value column of another length than its x column (values are matched by position), a
// 2-D column with rows not one per x or not one value per series entry, and a reference_columns key
// that no planned series value is.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "../../support/errors.h"
#include "../../support/paths.h"
#include "../../support/temp_dir.h"
#include "contra/report/report.h"
#include "contra/sweep/plan.h"

using contra::testing::message_of;
using contra::testing::TempDir;
using contra::testing::write_file;
using contra::testing::kExperiment;

TEST_CASE("reference columns: a value column of another length than its x column is refused before a run",
          "[report][config]") {
  TempDir dir;
  std::filesystem::create_directories(dir / "refs");
  const auto refs = (dir / "refs").string();
  const auto length_error = [&](const std::string& table, const std::string& report_keys) {
    write_file(dir / "refs" / "u.toml", "paper = \"P\"\n[tab]\nwhere = \"T\"\n" + table);
    return message_of([&] {
      contra::report::check_references(
          contra::sweep::plan_sweep(write_file(dir / "u.toml", "name = \"u\"\nexperiment = \"" + kExperiment +
                                                                   "\"\n[grid]\n\"optim.batch\" = [256]\n[report]\n"
                                                                   "reference = \"u.tab\"\nreference_x = \"batch\"\n" +
                                                                   report_keys),
                                    "", {}, dir / "results"),
          refs);
    });
  };
  const std::string accepted = "(no ContraError thrown)";
  CHECK(length_error("batch = [256, 512]\ntop1 = [60.0, 61.0]\n", "reference_y = \"top1\"\n") == accepted);
  CHECK_THAT(length_error("batch = [256, 512]\ntop1 = [60.0]\n", "reference_y = \"top1\"\n"),
             Catch::Contains("u.toml: column 'top1' of the cited table u.tab has 1 values but reference_x 'batch' has "
                             "2: each value is matched to its x by position"));
  CHECK_THAT(length_error("batch = [256, 512]\nwith = [60.0, 61.0, 62.0]\n",
                          "series = \"model.head\"\nreference_columns = { linear = \"with\" }\n"),
             Catch::Contains("column 'with' of the cited table u.tab has 3 values but reference_x 'batch' has 2"));
  // A reference_columns key names a planned series value exactly, or that series loses its paper column.
  CHECK_THAT(length_error("batch = [256, 512]\nwith = [60.0, 61.0]\n",
                          "series = \"model.head\"\nreference_columns = { mlpx = \"with\" }\n"),
             Catch::Contains("u.toml: report.reference_columns.mlpx = 'with': no planned run has series model.head = "
                             "'mlpx' (its values: linear)"));
  // 2-D: one row per x, each with one value per reference_series entry.
  const std::string series = "reference_series = \"epochs\"\nreference_y = \"top1\"\n";
  CHECK(length_error("batch = [256, 512]\nepochs = [1, 2]\ntop1 = [[60.0, 61.0], [62.0, 63.0]]\n", series) ==
        accepted);
  CHECK_THAT(length_error("batch = [256, 512]\nepochs = [1, 2]\ntop1 = [[60.0, 61.0], [62.0]]\n", series),
             Catch::Contains("column 'top1.1' of the cited table u.tab has 1 values but reference_series 'epochs' "
                             "has 2"));
  CHECK_THAT(length_error("batch = [256, 512]\nepochs = [1, 2]\ntop1 = [[60.0, 61.0]]\n", series),
             Catch::Contains("column 'top1' of the cited table u.tab has 1 rows but reference_x 'batch' has 2 values"));
}
