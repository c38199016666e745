// The count every table's notes and the results index give: how many measured rows are above the
// raw-pixel baseline on each protocol, and the largest gain (report/tables/baselines.h).
#include <catch2/catch.hpp>

#include <cmath>

#include "contra/report/tables/baselines.h"

using contra::report::BaselineRow;
using contra::report::RawPixelTally;
using contra::report::Row;
using contra::report::RowSet;

namespace {

Row row(double knn, double linear) {
  Row r;
  r.knn.mean = knn;
  r.linear.mean = linear;
  return r;
}

RowSet with_raw_pixels(double knn, double linear) {
  RowSet d;
  BaselineRow raw;
  raw.method = "raw_pixels";
  raw.label = "raw pixels";
  raw.knn.mean = knn;
  raw.linear.mean = linear;
  d.baselines.push_back(raw);
  return d;
}

}  // namespace

TEST_CASE("raw-pixel tally: rows above raw pixels per protocol, of the rows measured there", "[report][baselines]") {
  RowSet d = with_raw_pixels(50, 60);
  d.rows = {row(49, 61), row(NAN, 59.5), row(48, 60)};  // a row equal to raw pixels is not above it
  const RawPixelTally t = contra::report::raw_pixel_tally(d);
  CHECK(t.knn_rows == 2);
  CHECK(t.knn_above == 0);
  CHECK(t.best_knn == Approx(-1.0));
  CHECK(t.linear_rows == 3);
  CHECK(t.linear_above == 1);
  CHECK(t.best_linear == Approx(1.0));
  CHECK(contra::report::raw_pixel_text(t) == "kNN 0 of 2 rows (best -1.00), linear 1 of 3 (best +1.00)");
  CHECK_THAT(contra::report::baselines_note(d),
             Catch::EndsWith("Measured rows above raw pixels: kNN 0 of 2 rows (best -1.00), linear 1 of 3 (best +1.00)."));

  // Two tables summed for the index: counts add, the best is the larger.
  RowSet e = with_raw_pixels(40, 70);
  e.rows = {row(45, 69)};
  RawPixelTally all = t;
  all += contra::report::raw_pixel_tally(e);
  CHECK(contra::report::raw_pixel_text(all) == "kNN 1 of 3 rows (best +5.00), linear 1 of 4 (best +1.00)");

  // No raw-pixel baseline: nothing to count, and the note says nothing of it.
  RowSet none;
  none.rows = {row(49, 61)};
  CHECK(contra::report::raw_pixel_text(contra::report::raw_pixel_tally(none)).empty());
}
