#include "contra/report/runs.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "contra/config/load.h"

namespace contra::report {

namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

double RunSummary::metric(const std::string& key) const {
  auto it = summary.find(key);
  if (it == summary.end()) return NAN;
  if (const auto* d = std::get_if<double>(&it->second)) return *d;
  if (const auto* i = std::get_if<std::int64_t>(&it->second)) return static_cast<double>(*i);
  return NAN;
}

std::string RunSummary::axis_text(const std::string& key) const {
  auto it = axes.find(key);
  return it == axes.end() ? std::string() : store::to_text(it->second);
}

std::string RunSummary::attribute_text(const std::string& key) const {
  auto it = attributes.find(key);
  return it == attributes.end() ? std::string() : store::to_text(it->second);
}

std::vector<RunSummary> load_runs(const fs::path& dir) {
  std::vector<RunSummary> runs;
  if (!fs::is_directory(dir)) return runs;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (!ends_with(name, ".h5")) continue;
    const auto record = store::read_run(entry.path());
    const std::string what = entry.path().string();
    RunSummary r;
    r.file = entry.path();
    r.id = store::get_string(record.attributes, "run_id", what);
    r.status = store::get_string(record.attributes, "status", what);
    r.reason = store::get_string(record.attributes, "reason", what);
    r.seed = store::get_int(record.attributes, "seed", what);
    r.config = store::get_string(record.attributes, "config", what);
    r.experiment = config::parse_experiment(r.config, what);
    r.attributes = record.attributes;
    r.axes = record.axes;
    r.summary = record.summary;
    runs.push_back(std::move(r));
  }
  std::sort(runs.begin(), runs.end(), [](const RunSummary& a, const RunSummary& b) { return a.id < b.id; });
  return runs;
}

std::vector<std::string> partial_runs(const fs::path& dir) {
  std::vector<std::string> ids;
  if (!fs::is_directory(dir)) return ids;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (ends_with(name, ".h5.partial")) ids.push_back(name.substr(0, name.size() - 11));
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

}  // namespace contra::report
