// Fake HDF5 run records with known values, written where a sweep's plan expects them, and helpers
// to read the tables `contra report` makes of them (tests/report/*).
#pragma once

#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "contra/config/load.h"
#include "contra/report/report.h"
#include "contra/store/run_record.h"
#include "contra/sweep/baselines.h"
#include "contra/sweep/plan.h"
#include "paths.h"
#include "temp_dir.h"
#include "text.h"

namespace contra::testing::report_fixtures {

namespace fs = std::filesystem;
using contra::testing::kExperiment;
using contra::testing::lines_of;
using contra::testing::read_file;

inline const std::string kReferences = CONTRA_SOURCE_DIR "/analysis/references";
constexpr double kMiB = 1024.0 * 1024.0;
constexpr std::int64_t kTrain = 20000;

/// A 3 (batch) x 2 (epochs) grid sweep written to dir/grid.toml: x = optim.batch, series =
/// optim.epochs, its cpu preset's `preset_lines` (TOML, e.g. a trim) after data.train_subset.
inline std::string grid_sweep(const TempDir& dir, const std::string& seeds = "[0, 1, 2]",
                              const std::string& preset_lines = "") {
  return write_file(dir / "grid.toml",
                    "name = \"grid\"\nexperiment = \"" + kExperiment + "\"\nseeds = " + seeds +
                        "\n[grid]\n\"optim.batch\" = [256, 512, 1024]\n\"optim.epochs\" = [2, 4]\n"
                        "[preset.cpu]\n\"data.train_subset\" = 20000\n" + preset_lines +
                        "[report]\ntitle = \"Grid\"\nreference = \"t.tab\"\nreference_x = \"batch\"\n"
                        "reference_y = \"top1\"\nx = \"optim.batch\"\nx_label = \"batch\"\n"
                        "series = \"optim.epochs\"\nseries_label = \"epochs\"\n");
}

/// What a fake run measured.
struct Fake {
  double knn = 50;
  double linear = NAN;                ///< linear_top1; NaN: not recorded (a run before the probe)
  std::vector<double> pretext;        ///< /epochs/pretext_acc, one per epoch; empty: no /epochs
  std::vector<double> knn_per_epoch;  ///< /epochs/knn_top1 (same length as pretext)
  double peak = 100 * kMiB;
  std::string status = "complete";
  std::string reason;
  std::map<std::string, double> summary;  ///< further /summary values (linear_converged, steps, ...)
  std::string claims_sha;                 ///< recorded with claims_rule_version 2 when not empty
  std::vector<double> step_losses;        ///< /steps/loss; empty: no /steps
  /// Root text attributes over the defaults (started_at 06:00:00, ended_at 06:01:00: 60 s).
  std::map<std::string, std::string> attributes;
};

/// Makes `f` a run that fails today's fail rule (train/loss_curve.h): a flat loss over 100 steps,
/// recorded as the trainer records it.
inline void fail_flat(Fake& f) {
  f.status = "fail";
  f.reason = "the loss did not converge: its 5-step mean fell 0.0% over 100 steps";
  f.step_losses.assign(100, 6.0);
  f.summary["chance_loss"] = 6.5;
  f.summary["final_loss"] = 6.0;  // within 10% of chance too: it did not learn either
}

/// The mechanism's negatives, K and store bytes for a resolved config (methods/*.h).
struct Counts {
  std::int64_t negatives = 0, k = 0, store = 0;
};
inline Counts counts_of(const contra::config::Experiment& e) {
  const auto d = e.model.dim;
  const auto b = e.optim.batch;
  if (e.method.name == "moco")
    return {e.method.get<std::int64_t>("queue"), e.method.get<std::int64_t>("queue"),
            d * e.method.get<std::int64_t>("queue") * 4};
  if (e.method.name == "memory_bank")
    return {e.method.get<std::int64_t>("negatives"), e.method.get<std::int64_t>("negatives"), kTrain * d * 4};
  if (e.method.name == "end_to_end") return {b - 1, b, 0};
  return {2 * b - 2, b, 0};  // simclr
}

/// What the fake baselines measured: raw pixels kNN 40 and linear 45; random init 10 + seed and
/// 20 + seed; supervised 90 and 92.
inline Fake fake_baseline(const contra::sweep::PlannedRun& run) {
  Fake f;
  const auto& m = run.experiment.method.name;
  const double seed = static_cast<double>(run.seed);
  f.knn = m == "raw_pixels" ? 40 : m == "random_init" ? 10 + seed : 90;
  f.linear = m == "raw_pixels" ? 45 : m == "random_init" ? 20 + seed : 92;
  return f;
}

/// Writes a finished record for each run of `plan` at store::final_path(runs_dir, id).
inline void write_records(const contra::sweep::SweepPlan& plan,
                          const std::function<Fake(const contra::sweep::PlannedRun&)>& measure) {
  fs::create_directories(plan.runs_dir());
  for (const auto& run : plan.runs) {
    const Fake f = measure(run);
    const Counts c = counts_of(run.experiment);
    contra::store::RunRecord rec;
    rec.attributes["run_id"] = run.id;
    rec.attributes["status"] = f.status;
    rec.attributes["reason"] = f.reason;
    rec.attributes["seed"] = run.seed;
    rec.attributes["config"] = contra::config::to_toml(run.experiment);
    rec.attributes["method"] = run.experiment.method.name;
    rec.attributes["device_name"] = std::string("test CPU");
    rec.attributes["threads"] = std::int64_t{1};
    rec.attributes["torch_version"] = std::string("1.13.1");
    rec.attributes["git_sha"] = std::string("0000000");
    rec.attributes["train_images"] = kTrain;
    rec.attributes["test_images"] = std::int64_t{10000};
    rec.attributes["started_at"] = std::string("2026-12-07T06:00:00Z");
    rec.attributes["ended_at"] = std::string("2026-12-07T06:01:00Z");
    for (const auto& [key, value] : f.attributes) rec.attributes[key] = value;
    for (const auto& [k, v] : run.axes) rec.axes[k] = contra::config::literal(v);
    rec.summary["knn_top1"] = f.knn;
    rec.summary["knn_top1_random_init"] = 10.0 + static_cast<double>(run.seed);
    rec.summary["train_seconds"] = 100.0;
    rec.summary["images_per_s"] = 500.0;
    rec.summary["seconds_per_step"] = 0.5;
    rec.summary["peak_memory_bytes"] = f.peak;
    rec.summary["negatives"] = c.negatives;
    rec.summary["negatives_store_bytes"] = c.store;
    rec.summary["train_flops_per_step"] = 2.5e9;
    rec.summary["K"] = c.k;
    if (!std::isnan(f.linear)) {
      rec.summary["linear_top1"] = f.linear;
      rec.attributes["linear_probe"] = std::string("test probe protocol");
    }
    for (const auto& [key, value] : f.summary) rec.summary[key] = value;
    if (!f.step_losses.empty()) rec.steps["loss"] = f.step_losses;
    if (!f.claims_sha.empty()) {
      rec.attributes["claims_sha"] = f.claims_sha;
      rec.attributes["claims_rule_version"] = std::int64_t{2};
    }
    if (!f.pretext.empty()) {
      rec.epochs["pretext_acc"] = f.pretext;
      rec.epochs["knn_top1"] = f.knn_per_epoch;
      // Alignment and uniformity: the last epoch's are 0.5 + seed/10 and −2.
      rec.epochs["align"] = std::vector<double>(f.pretext.size(), 0.5 + static_cast<double>(run.seed) / 10.0);
      rec.epochs["uniform"] = std::vector<double>(f.pretext.size(), -2.0);
    }
    contra::store::write_run(contra::store::final_path(plan.runs_dir(), run.id), rec);
  }
}

/// Writes one finished record per planned run, and one per baseline run (fake_baseline; none with
/// `baselines` false), then plans again so that the plan matches them.
inline contra::sweep::SweepPlan record_all(const std::string& sweep_file, const fs::path& results,
                                           const std::function<Fake(const contra::sweep::PlannedRun&)>& measure,
                                           bool baselines = true) {
  const auto plan = contra::sweep::plan_sweep(sweep_file, "", {}, results);
  write_records(plan, measure);
  if (baselines) write_records(contra::sweep::plan_baselines(plan), fake_baseline);
  auto again = contra::sweep::plan_sweep(sweep_file, "", {}, results);
  for (const auto& run : again.runs) REQUIRE(run.state == contra::sweep::RunState::done);
  return again;
}

/// The Markdown line that starts with `prefix` ("| moco | 4096 |"), or "" when there is none.
inline std::string line_starting(const std::string& md, const std::string& prefix) {
  for (const auto& line : lines_of(md))
    if (line.rfind(prefix, 0) == 0) return line;
  return "";
}

inline std::size_t line_index(const std::string& md, const std::string& prefix) {
  const auto lines = lines_of(md);
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind(prefix, 0) == 0) return i;
  return lines.size();
}

/// Writes the report twice and checks that the table bytes do not change; returns table.md.
inline std::string report_twice(const contra::sweep::SweepPlan& plan, std::string* csv = nullptr) {
  const auto files = contra::report::write_report(plan, kReferences);
  CHECK(files.planned == static_cast<int>(plan.runs.size()));
  CHECK(files.recorded == static_cast<int>(plan.runs.size()));
  REQUIRE(fs::is_regular_file(files.markdown));
  REQUIRE(fs::is_regular_file(files.csv));
  const std::string md = read_file(files.markdown);
  const std::string c = read_file(files.csv);
  const auto again = contra::report::write_report(plan, kReferences);
  CHECK(read_file(again.markdown) == md);
  CHECK(read_file(again.csv) == c);
  if (csv != nullptr) *csv = c;
  return md;
}

}  // namespace contra::testing::report_fixtures
