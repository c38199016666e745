// The count every table's notes and the results index give: how many measured rows are above the
// raw-pixel baseline on each protocol, and the largest gain (report/tables/baselines.h).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <utility>

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
  CHECK(t.both_rows == 2);  // the rows with both values
  CHECK(t.both_above == 0);
  CHECK(contra::report::raw_pixel_text(t) == "kNN 0 of 2 rows (best -1.00), linear 1 of 3 (best +1.00), both 0 of 2");
  CHECK_THAT(contra::report::baselines_note(d),
             Catch::EndsWith("Measured rows above raw pixels: kNN 0 of 2 rows (best -1.00), linear 1 of 3 (best +1.00), "
                             "both 0 of 2."));

  // Two tables summed for the index: counts add, the best is the larger.
  RowSet e = with_raw_pixels(40, 70);
  e.rows = {row(45, 69)};
  RawPixelTally all = t;
  all += contra::report::raw_pixel_tally(e);
  CHECK(contra::report::raw_pixel_text(all) == "kNN 1 of 3 rows (best +5.00), linear 1 of 4 (best +1.00), both 0 of 3");

  // Above on both probes: a row above on one only does not count.
  RowSet b = with_raw_pixels(50, 60);
  b.rows = {row(51, 61), row(51, 59), row(49, 61), row(52, NAN)};
  const RawPixelTally bt = contra::report::raw_pixel_tally(b);
  CHECK(bt.both_rows == 3);
  CHECK(bt.both_above == 1);

  // No raw-pixel baseline: nothing to count, and the note says nothing of it.
  RowSet none;
  none.rows = {row(49, 61)};
  CHECK(contra::report::raw_pixel_text(contra::report::raw_pixel_tally(none)).empty());
}

TEST_CASE("random-init note: the rows whose kNN is not above the untrained encoder's, named", "[report][baselines]") {
  contra::config::ReportSpec spec;
  // Assigned from std::string, not literals: GCC 12 at -O2 reports a false -Wstringop-overflow on a
  // short literal assigned to a member of this struct (the LibTorch 2.x build, -Werror).
  spec.x = std::string("method.momentum");
  spec.x_label = std::string("m");
  spec.series = std::string("method.queue");
  spec.series_label = std::string("K");
  RowSet d;
  BaselineRow init;
  init.method = "random_init";
  init.label = "random init";
  init.role = contra::config::BaselineSpec::Role::init;
  init.knn.mean = 66.5;
  d.baselines.push_back(init);
  // std::string parameters: GCC 12's -Wstringop-overflow misreads an inlined assign(const char*) here.
  const auto at = [](std::string m, double knn, std::string status) {
    Row r = row(knn, 80);
    r.series = "1024";
    r.x_text = std::move(m);
    r.status = std::move(status);
    return r;
  };
  d.rows = {at("0.0", 65.1, "loss near chance (2/10)"), at("0.9", 66.5, "ok"), at("0.99", 70.0, "ok"),
            at("0.999", NAN, "ok")};
  const auto note = contra::report::random_init_note(spec, d);
  // Equal is not above; a row without a kNN value is not counted.
  CHECK_THAT(note, Catch::StartsWith("**Not above random init** on kNN (against the random-init encoder's 66.50): 2 "
                                     "of 3 rows, K 1024, m = 0.0 (65.10 against 66.50, loss near chance (2/10)); K "
                                     "1024, m = 0.9 (66.50 against 66.50)."));
  CHECK_THAT(note, Catch::Contains("not testable"));

  CHECK_THAT(note, Catch::EndsWith("(1 row without both values not judged)."));

  d.rows = {at("0.99", 70.0, "ok"), at("0.999", 67.0, "ok")};
  CHECK(contra::report::random_init_note(spec, d) ==
        "Learned: all 2 rows' kNN is above the random-init encoder's 66.50.");
  d.rows = {at("0.99", 70.0, "ok")};
  CHECK(contra::report::random_init_note(spec, d) ==
        "Learned: the one row's kNN is above the random-init encoder's 66.50.");

  // Nothing to judge against, or nothing to judge: the note says which; no rows, nothing to say.
  d.rows = {at("0.99", NAN, "ok")};
  CHECK(contra::report::random_init_note(spec, d) == "Random init: not judged: no row has a kNN value.");
  d.baselines.clear();
  d.rows = {at("0.99", 70.0, "ok")};
  CHECK(contra::report::random_init_note(spec, d) ==
        "Random init: not judged: no run measured its own random-init kNN (eval.knn_random_init) and the table has "
        "no random-init baseline.");
  d.rows.clear();
  CHECK(contra::report::random_init_note(spec, d).empty());
}
