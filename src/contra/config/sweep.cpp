// Reading a sweep TOML into config::Sweep (config/sweep.h), every key checked with its file and
// line; expanding it into runs is config/expand.cpp.
#include "contra/config/sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numeric>
#include <regex>

#include "contra/config/toml_io.h"

namespace contra::config {

namespace {

using Leaf = std::pair<std::string, const toml::node*>;

/// The non-table leaves under `table`, keyed by dotted path: both `method.momentum = ...` and
/// `"method.momentum" = ...` give the key "method.momentum".
void flatten_unordered(const toml::table& table, const std::string& prefix, std::vector<Leaf>& out) {
  for (const auto& [key, node] : table) {
    const std::string path = prefix.empty() ? std::string(key.str()) : prefix + "." + std::string(key.str());
    if (const auto* sub = node.as_table()) {
      flatten_unordered(*sub, path, out);
    } else {
      out.emplace_back(path, &node);
    }
  }
}

/// As above, in file order: toml++ tables iterate in key order, but grid axes are expanded in
/// the order the file writes them.
void flatten(const toml::table& table, const std::string& prefix, std::vector<Leaf>& out) {
  const auto first = static_cast<std::ptrdiff_t>(out.size());
  flatten_unordered(table, prefix, out);
  std::stable_sort(out.begin() + first, out.end(), [](const Leaf& a, const Leaf& b) {
    const auto& pa = a.second->source().begin;
    const auto& pb = b.second->source().begin;
    return pa.line != pb.line ? pa.line < pb.line : pa.column < pb.column;
  });
}

/// A typed value of the sweep file: what a key is set to. Throws ContraError naming where it is
/// written when it is no value a config key can hold (a table, a date, nested arrays).
Value value_at(const toml::node& node, const std::string& where, const std::string& key) {
  auto value = detail::value_of_node(node);
  CONTRA_CHECK(value.has_value(), "{}: {} = {} is no value a config key can hold (a boolean, number, string, or an "
               "array of one kind)", where, key, detail::literal_of(node));
  return std::move(*value);
}

std::vector<Value> array_values(const toml::node& node, const std::string& where, const std::string& key) {
  const auto* arr = node.as_array();
  CONTRA_CHECK(arr != nullptr, "{}: axis '{}' must be an array of values, got {}", where, key,
               detail::literal_of(node));
  CONTRA_CHECK(!arr->empty(), "{}: axis '{}' has no values", where, key);
  std::vector<Value> values;
  for (const auto& v : *arr) values.push_back(value_at(v, where, key));
  return values;
}

/// A grid axis's values: each at most once (a repeated value would silently plan one run for two).
std::vector<Value> unique_values(const toml::node& node, const std::string& where, const std::string& key) {
  auto values = array_values(node, where, key);
  for (std::size_t i = 0; i < values.size(); ++i)
    CONTRA_CHECK(
        std::find(values.begin() + static_cast<std::ptrdiff_t>(i) + 1, values.end(), values[i]) == values.end(),
        "{}: axis '{}' lists the value {} twice", where, key, literal(values[i]));
  return values;
}

std::vector<std::int64_t> read_seeds(const toml::node& node, const std::string& where) {
  std::vector<std::int64_t> seeds;
  CONTRA_CHECK(detail::read_value(node, seeds) && !seeds.empty(),
               "{}: seeds must be a non-empty array of integers, got {}", where, detail::literal_of(node));
  for (auto s : seeds) CONTRA_CHECK(s >= 0, "{}: seeds = {} holds a negative seed", where, detail::literal_of(node));
  for (std::size_t i = 0; i < seeds.size(); ++i)
    CONTRA_CHECK(std::find(seeds.begin() + static_cast<std::ptrdiff_t>(i) + 1, seeds.end(), seeds[i]) == seeds.end(),
                 "{}: seeds = {} lists seed {} twice", where, detail::literal_of(node), seeds[i]);
  return seeds;
}

std::string read_string(const toml::node& node, const std::string& where, const std::string& key) {
  std::string s;
  CONTRA_CHECK(detail::read_value(node, s), "{}: {} must be a string, got {}", where, key, detail::literal_of(node));
  return s;
}

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

Preset read_preset(const std::string& name, const toml::table& table, const Sweep& sweep) {
  Preset p;
  p.name = name;
  std::vector<Leaf> leaves;
  flatten(table, "", leaves);
  for (const auto& [key, node] : leaves) {
    const std::string where = detail::location_of(*node, sweep.file);
    if (key == "description") {
      p.description = read_string(*node, where, "preset." + name + ".description");
    } else if (key == "seeds") {
      p.seeds = read_seeds(*node, where);
    } else if (key.rfind("grid.", 0) == 0) {
      const std::string axis = key.substr(5);
      const auto has = [&](const AxisSet& set) {
        return std::any_of(set.grid.begin(), set.grid.end(), [&](const Axis& a) { return a.key == axis; });
      };
      const bool known = has(sweep.axes) || std::any_of(sweep.blocks.begin(), sweep.blocks.end(), has);
      CONTRA_CHECK(known, "{}: [preset.{}] replaces grid axis '{}', but neither [grid] nor a [[block]] has it", where,
                   name, axis);
      p.grid[axis] = unique_values(*node, where, axis);
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
  return p;
}

/// Reads a [report] or [slurm] table into its spec through the spec's visit(), as the experiment's
/// sections are read: each key's type is checked, and an unknown key lists the spec's keys.
/// Returns where each key was set ("file:line").
template <class Spec>
std::map<std::string, std::string> read_spec(const toml::table& table, const char* section, const std::string& file,
                                             Spec& spec) {
  static const std::map<std::string, std::string> no_overrides;
  std::map<std::string, std::string> origins;
  detail::SectionReader reader(table, section, file, no_overrides, origins);
  spec.visit(reader);
  reader.reject_unknown();
  return origins;
}

void read_report(const toml::table& table, Sweep& sweep) {
  sweep.report.origins = read_spec(table, "report", sweep.file, sweep.report);
  const auto& r = sweep.report;
  const auto at = [&](const char* key) { return r.at(key, sweep.file); };
  const auto& kinds = names::kReportKinds;
  CONTRA_CHECK(std::find(kinds.begin(), kinds.end(), r.kind) != kinds.end(), "{}: report.kind = '{}' is unknown; valid: {}",
               at("report.kind"), r.kind, fmt::join(kinds, ", "));
  for (const char* key : {"report.x", "report.series"})
    CONTRA_CHECK(r.origins.count(key) == 0 || !(std::string(key) == "report.x" ? r.x : r.series).empty(),
                 "{}: {} = '' names no axis; leave the key out for {}", at(key), key,
                 std::string(key) == "report.x" ? "the sweep's first axis" : "no series");
  if (r.x.rfind("summary.", 0) == 0) {
    const auto& axes = names::kSummaryAxes;
    CONTRA_CHECK(std::find(axes.begin(), axes.end(), r.x.substr(8)) != axes.end(),
                 "{}: report.x = '{}' names no /summary attribute that every run records when it starts; valid: "
                 "summary.{}",
                 at("report.x"), r.x, fmt::join(axes, ", summary."));
  }
  CONTRA_CHECK(!(r.categorical_x && r.log_x),
               "{}: report.categorical_x = true and report.log_x = true: a categorical axis places the values evenly, "
               "so it has no log scale; set one of them",
               at("report.log_x"));
  // A published curve is of one setting (the MoCo demo's CIFAR-10): drawn only for the presets named.
  CONTRA_CHECK(r.epoch_reference.empty() == r.epoch_reference_presets.empty(),
               "{}: report.epoch_reference and report.epoch_reference_presets go together: the curve is drawn only "
               "for the presets whose setting it is of (epoch_reference = '{}', {} presets)",
               at(r.epoch_reference.empty() ? "report.epoch_reference_presets" : "report.epoch_reference"),
               r.epoch_reference, r.epoch_reference_presets.size());
  CONTRA_CHECK(r.epoch_reference.find_first_of("/\\") == std::string::npos && r.epoch_reference != "." &&
                   r.epoch_reference != "..",
               "{}: report.epoch_reference = '{}' must be the name of a CSV in the references folder (no folder "
               "part, no '.csv')",
               at("report.epoch_reference"), r.epoch_reference);
  for (const auto& name : r.epoch_reference_presets)
    CONTRA_CHECK(sweep.presets.count(name) == 1, "{}: report.epoch_reference_presets names '{}', which is no [preset.*] of this sweep",
                 at("report.epoch_reference_presets"), name);
  CONTRA_CHECK(std::isfinite(r.reference_n) && r.reference_n >= 0 && r.reference_n == std::floor(r.reference_n) &&
                   r.reference_n <= names::kMaxReferenceN,
               "{}: report.reference_n = {} must be the paper's number of training images (a whole number from 1 to "
               "{:.0e}), or 0 for none",
               at("report.reference_n"), r.reference_n, names::kMaxReferenceN);
}

/// One [[zip]] table: axes that move together.
ZipAxis read_zip(const toml::node& entry, const std::string& file, const char* what) {
  const auto* table = entry.as_table();
  CONTRA_CHECK(table != nullptr, "{}: {} must be a table", detail::location_of(entry, file), what);
  std::vector<Leaf> leaves;
  flatten(*table, "", leaves);
  ZipAxis z;
  z.origin = detail::location_of(entry, file);
  for (const auto& [lk, ln] : leaves) {
    const auto values = array_values(*ln, detail::location_of(*ln, file), lk);
    if (lk == "label") {  // names the points; not a config key
      for (std::size_t i = 0; i < values.size(); ++i) {
        const auto* text = ln->as_array()->get(i)->as_string();
        CONTRA_CHECK(text != nullptr && !text->get().empty(), "{}: {} label {} must be a non-empty string, got {}",
                     detail::location_of(*ln, file), what, i + 1, literal(values[i]));
        CONTRA_CHECK(std::find(z.labels.begin(), z.labels.end(), text->get()) == z.labels.end(),
                     "{}: {} label '{}' appears twice", detail::location_of(*ln, file), what, text->get());
        z.labels.push_back(text->get());
      }
      continue;
    }
    if (z.values.empty()) z.values.resize(values.size());
    CONTRA_CHECK(values.size() == z.values.size(), "{}: {} axis '{}' has {} values but '{}' has {}",
                 detail::location_of(*ln, file), what, lk, values.size(), z.keys.front(), z.values.size());
    z.keys.push_back(lk);
    for (std::size_t i = 0; i < values.size(); ++i) z.values[i].push_back(values[i]);
  }
  CONTRA_CHECK(!z.keys.empty(), "{}: {} has no axes", z.origin, what);
  CONTRA_CHECK(z.labels.empty() || z.labels.size() == z.values.size(), "{}: {} has {} labels for {} points", z.origin,
               what, z.labels.size(), z.values.size());
  return z;
}

/// Grid axes from a table's array leaves (all but `skip`); with `plain_is_fixed`, a non-array
/// leaf is an override for the set's runs.
void read_grid(const toml::table& table, const std::string& file, const std::string& skip, AxisSet& set,
               bool plain_is_fixed = false) {
  std::vector<Leaf> leaves;
  flatten(table, "", leaves);
  for (const auto& [lk, ln] : leaves) {
    if (lk == skip) continue;
    const std::string w = detail::location_of(*ln, file);
    CONTRA_CHECK(lk != "label",
                 "{}: 'label' names the points of a [[zip]] (label = [...] beside its axes); it is not "
                 "a config key and has no meaning here",
                 w);
    if (plain_is_fixed && !ln->is_array()) {
      set.fixed.push_back({lk, value_at(*ln, w, lk), fmt::format("{} ([[block]] {})", w, lk)});
      continue;
    }
    set.grid.push_back({lk, unique_values(*ln, w, lk), w});
  }
}

/// One [[block]]: its axes, and its own [[block.zip]].
AxisSet read_block(const toml::node& node, const std::string& file) {
  const auto* table = node.as_table();
  CONTRA_CHECK(table != nullptr, "{}: [[block]] must be a table", detail::location_of(node, file));
  AxisSet set;
  read_grid(*table, file, "zip", set, /*plain_is_fixed=*/true);
  if (const auto* zips = table->get("zip")) {
    CONTRA_CHECK(zips->is_array_of_tables(), "{}: block.zip must be written [[block.zip]]",
                 detail::location_of(*zips, file));
    for (const auto& entry : *zips->as_array()) set.zips.push_back(read_zip(entry, file, "[[block.zip]]"));
  }
  CONTRA_CHECK(!set.grid.empty() || !set.zips.empty(), "{}: [[block]] has no axes", detail::location_of(node, file));
  return set;
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
      static const std::regex safe("^[A-Za-z0-9_][A-Za-z0-9_.-]*$");
      CONTRA_CHECK(std::regex_match(s.name, safe),
                   "{}: name = '{}' must be a plain folder name (letters, digits, '_', "
                   "'-', '.'), since results go to <results>/<name>/",
                   where, s.name);
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
    } else {
      core::fail(
          "{}: unknown key '{}'; a sweep has: name, description, experiment, results, references, seeds, default_preset, baselines, [fixed], "
          "[grid], [[zip]], [[block]], [preset.*], [report], [slurm]",
          where, key);
    }
  }
  CONTRA_CHECK(have_experiment, "{}: the sweep names no base experiment (experiment = \"../experiments/x.toml\")",
               file);
  refuse_seed_keys(s);
  if (const auto* presets = doc["preset"].as_table()) {
    for (const auto& [name, node] : *presets) {
      CONTRA_CHECK(node.is_table(), "{}: preset.{} must be a table", detail::location_of(node, file), name.str());
      s.presets[std::string(name.str())] = read_preset(std::string(name.str()), *node.as_table(), s);
    }
  }
  if (const auto* report = doc["report"].as_table()) read_report(*report, s);
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
    CONTRA_CHECK(s.report.series.empty() && (s.report.kind == "ablation" || s.report.kind == "curves"),
                 "{}: report.x = 'label' names one row per point: it needs report.kind = 'ablation' or 'curves' and no "
                 "report.series (kind = '{}', series = '{}')",
                 s.report.at("report.x", file), s.report.kind, s.report.series);
  }
  if (s.presets.find(s.default_preset) == s.presets.end())
    s.presets[s.default_preset] = Preset{s.default_preset, "", {}, {}, {}};
  if (s.baselines_origin.empty()) s.baselines_origin = file;
  return s;
}

void validate_slurm(const SlurmSpec& o, const std::string& where) {
  CONTRA_CHECK(o.cpus >= 1, "{}: slurm.cpus = {} must be >= 1", where, o.cpus);
  CONTRA_CHECK(o.gpus >= 0, "{}: slurm.gpus = {} must be >= 0", where, o.gpus);
  CONTRA_CHECK(o.nodes >= 1 && o.nodes <= 100000, "{}: slurm.nodes = {} must be in [1, 100000]", where, o.nodes);
  CONTRA_CHECK(o.ntasks_per_node >= 1 && o.ntasks_per_node <= 4096,
               "{}: slurm.ntasks_per_node = {} must be in [1, 4096] (ranks per node)", where, o.ntasks_per_node);
  CONTRA_CHECK(o.nodes * o.ntasks_per_node <= (1 << 20),
               "{}: slurm.nodes = {} x slurm.ntasks_per_node = {} ranks: at most {} ranks in one run", where, o.nodes,
               o.ntasks_per_node, 1 << 20);
  CONTRA_CHECK(o.gpus_per_task >= 0 && o.gpus_per_task <= 64, "{}: slurm.gpus_per_task = {} must be in [0, 64]", where,
               o.gpus_per_task);
  CONTRA_CHECK(o.gpus <= 64, "{}: slurm.gpus = {} must be in [0, 64]", where, o.gpus);
  CONTRA_CHECK(o.cpus <= 4096, "{}: slurm.cpus = {} must be in [1, 4096]", where, o.cpus);
  CONTRA_CHECK(o.gpus == 0 || o.gpus_per_task == 0,
               "{}: slurm.gpus = {} (per node) and slurm.gpus_per_task = {} (per rank) are both set: set one", where,
               o.gpus, o.gpus_per_task);
  CONTRA_CHECK(o.max_parallel >= 0, "{}: slurm.max_parallel = {} must be >= 0", where, o.max_parallel);
  CONTRA_CHECK(o.signal_seconds >= 0, "{}: slurm.signal_seconds = {} must be >= 0", where, o.signal_seconds);
  // sbatch's forms: minutes, minutes:seconds, hours:minutes:seconds, days-hours[:minutes[:seconds]].
  static const std::regex time(R"(^(\d+-)?\d+(:\d{1,2}){0,2}$)");
  CONTRA_CHECK(std::regex_match(o.time, time),
               "{}: slurm.time = '{}' is not a SLURM time (e.g. 04:00:00, 90, 2-00:00:00)", where, o.time);
  static const std::regex memory(R"(^\d+[KMGT]?$)");
  CONTRA_CHECK(std::regex_match(o.memory, memory),
               "{}: slurm.memory = '{}' is not a SLURM memory size (e.g. 16G, 4000M)", where, o.memory);
  static const std::regex name(R"(^[A-Za-z0-9_.,:-]*$)");
  CONTRA_CHECK(std::regex_match(o.partition, name), "{}: slurm.partition = '{}' is not a partition name", where,
               o.partition);
  CONTRA_CHECK(std::regex_match(o.account, name), "{}: slurm.account = '{}' is not an account name", where, o.account);
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
