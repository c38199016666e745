// Expanding a sweep into its points (config/sweep.h, expand): each block's grid axes crossed with
// its zips and the global ones, times the seeds, as override lists in a stable order.
#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "contra/config/sweep.h"

namespace contra::config {

namespace {

/// One point of an axis set: the (key, value) pairs it sets, and its zip label ("" when none).
struct Point {
  std::vector<std::pair<std::string, Value>> values;
  std::string label;
};
std::vector<std::vector<Point>> dimensions(const AxisSet& set, const Preset& preset) {
  std::vector<std::vector<Point>> dims;
  for (const auto& axis : set.grid) {
    auto it = preset.grid.find(axis.key);
    const auto& values = it != preset.grid.end() ? it->second : axis.values;
    std::vector<Point> dim;
    for (const auto& v : values) dim.push_back({{{axis.key, v}}, ""});
    dims.push_back(std::move(dim));
  }
  for (const auto& zip : set.zips) {
    std::vector<Point> dim;
    for (std::size_t i = 0; i < zip.values.size(); ++i) {
      const auto& row = zip.values[i];
      Point p;
      for (std::size_t j = 0; j < zip.keys.size(); ++j) p.values.emplace_back(zip.keys[j], row[j]);
      if (!zip.labels.empty()) p.label = zip.labels[i];
      dim.push_back(std::move(p));
    }
    dims.push_back(std::move(dim));
  }
  return dims;
}

std::vector<Point> cross(const std::vector<std::vector<Point>>& dims) {
  std::vector<Point> points = {Point{}};
  for (const auto& dim : dims) {
    std::vector<Point> next;
    for (const auto& p : points)
      for (const auto& q : dim) {
        Point r = p;
        r.values.insert(r.values.end(), q.values.begin(), q.values.end());
        if (!q.label.empty()) r.label = q.label;
        next.push_back(std::move(r));
      }
    points = std::move(next);
  }
  return points;
}

}  // namespace

std::vector<SweepPoint> expand(const Sweep& sweep, const std::string& preset_name) {
  const Preset& preset = find_preset(sweep, preset_name);
  const std::vector<AxisSet> blocks = sweep.blocks.empty() ? std::vector<AxisSet>{AxisSet{}} : sweep.blocks;
  const auto& seeds = preset.seeds ? *preset.seeds : sweep.seeds;
  std::vector<SweepPoint> runs;
  for (const auto& block : blocks) {
    auto dims = dimensions(sweep.axes, preset);
    for (auto& dim : dimensions(block, preset)) dims.push_back(std::move(dim));
    for (const auto& point : cross(dims)) {
      for (auto seed : seeds) {
        SweepPoint run;
        run.overrides = sweep.fixed;
        run.overrides.insert(run.overrides.end(), preset.overrides.begin(), preset.overrides.end());
        run.overrides.insert(run.overrides.end(), block.fixed.begin(), block.fixed.end());
        run.label = point.label;
        for (const auto& [k, v] : point.values) {
          run.overrides.push_back({k, v, fmt::format("{} (grid {} = {})", sweep.file, k, literal(v))});
          run.axes.push_back(k);
        }
        run.overrides.push_back({"run.seed", Value(seed), fmt::format("{} (seeds)", sweep.file)});
        run.seed = seed;
        runs.push_back(std::move(run));
      }
    }
  }
  return runs;
}

}  // namespace contra::config
