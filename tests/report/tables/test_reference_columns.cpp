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

namespace {

/// check_references' message for the cited table u.tab holding `table`, read by a sweep over
/// optim.batch = `batches` with `report_keys`; "(no ContraError thrown)" when it is accepted.
std::string reference_error(const TempDir& dir, const std::string& table, const std::string& report_keys,
                            const std::string& batches = "[256]") {
  std::filesystem::create_directories(dir / "refs");
  write_file(dir / "refs" / "u.toml", "paper = \"P\"\n[tab]\nwhere = \"T\"\n" + table);
  return message_of([&] {
    contra::report::check_references(
        contra::sweep::plan_sweep(write_file(dir / "u.toml", "name = \"u\"\nexperiment = \"" + kExperiment +
                                                                 "\"\n[grid]\n\"optim.batch\" = " + batches +
                                                                 "\n[report]\nreference = \"u.tab\"\nreference_x = "
                                                                 "\"batch\"\n" + report_keys),
                                  "", {}, dir / "results"),
        (dir / "refs").string());
  });
}

}  // namespace

TEST_CASE("reference columns: a value column of another length than its x column is refused before a run",
          "[report][config]") {
  TempDir dir;
  const auto length_error = [&](const std::string& table, const std::string& report_keys) {
    return reference_error(dir, table, report_keys);
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

TEST_CASE("reference values: nan, inf, a number with a typo, and a word where x is a number are refused in one line",
          "[report][config]") {
  TempDir dir;
  const auto error = [&](const std::string& table) {
    return reference_error(dir, table, "reference_y = \"top1\"\n", "[256, 512]");
  };
  const std::string accepted = "(no ContraError thrown)";
  CHECK(error("batch = [256, 512]\ntop1 = [60.0, \"n/a\"]\n") == accepted);
  CHECK(error("batch = [256, 512]\ntop1 = [\"information\", \"60.8 +- 0.2\"]\n") == accepted);
  CHECK_THAT(error("batch = [256, 512]\ntop1 = [60.0, nan]\n"),
             Catch::Contains("u.toml:") && Catch::Contains("a reference value must be finite, got nan"));
  CHECK_THAT(error("batch = [256, 512]\ntop1 = [inf, 60.0]\n"), Catch::Contains("must be finite, got inf"));
  CHECK_THAT(error("batch = [256, 512]\ntop1 = [\"6O.6\", 60.0]\n"),
             Catch::Contains("reference value \"6O.6\" starts like a number but is not one"));
  CHECK(error("batch = [256, 512]\ntop1 = [\"7.4 GB\", \"57.8%\"]\n") == accepted);
  CHECK(error("batch = [256, 512]\ntop1 = [\"2x\", \"1st\"]\n") == accepted);  // words, not typos
  for (const char* typo : {"4,096", "5-10", "0x10", "1e999", " 6O.6 GB"})
    CHECK_THAT(error(std::string("batch = [256, 512]\ntop1 = [\"") + typo + "\", 60.0]\n"),
               Catch::Contains(std::string("reference value \"") + typo + "\" starts like a number but is not one"));
  CHECK_THAT(error("batch = [256, \"big\"]\ntop1 = [60.0, 61.0]\n"),
             Catch::Contains("column 'batch' of the cited table u.tab holds 'big' (position 2), which is no number, "
                             "where every planned x (optim.batch: 256, 512) is one"));
  CHECK_THAT(error("batch = [256, nan]\ntop1 = [60.0, 61.0]\n"), Catch::Contains("must be finite, got nan"));
  CHECK_THAT(error("batch = [[256], [512]]\ntop1 = [60.0, 61.0]\n"),
             Catch::Contains("report.reference_x = 'batch' is a 2-D column of the cited table u.tab"));
}

