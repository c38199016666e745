// Reading a sweep TOML into config::Sweep (config/sweep.h), every key checked with its file and
// line; expanding it into runs is config/expand.cpp.
#include "contra/config/sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <regex>

#include "contra/config/sweep_toml.h"
#include "contra/config/toml_io.h"

namespace contra::config {

using detail::flatten;
using detail::Leaf;
using detail::read_block;
using detail::read_grid;
using detail::read_seeds;
using detail::read_spec;
using detail::read_string;
using detail::read_zip;
using detail::unique_values;
using detail::value_at;

namespace {

/// Whether every run of the sweep takes `key` from an axis or a block's [fixed], so that a preset's
/// value for it would be silently overridden.
bool set_for_every_run(const Sweep& sweep, const std::string& key) {
  const auto varies = [&](const AxisSet& set) {
    return std::any_of(set.grid.begin(), set.grid.end(), [&](const Axis& a) { return a.key == key; }) ||
           std::any_of(set.zips.begin(), set.zips.end(),
                       [&](const ZipAxis& z) { return std::find(z.keys.begin(), z.keys.end(), key) != z.keys.end(); });
  };
  const auto in_block = [&](const AxisSet& block) {
    return varies(block) ||
           std::any_of(block.fixed.begin(), block.fixed.end(), [&](const Override& o) { return o.key == key; });
  };
  return varies(sweep.axes) ||
         (!sweep.blocks.empty() && std::all_of(sweep.blocks.begin(), sweep.blocks.end(), in_block));
}

/// A name used as one folder under the results: no separator, no '.' or '..', not empty.
constexpr const char* kFolderNameRule = "letters, digits, '_', '-', '.', first a letter, digit or '_'";
bool plain_folder_name(const std::string& name) {
  static const std::regex safe("^[A-Za-z0-9_][A-Za-z0-9_.-]*$");
  return std::regex_match(name, safe);
}

Preset read_preset(const std::string& name, const toml::table& table, const Sweep& sweep) {
  Preset p;
  p.name = name;
  // [preset.x.exclude] as a plain table (empty, it would have no leaf to refuse below).
  if (const auto* exclude = table.get("exclude"); exclude != nullptr && exclude->is_table())
    core::fail("{}: [preset.{}.exclude] must be an array of tables: write [[preset.{}.exclude]]",
               detail::location_of(*exclude, sweep.file), name, name);
  std::vector<Leaf> leaves;
  flatten(table, "", leaves);
  std::map<std::string, std::string> seen;  // "a.b" and a.b are one key: TOML lets both be written
  for (const auto& [key, node] : leaves) {
    const std::string where = detail::location_of(*node, sweep.file);
    const auto [first, added] = seen.emplace(key, where);
    CONTRA_CHECK(added, "{}: '{}' is set twice in [preset.{}] (also at {}): one would be dropped", where, key, name,
                 first->second);
    if (key == "description") {
      p.description = read_string(*node, where, "preset." + name + ".description");
    } else if (key == "seeds") {
      p.seeds = read_seeds(*node, where);
    } else if (key == "exclude" || key.rfind("exclude.", 0) == 0) {
      CONTRA_CHECK(key == "exclude", "{}: [preset.{}.exclude] must be an array of tables: write [[preset.{}.exclude]]",
                   where, name, name);
      p.exclude = read_exclusions(*node, where, name);
    } else if (key.rfind("grid.", 0) == 0) {
      const std::string axis = key.substr(5);
      const auto has = [&](const AxisSet& set) {
        return std::any_of(set.grid.begin(), set.grid.end(), [&](const Axis& a) { return a.key == axis; });
      };
      const bool known = has(sweep.axes) || std::any_of(sweep.blocks.begin(), sweep.blocks.end(), has);
      const auto zipped = [&](const AxisSet& set) {
        return std::any_of(set.zips.begin(), set.zips.end(), [&](const ZipAxis& z) {
          return std::find(z.keys.begin(), z.keys.end(), axis) != z.keys.end();
        });
      };
      CONTRA_CHECK(axis != "label",
                   "{}: [preset.{}] replaces 'label', which names a [[zip]]'s points and is not replaced per preset: "
                   "drop points with [[preset.{}.exclude]] label = \"...\"",
                   where, name, name);
      CONTRA_CHECK(known || !(zipped(sweep.axes) || std::any_of(sweep.blocks.begin(), sweep.blocks.end(), zipped)),
                   "{}: [preset.{}] replaces '{}', an axis of a [[zip]]: a zip's values move together and are not "
                   "replaced one axis at a time; drop its points with [[preset.{}.exclude]]",
                   where, name, axis, name);
      CONTRA_CHECK(known, "{}: [preset.{}] replaces grid axis '{}', but neither [grid] nor a [[block]] has it", where,
                   name, axis);
      p.grid[axis] = unique_values(*node, where, axis);
      p.grid_origins[axis] = where;
    } else {
      CONTRA_CHECK(key != "run.seed",
                   "{}: [preset.{}] sets 'run.seed', which the sweep's seeds set for every run: "
                   "give the preset `seeds = [...]` instead",
                   where, name);
      CONTRA_CHECK(!set_for_every_run(sweep, key),
                   "{}: [preset.{}] sets '{}', which every run takes from the sweep's axes (or each [[block]]), so "
                   "this value would be ignored: change the axis's values for this preset under [preset.{}.grid]",
                   where, name, key, name);
      p.overrides.push_back({key, value_at(*node, where, key), fmt::format("{} ([preset.{}] {})", where, name, key)});
    }
  }
  // A preset made of exclude tables alone is a misspelt name ([[preset.cpux.exclude]]): it would
  // trim nothing of the preset meant.
  CONTRA_CHECK(p.exclude.empty() || !p.description.empty() || !p.overrides.empty() || p.seeds || !p.grid.empty(),
               "{}: [preset.{}] has only [[preset.{}.exclude]] tables: no preset of that name is written (a misspelt "
               "name?); give it a description to make it one",
               p.exclude.front().origin, name, name);
  return p;
}

}  // namespace

/// The seeds set run.seed for every run, after every other key: a value for it anywhere else in the
/// sweep would be dropped without a word. Throws ContraError naming where it is set.
void refuse_seed_keys(const Sweep& s) {
  const auto refuse = [](const std::string& origin) {
    core::fail(
        "{}: run.seed is set by the sweep's `seeds = [...]` (or a preset's), for every run: list the seeds "
        "there instead",
        origin);
  };
  const auto check = [&](const AxisSet& set) {
    for (const auto& a : set.grid)
      if (a.key == "run.seed") refuse(a.origin);
    for (const auto& z : set.zips)
      if (std::find(z.keys.begin(), z.keys.end(), "run.seed") != z.keys.end()) refuse(z.origin);
    for (const auto& o : set.fixed)
      if (o.key == "run.seed") refuse(o.origin);
  };
  check(s.axes);
  for (const auto& b : s.blocks) check(b);
  for (const auto& o : s.fixed)
    if (o.key == "run.seed") refuse(o.origin);
}

namespace {

/// Where each key an axis set sets is set: its grid and zip axes, and with `fixed` its plain keys.
std::vector<std::pair<std::string, std::string>> keys_of(const AxisSet& set, bool fixed) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& a : set.grid) out.emplace_back(a.key, a.origin);
  for (const auto& z : set.zips)
    for (const auto& k : z.keys) out.emplace_back(k, z.origin);
  if (fixed)
    for (const auto& o : set.fixed) out.emplace_back(o.key, o.origin);
  return out;
}

}  // namespace

/// A key the sweep sets in two places where one would silently drop the other: twice among the
/// global axes (a dotted and a quoted spelling of one key included), twice in one [[block]], in a
/// block and a global axis, in [fixed] and a global axis, or in [fixed] and every block. Throws
/// ContraError naming both places.
void refuse_keys_set_twice(const Sweep& s) {
  const auto twice = [](const std::vector<std::pair<std::string, std::string>>& keys, const std::string& what) {
    for (std::size_t i = 0; i < keys.size(); ++i)
      for (std::size_t j = i + 1; j < keys.size(); ++j)
        CONTRA_CHECK(keys[i].first != keys[j].first, "{}: '{}' is set twice {} (also at {}): one would be dropped",
                     keys[j].second, keys[j].first, what, keys[i].second);
  };
  const auto global = keys_of(s.axes, false);
  twice(global, "among the sweep's axes");
  for (const auto& block : s.blocks) {
    auto keys = keys_of(block, true);
    twice(keys, "in one [[block]]");
    keys.insert(keys.end(), global.begin(), global.end());
    twice(keys, "in a [[block]] and a sweep axis");
  }
  for (const auto& o : s.fixed) {
    for (const auto& [key, where] : global)
      CONTRA_CHECK(o.key != key, "{}: '{}' is in [fixed] and a sweep axis ({}): the axis's values would drop it",
                   o.origin, o.key, where);
    const bool every_block = !s.blocks.empty() && std::all_of(s.blocks.begin(), s.blocks.end(), [&](const AxisSet& b) {
      const auto keys = keys_of(b, true);
      return std::any_of(keys.begin(), keys.end(), [&](const auto& k) { return k.first == o.key; });
    });
    CONTRA_CHECK(!every_block, "{}: '{}' is in [fixed] and every [[block]] sets it: the [fixed] value reaches no run",
                 o.origin, o.key);
  }
  for (std::size_t i = 0; i < s.fixed.size(); ++i)
    for (std::size_t j = i + 1; j < s.fixed.size(); ++j)
      CONTRA_CHECK(s.fixed[i].key != s.fixed[j].key, "{}: '{}' is set twice in [fixed] (also at {})", s.fixed[j].origin,
                   s.fixed[j].key, s.fixed[i].origin);
}

bool is_sweep_file(const std::string& file) { return detail::parse_file(file).contains("experiment"); }

Sweep load_sweep(const std::string& file) {
  const toml::table doc = detail::parse_file(file);
  Sweep s;
  s.file = file;
  s.name = std::filesystem::path(file).stem().string();
  bool have_experiment = false;
  for (const auto& [k, node] : doc) {
    const std::string key(k.str());
    const std::string where = detail::location_of(node, file);
    if (key == "name") {
      s.name = read_string(node, where, key);
      CONTRA_CHECK(plain_folder_name(s.name),
                   "{}: name = '{}' must be a plain folder name ({}), since results go to <results>/<name>/", where,
                   s.name, kFolderNameRule);
    } else if (key == "description") {
      s.description = read_string(node, where, key);
    } else if (key == "experiment") {
      const std::filesystem::path rel = read_string(node, where, key);
      s.experiment = (std::filesystem::path(file).parent_path() / rel).lexically_normal().string();
      CONTRA_CHECK(std::filesystem::is_regular_file(s.experiment),
                   "{}: experiment = '{}': file not found (looked for {}; "
                   "the path is relative to the sweep file)",
                   where, rel.string(), s.experiment);
      have_experiment = true;
    } else if (key == "results" || key == "references") {
      const std::filesystem::path rel = read_string(node, where, key);
      (key == "results" ? s.results : s.references) =
          (std::filesystem::path(file).parent_path() / rel).lexically_normal().string();
    } else if (key == "seeds") {
      s.seeds = read_seeds(node, where);
    } else if (key == "default_preset") {
      s.default_preset = read_string(node, where, key);
      CONTRA_CHECK(plain_folder_name(s.default_preset),
                   "{}: default_preset = '{}' must be a plain folder name ({}), since its results go to "
                   "<results>/<name>/<preset>/",
                   where, s.default_preset, kFolderNameRule);
    } else if (key == "baselines") {
      std::vector<std::string> names;
      CONTRA_CHECK(detail::read_value(node, names), "{}: baselines = {} must be an array of baseline names", where,
                   detail::literal_of(node));
      for (const auto& b : names)
        CONTRA_CHECK(std::count(names.begin(), names.end(), b) == 1, "{}: baselines names '{}' twice", where, b);
      s.baselines = names;
      s.baselines_origin = where;
    } else if (key == "fixed" && node.is_table()) {
      std::vector<Leaf> leaves;
      flatten(*node.as_table(), "", leaves);
      for (const auto& [lk, ln] : leaves) {
        const std::string w = detail::location_of(*ln, file);
        s.fixed.push_back({lk, value_at(*ln, w, lk), fmt::format("{} ([fixed] {})", w, lk)});
      }
    } else if (key == "grid" && node.is_table()) {
      read_grid(*node.as_table(), file, "", s.axes);
    } else if (key == "zip" && node.is_array_of_tables()) {
      for (const auto& entry : *node.as_array()) s.axes.zips.push_back(read_zip(entry, file, "[[zip]]"));
    } else if (key == "block" && node.is_array_of_tables()) {
      for (const auto& entry : *node.as_array()) s.blocks.push_back(read_block(entry, file));
    } else if (key == "preset" || key == "report" || key == "slurm") {
      CONTRA_CHECK(node.is_table(), "{}: '{}' must be a table", where, key);
    } else if (key == "scale_rules") {
      s.scale_rules = detail::read_scale_rules(node, file);
    } else if (key == "power") {
      s.power = detail::read_power_rule(node, file);
    } else if (key == "budget") {
      s.budget = detail::read_budget_rule(node, file);
    } else {
      core::fail(
          "{}: unknown key '{}'; a sweep has: name, description, experiment, results, references, seeds, default_preset, baselines, [fixed], "
          "[grid], [[zip]], [[block]], [preset.*], [report], [slurm], [[scale_rules]], [power], [budget]",
          where, key);
    }
  }
  CONTRA_CHECK(have_experiment, "{}: the sweep names no base experiment (experiment = \"../experiments/x.toml\")",
               file);
  if (s.power && s.power->presets.empty()) s.power->presets = {s.default_preset};
  if (s.budget && s.budget->presets.empty()) s.budget->presets = {s.default_preset};
  refuse_seed_keys(s);
  refuse_keys_set_twice(s);
  if (const auto* presets = doc["preset"].as_table()) {
    for (const auto& [name, node] : *presets) {
      CONTRA_CHECK(node.is_table(), "{}: preset.{} must be a table", detail::location_of(node, file), name.str());
      CONTRA_CHECK(plain_folder_name(std::string(name.str())),
                   "{}: preset '{}' must be a plain folder name ({}), since its results go to "
                   "<results>/<name>/<preset>/",
                   detail::location_of(node, file), name.str(), kFolderNameRule);
      s.presets[std::string(name.str())] = read_preset(std::string(name.str()), *node.as_table(), s);
    }
  }
  if (const auto* report = doc["report"].as_table()) s.report.origins = read_spec(*report, "report", s.file, s.report);
  CONTRA_CHECK(s.scale_rules.empty() || (!s.report.reference.empty() && s.report.claims),
               "{}: scale_rules govern claims, but the sweep cites no table whose claims it judges ([report] "
               "reference, with claims = true)",
               s.scale_rules.front().keeps.where);
  std::set<std::string> preset_names;
  for (const auto& [name, p] : s.presets) preset_names.insert(name);
  check_report(s.report, preset_names, file);
  const auto defined = [&](const std::vector<std::string>& names, const std::string& where, const char* table) {
    for (const auto& name : names)
      CONTRA_CHECK(preset_names.count(name) == 1 || name == s.default_preset,
                   "{}: {}: presets names '{}', which the sweep does not define; presets: {}", where, table, name,
                   preset_names.empty() ? s.default_preset : fmt::format("{}", fmt::join(preset_names, ", ")));
  };
  if (s.power) defined(s.power->presets, s.power->presets_where, "power");
  if (s.budget) defined(s.budget->presets, s.budget->presets_where, "budget");
  if (const auto* slurm = doc["slurm"].as_table()) {
    (void)read_spec(*slurm, "slurm", file, s.slurm);
    validate_slurm(s.slurm, file);
  }
  if (s.report.x.empty()) {  // no [report] x: the first axis the sweep varies, else the seed
    const auto& first = !s.axes.grid.empty() ? s.axes.grid : (!s.blocks.empty() ? s.blocks.front().grid : s.axes.grid);
    s.report.x =
        !first.empty() ? first.front().key : (!s.axes.zips.empty() ? s.axes.zips.front().keys.front() : "run.seed");
  }
  CONTRA_CHECK(s.report.series.empty() || s.report.series != s.report.x,
               "{}: report.series = '{}' is also the report's x{}: the series splits the rows by another axis "
               "(e.g. x = \"method.queue\", series = \"method.name\")",
               s.report.at("report.series", file), s.report.series,
               s.report.origins.count("report.x") == 1 ? "" : " (the sweep's first axis, as no report.x is given)");
  // Labels name a run's point: one labelled zip per run at most (the global zips and each block's together).
  const auto labelled = [](const AxisSet& set) {
    return std::count_if(set.zips.begin(), set.zips.end(), [](const ZipAxis& z) { return !z.labels.empty(); });
  };
  const auto global = labelled(s.axes);
  CONTRA_CHECK(global <= 1, "{}: {} [[zip]] tables have a label; at most one may name the points", file, global);
  for (const auto& block : s.blocks)
    CONTRA_CHECK(global + labelled(block) <= 1,
                 "{}: a [[block.zip]] and a [[zip]] both have labels; at most one may "
                 "name the points",
                 file);
  if (s.report.x == "label") {
    CONTRA_CHECK(global + std::accumulate(s.blocks.begin(), s.blocks.end(), std::ptrdiff_t{0},
                                          [&](std::ptrdiff_t n, const AxisSet& b) { return n + labelled(b); }) >
                     0,
                 "{}: report.x = 'label', but no [[zip]] names its points (label = [\"...\", ...])",
                 s.report.at("report.x", file));
    // One row per point, or with kind = 'grid' one row per point and one column per series value.
    CONTRA_CHECK((s.report.series.empty() && (s.report.kind == "ablation" || s.report.kind == "curves")) ||
                     (!s.report.series.empty() && s.report.kind == "grid"),
                 "{}: report.x = 'label' names one row per point: it needs report.kind = 'ablation' or 'curves' and no "
                 "report.series, or report.kind = 'grid' with a report.series (kind = '{}', series = '{}')",
                 s.report.at("report.x", file), s.report.kind, s.report.series);
  }
  if (!s.report.objective.empty() && s.report.x == "label") {  // the cost's base must be a point of the sweep
    std::vector<std::string> labels;
    for (const auto& z : s.axes.zips) labels.insert(labels.end(), z.labels.begin(), z.labels.end());
    for (const auto& b : s.blocks)
      for (const auto& z : b.zips) labels.insert(labels.end(), z.labels.begin(), z.labels.end());
    CONTRA_CHECK(std::find(labels.begin(), labels.end(), s.report.objective_cost_x) != labels.end(),
                 "{}: report.objective_cost_x = '{}' names no point of the sweep; its labels: {}",
                 s.report.at("report.objective_cost_x", file), s.report.objective_cost_x, fmt::join(labels, ", "));
  }
  if (s.presets.find(s.default_preset) == s.presets.end()) {
    // A sweep without presets runs its grid as written, under the name "cpu". With presets but not
    // the default one, a plain run would take the grid as written, unnoticed.
    const auto* node = doc.get("default_preset");
    const auto names = fmt::format("{}", fmt::join(preset_names, ", "));
    CONTRA_CHECK(s.presets.empty() || node == nullptr,
                 "{}: default_preset = '{}' names no preset of this sweep; presets: {}", detail::location_of(*node, file),
                 s.default_preset, names);
    CONTRA_CHECK(s.presets.empty(),
                 "{}: the sweep has presets but none named '{}' and no default_preset: name the one a plain run takes "
                 "(default_preset = \"...\"); presets: {}",
                 file, s.default_preset, names);
    s.presets[s.default_preset] = Preset{s.default_preset, "", {}, {}, {}, {}, {}};
  }
  if (s.baselines_origin.empty()) s.baselines_origin = file;
  return s;
}

const Preset& find_preset(const Sweep& sweep, const std::string& name) {
  const std::string wanted = name.empty() ? sweep.default_preset : name;
  auto it = sweep.presets.find(wanted);
  if (it == sweep.presets.end()) {
    std::vector<std::string> known;
    for (const auto& [k, p] : sweep.presets) known.push_back(k);
    core::fail("{}: preset '{}' is not defined; presets: {}", sweep.file, wanted, fmt::join(known, ", "));
  }
  return it->second;
}

}  // namespace contra::config
