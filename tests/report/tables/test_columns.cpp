// One column schema for the table kinds (report/tables/columns.h): a column's header and its cells
// come from one entry, so every line has as many cells as the header; a baseline gets "—" in
// Markdown and "" in the CSV where a column has nothing for it; the keys' order per kind.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <cmath>
#include <utility>

#include "contra/report/tables/columns.h"

using contra::report::BaselineRow;
using contra::report::Columns;
using contra::report::Row;
using contra::report::RowSet;
using contra::report::Table;

namespace {

RowSet two_rows() {
  RowSet d;
  BaselineRow raw;
  raw.method = "raw_pixels";
  raw.label = "raw pixels";
  raw.knn = {50.0, NAN, 1};
  raw.linear = {60.0, NAN, 1};
  raw.status = "ok";
  d.baselines.push_back(raw);
  for (const double k : {64.0, 4096.0}) {
    Row r;
    r.series = "moco";
    r.x_text = fmt::format("{:.0f}", k);
    r.x = k;
    r.knn = r.measured = {52.0 + k / 4096.0, 0.5, 3};
    r.linear = {61.0, 0.25, 3};
    r.status = "ok";
    r.train_seconds = {120.0, 1.0, 3};
    r.images_per_s = {2000.0, 10.0, 3};
    d.rows.push_back(r);
  }
  return d;
}

contra::config::ReportSpec spec_with(std::string series) {
  contra::config::ReportSpec spec;
  // Moved in, not assigned from literals: GCC 12 at -O2 reports a false -Wstringop-overflow on a
  // literal assigned to a member of this struct (the LibTorch 2.x build, -Werror).
  spec.x = std::string("method.queue_size");
  spec.x_label = std::string("K");
  spec.series = std::move(series);
  return spec;
}

}  // namespace

TEST_CASE("columns: every line has one cell per header, in both renderings", "[report][tables]") {
  const RowSet d = two_rows();
  Columns c;
  contra::report::key_columns(c, spec_with("method.name"));
  contra::report::measured_columns(c, d, "kNN", "linear", [](const BaselineRow& b) { return b.knn; });
  contra::report::status_columns(c);
  contra::report::cost_columns(c, true);
  Table t;
  c.fill(t, d);
  REQUIRE(t.rows.size() == 3);  // the baseline, then the two rows
  REQUIRE(t.csv_rows.size() == 3);
  for (const auto& line : t.rows) CHECK(line.size() == t.columns.size());
  for (const auto& line : t.csv_rows) CHECK(line.size() == t.csv_columns.size());
  CHECK(t.columns == std::vector<std::string>{"method.name", "K", "kNN", "linear", "n", "kNN vs raw pixels",
                                              "linear vs raw pixels", "status", "train s", "s/step", "images/s",
                                              "peak MiB"});
  CHECK(t.csv_columns.front() == "baseline");
  CHECK(t.csv_columns[1] == "method.name");  // the series before x
  CHECK(t.csv_columns[2] == "method.queue_size");
  // A baseline: named in the x column, "—" where a column has nothing for it; its label in the
  // CSV's baseline column and "" elsewhere it has nothing.
  CHECK(t.rows[0][0] == "—");
  CHECK(t.rows[0][1] == "raw pixels");
  CHECK(t.rows[0][5] == "—");
  CHECK(t.rows[0][7] == "baseline: ok");
  CHECK(t.csv_rows[0][0] == "raw pixels");
  CHECK(t.csv_rows[0][1].empty());
  // A measured row: its own cells, and its gain over raw pixels on each protocol.
  CHECK(t.rows[2][1] == "4096");
  CHECK(t.rows[2][2] == "53.00 ± 0.50");
  CHECK(t.rows[2][5] == "+3.00");
  CHECK(t.rows[2][6] == "+1.00");
  CHECK(t.csv_rows[2][0].empty());
  CHECK(t.csv_rows[2][3] == "53.0000");
}

TEST_CASE("columns: a linear probe missing from some of a row's runs gives its own n", "[report][tables]") {
  RowSet d = two_rows();
  d.rows[0].linear.n = 2;  // one of the three runs has no probe
  Columns c;
  contra::report::measured_columns(c, d, "kNN", "linear", [](const BaselineRow& b) { return b.knn; });
  Table t;
  c.fill(t, d);
  CHECK(t.rows[1][1] == "61.00 ± 0.25 (n 2)");
  CHECK(t.rows[1][2] == "3");
  CHECK(t.rows[2][1] == "61.00 ± 0.25");  // the same n as the row's: nothing added
  CHECK(t.rows[0][1] == "60.00");         // the baseline: one run, as its n column says
}

TEST_CASE("columns: the grid's CSV puts x before the series, and without a series there is no series column", "[report][tables]") {
  const RowSet d = two_rows();
  Columns grid;
  contra::report::key_columns(grid, spec_with("method.name"), /*x_first=*/true);
  Table t;
  t.rows = {{"pivoted by the grid itself"}};
  grid.fill_csv(t, d);
  CHECK(t.rows.size() == 1);  // fill_csv leaves the Markdown alone
  CHECK(t.csv_columns == std::vector<std::string>{"baseline", "method.queue_size", "method.name"});
  CHECK(t.csv_rows[1] == std::vector<std::string>{"", "64", "moco"});

  Columns plain;
  contra::report::key_columns(plain, spec_with(""));
  Table u;
  plain.fill(u, d);
  CHECK(u.columns == std::vector<std::string>{"K"});
  CHECK(u.csv_columns == std::vector<std::string>{"baseline", "method.queue_size"});
}
