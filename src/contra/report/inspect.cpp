#include "contra/report/inspect.h"

#include <fmt/format.h>

#include <cmath>

#include "contra/store/record_digest.h"
#include "contra/store/run_record.h"

namespace contra::report {

namespace {

std::size_t length_of(const store::Column& c) {
  return std::visit([](const auto& v) { return v.size(); }, c);
}

}  // namespace

std::string inspect_run(const std::filesystem::path& file, bool with_config) {
  const auto rec = store::read_run(file);
  std::string out = fmt::format("{}\n", file.string());
  // read_run has checked the digest of a record that carries one (store/record_digest.h).
  const auto schema = store::get_int(rec.attributes, "schema_version", file.string());
  out += fmt::format("  {:<16} {}\n", "checksum",
                     schema >= 2 ? store::record_digest(rec) + " (verified)"
                                 : std::string("none: written before records carried checksums (unverified)"));
  for (const auto& [k, v] : rec.attributes)
    if (k != "config") out += fmt::format("  {:<16} {}\n", k, store::to_text(v));
  if (!rec.axes.empty()) {
    out += "axes\n";
    for (const auto& [k, v] : rec.axes) out += fmt::format("  {:<24} {}\n", k, store::to_text(v));
  }
  out += "summary\n";
  for (const auto& [k, v] : rec.summary) out += fmt::format("  {:<24} {}\n", k, store::to_text(v));
  out += "steps\n";
  for (const auto& [k, c] : rec.steps) out += fmt::format("  {:<24} {} values\n", k, length_of(c));
  if (!rec.epochs.empty()) {
    std::vector<std::string> names;
    for (const auto& [k, c] : rec.epochs) names.push_back(k);
    out += fmt::format("epochs\n  {}\n", fmt::join(names, "  "));
    const std::size_t rows = length_of(rec.epochs.begin()->second);
    for (std::size_t i = 0; i < rows; ++i) {
      std::vector<std::string> cells;
      for (const auto& name : names) {
        const auto values = store::column_as_double(rec.epochs, name);
        cells.push_back(i < values.size() ? fmt::format("{:.6g}", values[i]) : "");
      }
      out += fmt::format("  {}\n", fmt::join(cells, "  "));
    }
  }
  if (with_config) {
    auto it = rec.attributes.find("config");
    if (it != rec.attributes.end()) out += "config\n" + store::to_text(it->second);
  }
  return out;
}

}  // namespace contra::report
