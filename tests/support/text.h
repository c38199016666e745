// Reading text that a test captured or a run wrote, line by line.
#pragma once

#include <sstream>
#include <string>
#include <vector>

namespace contra::testing {

/// The lines of `text`, without their newlines.
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace contra::testing
