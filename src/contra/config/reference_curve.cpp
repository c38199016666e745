#include "contra/config/reference_curve.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "contra/core/error.h"

namespace contra::config {

namespace {

std::vector<std::string> cells_of(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  std::string cell;
  while (std::getline(in, cell, ',')) cells.push_back(cell);
  if (!line.empty() && line.back() == ',') cells.emplace_back();
  return cells;
}

std::size_t column_index(const std::vector<std::string>& header, const std::string& column, const std::string& where) {
  const auto it = std::find(header.begin(), header.end(), column);
  CONTRA_CHECK(it != header.end(), "{}: no column '{}' (the header has: {})", where, column, fmt::join(header, ", "));
  return static_cast<std::size_t>(it - header.begin());
}

double number_at(const std::string& cell, const std::string& where, const std::string& column) {
  std::size_t used = 0;
  double v = NAN;
  try {
    v = std::stod(cell, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  CONTRA_CHECK(used == cell.size() && !cell.empty() && std::isfinite(v), "{}: {} = '{}' is not a number", where,
               column, cell);
  return v;
}

}  // namespace

ReferenceCurve load_reference_curve(const std::string& dir, const std::string& name, const std::string& column) {
  const std::string file = (std::filesystem::path(dir) / (name + ".csv")).string();
  std::error_code ec;
  CONTRA_CHECK(std::filesystem::is_regular_file(file, ec),
               "{}: the reference curve '{}' is missing or not a file (a CSV in the references folder)", file, name);
  std::ifstream in(file);
  CONTRA_CHECK(in.good(), "{}: cannot read the reference curve '{}' (a CSV in the references folder)", file, name);
  CONTRA_CHECK(std::filesystem::file_size(file, ec) > 0, "{}: the reference curve '{}' is empty", file, name);
  ReferenceCurve c;
  c.name = name;
  c.column = column;
  std::vector<std::string> header;
  std::size_t epoch_at = 0, value_at = 0;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::string where = fmt::format("{}:{}", file, number);
    if (line.empty()) continue;
    if (line[0] == '#') {
      CONTRA_CHECK(header.empty(), "{}: a '#' line after the header (the citation comes first)", where);
      const auto start = line.find_first_not_of("# ");
      if (start != std::string::npos) c.citation += (c.citation.empty() ? "" : " ") + line.substr(start);
      continue;
    }
    const auto cells = cells_of(line);
    if (header.empty()) {
      header = cells;
      epoch_at = column_index(header, "epoch", where);
      value_at = column_index(header, column, where);
      continue;
    }
    CONTRA_CHECK(cells.size() == header.size(), "{}: {} cells, the header has {}", where, cells.size(), header.size());
    const double epoch = number_at(cells[epoch_at], where, "epoch");
    CONTRA_CHECK(epoch >= 1 && epoch == std::floor(epoch), "{}: epoch {} is not a whole number from 1 on", where,
                 cells[epoch_at]);
    CONTRA_CHECK(c.epoch.empty() || epoch > c.epoch.back(), "{}: epoch {} does not follow epoch {}", where, epoch,
                 c.epoch.empty() ? 0.0 : c.epoch.back());
    c.epoch.push_back(epoch);
    c.value.push_back(number_at(cells[value_at], where, column));
    CONTRA_CHECK(column.find("top1") == std::string::npos || (c.value.back() >= 0 && c.value.back() <= 100),
                 "{}: {} = {} is not a top-1 accuracy in percent (0 to 100)", where, column, cells[value_at]);
  }
  CONTRA_CHECK(!c.citation.empty(), "{}: no '#' lines naming the source: a reference curve must cite where it is from",
               file);
  CONTRA_CHECK(!header.empty() && !c.epoch.empty(), "{}: no rows under the header", file);
  return c;
}

}  // namespace contra::config
