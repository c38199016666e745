// Text for the figures (report/figures/figure.h): gnuplot string literals, widths of UTF-8 text, wrapping
// titles and legends into lines, and the natural order of series values.
#pragma once

#include <string>
#include <vector>

namespace contra::report::figure_text {

/// `s` as a gnuplot string literal: in double quotes, newlines as \\n, quotes and backslashes escaped.
std::string quoted(const std::string& s);
/// Characters as drawn: UTF-8 code points, not bytes ("ℓ2" is two).
int text_width(const std::string& s);
/// `text` broken at spaces into lines of at most `chars` characters (a longer word stays whole).
std::vector<std::string> wrap(const std::string& text, int chars);
/// The lines of `text` (split at newlines).
std::vector<std::string> lines_of(const std::string& text);
/// `text` wrapped into lines of about equal length, none over `chars`.
std::vector<std::string> wrap_even(const std::string& text, int chars);
/// The lines joined with newlines.
std::string joined_lines(const std::vector<std::string>& lines);
/// Natural order: runs of digits compare as numbers ("epochs 2" < "epochs 10").
bool natural_less(const std::string& a, const std::string& b);

}  // namespace contra::report::figure_text
