// Expanding a sweep into its points (config/sweep.h, expand): each block's grid axes crossed with
// its zips and the global ones, times the seeds, as override lists in a stable order.
#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "contra/config/sweep.h"
#include "contra/core/error.h"

namespace contra::config {

namespace {

/// One value a point sets: the key, its value, and where the sweep file writes it.
struct Setting {
  std::string key;
  Value value;
  std::string origin;
};

/// One point of an axis set: the values it sets, and its zip label ("" when none).
struct Point {
  std::vector<Setting> values;
  std::string label;
};
std::vector<std::vector<Point>> dimensions(const AxisSet& set, const Preset& preset) {
  std::vector<std::vector<Point>> dims;
  for (const auto& axis : set.grid) {
    auto it = preset.grid.find(axis.key);
    const bool replaced = it != preset.grid.end();
    const auto& values = replaced ? it->second : axis.values;
    const std::string origin = replaced ? fmt::format("{} ([preset.{}.grid] {})", preset.grid_origins.at(axis.key),
                                                      preset.name, axis.key)
                                        : fmt::format("{} (grid {})", axis.origin, axis.key);
    std::vector<Point> dim;
    for (const auto& v : values) dim.push_back({{{axis.key, v, origin}}, ""});
    dims.push_back(std::move(dim));
  }
  for (const auto& zip : set.zips) {
    std::vector<Point> dim;
    for (std::size_t i = 0; i < zip.values.size(); ++i) {
      const auto& row = zip.values[i];
      Point p;
      for (std::size_t j = 0; j < zip.keys.size(); ++j)
        p.values.push_back({zip.keys[j], row[j], fmt::format("{} (zip {})", zip.origin, zip.keys[j])});
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
  std::vector<bool> used(preset.exclude.size(), false);
  std::vector<std::vector<std::pair<std::string, Value>>> every;  // every point's axes, kept or dropped
  std::size_t points = 0;
  for (const auto& block : blocks) {
    auto dims = dimensions(sweep.axes, preset);
    for (auto& dim : dimensions(block, preset)) dims.push_back(std::move(dim));
    for (const auto& point : cross(dims)) {
      ++points;
      std::vector<std::pair<std::string, Value>> axes;
      for (const auto& s : point.values) axes.emplace_back(s.key, s.value);
      if (!point.label.empty()) axes.emplace_back("label", Value(point.label));
      every.push_back(axes);
      bool dropped = false;
      for (std::size_t i = 0; i < preset.exclude.size(); ++i)
        if (matches(preset.exclude[i], axes)) dropped = used[i] = true;
      if (dropped) continue;
      for (auto seed : seeds) {
        SweepPoint run;
        run.overrides = sweep.fixed;
        run.overrides.insert(run.overrides.end(), preset.overrides.begin(), preset.overrides.end());
        run.overrides.insert(run.overrides.end(), block.fixed.begin(), block.fixed.end());
        run.label = point.label;
        for (const auto& s : point.values) {
          run.overrides.push_back({s.key, s.value, fmt::format("{} = {}", s.origin, literal(s.value))});
          run.axes.push_back(s.key);
        }
        run.overrides.push_back({"run.seed", Value(seed), fmt::format("{} (seeds)", sweep.file)});
        run.seed = seed;
        runs.push_back(std::move(run));
      }
    }
  }
  const std::string grid_note =
      preset.grid.empty() ? "" : fmt::format(" (after [preset.{}.grid] replaced some axes' values)", preset.name);
  for (std::size_t i = 0; i < preset.exclude.size(); ++i) {
    const auto why = unmatched_value(preset.exclude[i], every);
    CONTRA_CHECK(used[i], "{}: this [[preset.{}.exclude]] matches no point of the sweep: {}{}", preset.exclude[i].origin,
                 preset.name, why, grid_note);
    CONTRA_CHECK(why.empty(), "{}: this [[preset.{}.exclude]] drops less than it lists: {}{}", preset.exclude[i].origin,
                 preset.name, why, grid_note);
  }
  CONTRA_CHECK(points == 0 || !runs.empty() || seeds.empty(), "{}: [[preset.{}.exclude]] drops every point of the sweep",
               preset.exclude.empty() ? sweep.file : preset.exclude.front().origin, preset.name);
  return runs;
}

}  // namespace contra::config
