// Reading the gnuplot scripts that report/figures/figure.cpp writes (tests/report/*): the panels, the
// line of a plot item or legend entry, its colour, and the numbers of its settings.
#pragma once

#include <cmath>
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

namespace contra::testing::gnuplot_script {

/// The panels of the script's first (PNG) pass: the text from one "reset" to the next.
inline std::vector<std::string> panel_blocks(const std::string& script) {
  const std::string png = script.substr(0, script.find("set terminal svg"));
  std::vector<std::string> out;
  for (auto at = png.find("\nreset\n"); at != std::string::npos;) {
    const auto next = png.find("\nreset\n", at + 1);
    out.push_back(png.substr(at + 1, next == std::string::npos ? std::string::npos : next - at));
    at = next;
  }
  return out;
}

/// The line of `block` that holds `needle`, or "" when none does.
inline std::string line_with(const std::string& block, const std::string& needle) {
  const auto at = block.find(needle);
  if (at == std::string::npos) return "";
  const auto start = block.rfind('\n', at);
  const auto end = block.find('\n', at);
  return block.substr(start == std::string::npos ? 0 : start + 1, end == std::string::npos ? end : end - start - 1);
}

/// The colour a line sets (lc rgb "#rrggbb"), or "" when it sets none.
inline std::string colour_on(const std::string& line) {
  std::smatch m;
  return std::regex_search(line, m, std::regex("lc rgb \"(#[0-9A-Fa-f]{6})\"")) ? m[1].str() : "";
}

/// The legend entry titled `title` in a panel: the line of its sample.
inline std::string key_entry(const std::string& block, const std::string& title) {
  return line_with(block, "title \"" + title + "\"");
}

/// The number that follows `key` in `text` ("set bmargin at screen " -> 0.2253), NaN when absent.
inline double number_after(const std::string& text, const std::string& key) {
  const auto at = text.find(key);
  return at == std::string::npos ? NAN : std::strtod(text.c_str() + at + key.size(), nullptr);
}

}  // namespace contra::testing::gnuplot_script
