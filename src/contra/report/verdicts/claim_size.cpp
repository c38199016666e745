#include "contra/report/verdicts/claim_size.h"

#include <fmt/format.h>

namespace contra::report {

namespace {

double relative_gap(double a, double b) { return b != 0 ? (a - b) / std::fabs(b) : NAN; }

}  // namespace

SizeComparison compare_size(double ours_a, double ours_b, double paper_a, double paper_b) {
  SizeComparison s;
  s.ours = relative_gap(ours_a, ours_b);
  s.paper = relative_gap(paper_a, paper_b);
  if (std::isfinite(s.ours) && std::isfinite(s.paper) && s.paper != 0) {
    const double ratio = s.ours / s.paper;
    s.comparable = ratio >= kSizeLow && ratio <= kSizeHigh;
  }
  return s;
}

std::string SizeComparison::text() const {
  if (!std::isfinite(ours) || !std::isfinite(paper) || paper == 0) return "—";
  return fmt::format("{} (ours {:+.1f}% vs the paper's {:+.1f}%)", comparable ? "comparable" : "not comparable",
                     100 * ours, 100 * paper);
}

}  // namespace contra::report
