#include "contra/report/figures/figure_text.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace contra::report::figure_text {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '\n')
      out += "\\n";
    else if (c == '"' || c == '\\')
      out += std::string("\\") + c;
    else
      out += c;
  }
  return out + "\"";
}

/// Characters as drawn: UTF-8 code points, not bytes ("ℓ2" is two).
int text_width(const std::string& s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

/// `text` broken at spaces into lines of at most `chars` characters (a longer word stays whole).
std::vector<std::string> wrap(const std::string& text, int chars) {
  std::vector<std::string> lines;
  std::string line, word;
  auto flush_word = [&] {
    if (word.empty()) return;
    if (!line.empty() && text_width(line) + 1 + text_width(word) > chars) {
      lines.push_back(line);
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    word.clear();
  };
  for (char c : text) {
    if (c == ' ')
      flush_word();
    else
      word += c;
  }
  flush_word();
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

/// The lines of a text with '\n' in it.
std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const auto end = text.find('\n', start);
    out.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
    if (end == std::string::npos) return out;
    start = end + 1;
  }
}

/// `text` in as many lines as wrap() gives at `chars`, but of even lengths.
std::vector<std::string> wrap_even(const std::string& text, int chars) {
  const auto lines = wrap(text, chars);
  if (lines.size() < 2) return lines;
  for (int w = (text_width(text) + static_cast<int>(lines.size()) - 1) / static_cast<int>(lines.size()); w < chars; ++w)
    if (auto even = wrap(text, w); even.size() == lines.size()) return even;
  return lines;
}

std::string joined_lines(const std::vector<std::string>& lines) { return fmt::format("{}", fmt::join(lines, "\n")); }

/// Natural order: runs of digits compare as numbers ("epochs 2" < "epochs 10").
bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && digit(a[ie])) ++ie;
      while (je < b.size() && digit(b[je])) ++je;
      const double x = std::strtod(a.substr(i, ie - i).c_str(), nullptr);
      const double y = std::strtod(b.substr(j, je - j).c_str(), nullptr);
      if (x != y) return x < y;
      i = ie, j = je;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i, ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

}  // namespace contra::report::figure_text
