#include "contra/report/runs.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "contra/config/load.h"
#include "contra/core/error.h"
#include "contra/store/stored_config.h"
#include "contra/train/failure.h"
#include "contra/train/loss_curve.h"

namespace contra::report {

namespace fs = std::filesystem;

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

double RunSummary::last_epoch(const std::string& key) const {
  const auto values = store::column_as_double(epochs, key);
  return values.empty() ? NAN : values.back();
}

std::string RunSummary::attribute_text(const std::string& key) const {
  auto it = attributes.find(key);
  return it == attributes.end() ? std::string() : store::to_text(it->second);
}

namespace {

/// Seconds since the epoch of a UTC time "YYYY-MM-DDTHH:MM:SSZ" (core::utc_now_iso8601), NaN when
/// the text is not one.
double utc_seconds(const std::string& text) {
  std::tm t{};
  char zone = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%c", &t.tm_year, &t.tm_mon, &t.tm_mday, &t.tm_hour, &t.tm_min,
                  &t.tm_sec, &zone) != 7 || zone != 'Z')
    return NAN;
  t.tm_year -= 1900;
  t.tm_mon -= 1;
  return static_cast<double>(timegm(&t));
}

}  // namespace

double RunSummary::wall_seconds() const {
  return utc_seconds(attribute_text("ended_at")) - utc_seconds(attribute_text("started_at"));
}

namespace {

/// Sets `failed`, `fail_reason` and `loss_near_chance` from the record (RunSummary).
void judge_fail(RunSummary& r, const store::Columns& steps) {
  const auto says = [&](const char* prefix) { return r.reason.rfind(prefix, 0) == 0; };
  if (r.status == "fail" && (says("loss became non-finite") || says("collapse"))) {
    r.failed = true;  // train/failure.cpp's own words for the two rules that need the live run
    r.fail_reason = r.reason;
  } else if (r.status != "error" && r.summary.count("chance_loss") == 1) {  // a run that trained
    const auto curve = train::judge_loss_curve(store::column_as_double(steps, "loss"));
    r.failed = curve.fails;
    r.fail_reason = curve.reason;
  }
  train::FailInputs in;
  in.last_epoch_loss = r.metric("final_loss");
  in.chance_loss = r.metric("chance_loss");
  r.loss_near_chance = std::isfinite(in.last_epoch_loss) && std::isfinite(in.chance_loss) && train::loss_near_chance(in);
}

}  // namespace

RunSummary read_summary(const fs::path& file) {
  const auto record = store::read_run(file);
  const std::string what = file.string();
  RunSummary r;
  r.file = file;
  r.id = store::get_string(record.attributes, "run_id", what);
  r.status = store::get_string(record.attributes, "status", what);
  // A finished record holds one of the three; any other (an edited file) would be averaged as ok.
  CONTRA_CHECK(r.status == "complete" || r.status == "fail" || r.status == "error",
               "{}: attribute status = '{}' is not a finished run's (complete, fail or error)", what, r.status);
  r.reason = store::get_string(record.attributes, "reason", what);
  r.seed = store::get_int(record.attributes, "seed", what);
  r.config = store::get_string(record.attributes, "config", what);
  r.experiment = store::stored_experiment(record, what);
  r.attributes = record.attributes;
  r.axes = record.axes;
  r.summary = record.summary;
  r.epochs = record.epochs;
  judge_fail(r, record.steps);
  return r;
}

}  // namespace contra::report
