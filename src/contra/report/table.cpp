#include "contra/report/table.h"

#include <fmt/format.h>

namespace contra::report {

namespace {

std::string md_cell(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '|' ? std::string("\\|") : std::string(1, c == '\n' ? ' ' : c);
  return out;
}

std::string csv_cell(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string row_line(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const auto& c : cells) line += " " + md_cell(c) + " |";
  return line + "\n";
}

}  // namespace

std::string to_markdown(const Table& t) {
  std::string out = "# " + t.title + "\n\n";
  for (const auto& n : t.notes) out += "- " + n + "\n";
  if (!t.notes.empty()) out += "\n";
  out += row_line(t.columns);
  std::string rule = "|";
  for (std::size_t i = 0; i < t.columns.size(); ++i) rule += i == 0 ? " --- |" : " ---: |";
  out += rule + "\n";
  for (const auto& r : t.rows) out += row_line(r);
  if (!t.footnotes.empty()) out += "\n";
  for (const auto& f : t.footnotes) out += f + "\n";
  return out;
}

std::string to_csv(const Table& t) {
  std::string out;
  const auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) out += (i ? "," : "") + csv_cell(cells[i]);
    out += "\n";
  };
  line(t.csv_columns);
  for (const auto& r : t.csv_rows) line(r);
  return out;
}

}  // namespace contra::report
