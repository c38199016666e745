// Direction and size apart (report/verdicts/claim_size.h): our gap against the paper's on one scale, the
// relative gap (a − b)/|b|, comparable when ours is between half and twice the paper's.
#include <catch2/catch.hpp>

#include <cmath>

#include "contra/report/verdicts/claim_size.h"

using contra::report::compare_size;

TEST_CASE("claim size: comparable within half to twice the paper's relative gap", "[report][claims]") {
  // the paper 60 vs 50 (+20%); ours 82 vs 80 (+2.5%): the direction, a eighth of the size
  auto s = compare_size(82, 80, 60, 50);
  CHECK(s.ours == Approx(0.025));
  CHECK(s.paper == Approx(0.2));
  CHECK_FALSE(s.comparable);
  CHECK(s.text() == "not comparable (ours +2.5% vs the paper's +20.0%)");
  CHECK(compare_size(88, 80, 60, 50).comparable);        // +10%: half, the bound
  CHECK(compare_size(112, 80, 60, 50).comparable);       // +40%: twice, the bound
  CHECK_FALSE(compare_size(113, 80, 60, 50).comparable); // over twice
  CHECK_FALSE(compare_size(78, 80, 60, 50).comparable);  // the other sign
  // cost: the paper 7.4 vs 5.0 GB (+48%); ours 409 vs 387 MiB (+5.7%)
  CHECK_FALSE(compare_size(409, 387, 7.4, 5.0).comparable);
}

TEST_CASE("claim size: nothing to compare is a dash, never comparable", "[report][claims]") {
  CHECK(compare_size(82, 80, NAN, 50).text() == "—");
  CHECK(compare_size(NAN, 80, 60, 50).text() == "—");
  CHECK(compare_size(82, 80, 50, 50).text() == "—");  // the paper's gap is 0: no scale
  CHECK_FALSE(compare_size(82, 80, 50, 50).comparable);
  CHECK(compare_size(82, 0, 60, 50).text() == "—");  // our second value is 0
}
