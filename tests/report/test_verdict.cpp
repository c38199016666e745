// The verdict rule (report/verdict.h) on hand-made numbers: Welch's p-values against SciPy's, and
// each claim kind giving each of its three verdicts, and "inconclusive (n < 3)" below 3 seeds.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "../support/errors.h"
#include "contra/report/verdict.h"

using namespace contra::report;
using contra::testing::message_of;
using V = std::vector<double>;

TEST_CASE("verdict: Welch's one-sided p-value matches SciPy's", "[report][verdict]") {
  // Independent computation: scipy.stats.ttest_ind(a, b, equal_var=False, alternative='greater')
  // (SciPy 1.17.1), printed to 16 digits.
  CHECK(welch_p_greater({78.1, 78.9, 78.5}, {76.0, 77.2, 76.4}) == Approx(0.006783870138808142).epsilon(1e-9));
  CHECK(welch_p_greater({60.2, 61.5, 59.1, 60.8}, {58.0, 62.3, 57.5}) == Approx(0.2707611051754279).epsilon(1e-9));
  // A shift: A - B > -1 is A + 1 > B (SciPy on a + 1).
  CHECK(welch_p_greater({60.2, 61.5, 59.1, 60.8}, {60.0, 60.3, 60.5}, -1.0) ==
        Approx(0.05449724644746875).epsilon(1e-9));
  // Symmetry: the two one-sided p-values of the same difference add up to 1.
  const V a{1, 2, 4}, b{2, 3, 3.5};
  CHECK(welch_p_greater(a, b) + welch_p_greater(b, a) == Approx(1.0).epsilon(1e-12));
  // Zero variance in both: decided by the means alone.
  CHECK(welch_p_greater({2, 2, 2}, {1, 1, 1}) == 0.0);
  CHECK(welch_p_greater({1, 1, 1}, {2, 2, 2}) == 1.0);
  CHECK(welch_p_greater({1, 1, 1}, {1, 1, 1}) == 0.5);
  CHECK(message_of([] { (void)welch_p_greater({1}, {1, 2}); }).find("at least 2") != std::string::npos);
}

TEST_CASE("verdict: Spearman's rank correlation, ties at their mean rank", "[report][verdict]") {
  CHECK(spearman({0, 1, 2, 3, 4}, {1, 3, 2, 5, 5}) == Approx(0.8720815992723809).epsilon(1e-9));  // SciPy spearmanr
  CHECK(spearman({0, 1, 2}, {3, 2, 1}) == Approx(-1.0));
  CHECK(std::isnan(spearman({0, 1, 2}, {4, 4, 4})));
}

TEST_CASE("verdict: A above B, all three verdicts", "[report][verdict]") {
  CHECK(above({78.1, 78.9, 78.5}, {76.0, 77.2, 76.4}).outcome == Outcome::reproduced);
  CHECK(above({76.0, 77.2, 76.4}, {78.1, 78.9, 78.5}).outcome == Outcome::contradicted);
  const auto v = above({60.2, 61.5, 59.1, 60.8}, {58.0, 62.3, 57.5});
  CHECK(v.outcome == Outcome::inconclusive);
  CHECK(v.text() == "inconclusive");
  CHECK(v.evidence.find("Welch") != std::string::npos);
}

TEST_CASE("verdict: fewer than 3 seeds is inconclusive (n < 3), whatever the numbers", "[report][verdict]") {
  const auto v = above({90, 91}, {10, 11, 12});
  CHECK(v.outcome == Outcome::inconclusive);
  CHECK(v.text() == "inconclusive (n < 3)");
  CHECK(approx({1, 1}, {1, 1}, 1).text() == "inconclusive (n < 3)");
  CHECK(trend({{1, 2, 3}, {5, 6}}, true).text() == "inconclusive (n < 3)");
  CHECK(peaks_within({{1, 2, 3}, {5, 6}}, {true, false}).text() == "inconclusive (n < 3)");
  CHECK(fails({true, true}).text() == "inconclusive (n < 3)");
  // A non-finite value (a run with no metric) does not count as a seed.
  CHECK(above({90, 91, NAN}, {10, 11, 12}).text() == "inconclusive (n < 3)");
}

TEST_CASE("verdict: A ≈ B within d, all three verdicts", "[report][verdict]") {
  CHECK(approx({60.0, 60.2, 60.1}, {60.1, 60.0, 60.2}, 1.0).outcome == Outcome::reproduced);
  CHECK(approx({63.0, 63.2, 63.1}, {60.1, 60.0, 60.2}, 1.0).outcome == Outcome::contradicted);
  CHECK(approx({57.0, 57.2, 57.1}, {60.1, 60.0, 60.2}, 1.0).outcome == Outcome::contradicted);  // either side
  // Too noisy to tell: neither within 1 point nor beyond it.
  CHECK(approx({58.0, 62.0, 60.0}, {59.0, 61.5, 60.5}, 1.0).outcome == Outcome::inconclusive);
  CHECK(message_of([] { (void)approx({1, 2, 3}, {1, 2, 3}, 0); }).find("d > 0") != std::string::npos);
}

TEST_CASE("verdict: increases and decreases with x, all three verdicts", "[report][verdict]") {
  const std::vector<V> rising = {{50.0, 50.4, 50.2}, {52.0, 51.6, 51.9}, {51.5, 51.8, 52.2}, {54.0, 54.3, 53.8}};
  CHECK(trend(rising, true).outcome == Outcome::reproduced);
  CHECK(trend(rising, false).outcome == Outcome::contradicted);
  std::vector<V> falling(rising.rbegin(), rising.rend());
  CHECK(trend(falling, false).outcome == Outcome::reproduced);
  CHECK(trend(falling, true).outcome == Outcome::contradicted);
  // Means that rise, ends that overlap: inconclusive.
  const std::vector<V> noisy = {{50, 56, 53}, {53, 54, 55}, {49, 60, 55}};
  CHECK(trend(noisy, true).outcome == Outcome::inconclusive);
  // Ends significantly apart but the ranks the other way (a dip in between is fine, a reversal is not):
  // rising ends with the means' ranks falling overall is not reproduced.
  const std::vector<V> zigzag = {{50, 50.1, 49.9}, {60, 60.1, 59.9}, {58, 58.1, 57.9}, {56, 56.1, 55.9}, {51, 51.1, 50.9}};
  CHECK(trend(zigzag, true).outcome != Outcome::reproduced);
  CHECK(message_of([] { (void)trend({{1, 2, 3}}, true); }).find("at least 2 rows") != std::string::npos);
}

TEST_CASE("verdict: peaks within a set, all three verdicts", "[report][verdict]") {
  const std::vector<V> rows = {{40, 41, 40.5}, {55, 55.5, 54.8}, {58, 58.4, 57.9}, {57.5, 58.2, 58}};
  CHECK(peaks_within(rows, {false, false, true, true}).outcome == Outcome::reproduced);
  CHECK(peaks_within(rows, {true, true, false, false}).outcome == Outcome::contradicted);
  // The best inside and the best outside are indistinguishable.
  CHECK(peaks_within(rows, {false, false, true, false}).outcome == Outcome::inconclusive);
  CHECK(message_of([&] { (void)peaks_within(rows, {true, true, true, true}); }).find("outside") != std::string::npos);
}

TEST_CASE("verdict: fails, all three verdicts", "[report][verdict]") {
  CHECK(fails({true, true, true}).outcome == Outcome::reproduced);
  CHECK(fails({false, false, false}).outcome == Outcome::contradicted);
  CHECK(fails({true, false, true}).outcome == Outcome::inconclusive);
  CHECK(fails({true, false, true}).evidence == "2 of 3 runs failed");
}
