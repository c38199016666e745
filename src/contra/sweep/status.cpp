#include "contra/sweep/status.h"

#include <fmt/format.h>

#include <map>

#include "contra/core/error.h"
#include "contra/store/run_lock.h"
#include "contra/store/run_record.h"
#include "contra/train/checkpoint.h"

namespace contra::sweep {

namespace fs = std::filesystem;

namespace {

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

/// "epoch 3/6, step 1404/2808" from a (partial) record. A finished record without a training step:
/// complete, it evaluated once and trained nothing (the raw-pixel and random-init baselines);
/// otherwise it stopped before its first step.
std::string progress_of(const store::RunRecord& record, const config::Experiment& exp, const std::string& status) {
  const auto steps = store::column_as_double(record.steps, "step");
  const auto epochs = store::column_as_double(record.epochs, "epoch");
  const bool finished = status == "complete" || status == "fail" || status == "error";
  if (finished && steps.empty()) return status == "complete" ? "evaluated once, nothing trained" : "no training step";
  const auto per_epoch = record.summary.find("steps_per_epoch");
  std::string total_steps;
  if (per_epoch != record.summary.end() && std::holds_alternative<std::int64_t>(per_epoch->second))
    total_steps = fmt::format("/{}", std::get<std::int64_t>(per_epoch->second) * exp.optim.epochs);
  const auto world = record.attributes.find("world_size");  // absent: one process (older records too)
  const std::int64_t ranks = world != record.attributes.end() && std::holds_alternative<std::int64_t>(world->second)
                                 ? std::get<std::int64_t>(world->second)
                                 : 1;
  return fmt::format("epoch {}/{}, step {}{}{}", epochs.empty() ? 0 : static_cast<std::int64_t>(epochs.back()),
                     exp.optim.epochs, steps.empty() ? 0 : static_cast<std::int64_t>(steps.back()), total_steps,
                     ranks > 1 ? fmt::format(", {} ranks", ranks) : std::string());
}

}  // namespace

std::vector<RunStatus> run_statuses(const SweepPlan& plan) {
  std::vector<RunStatus> out;
  const fs::path dir = plan.runs_dir();
  for (const auto& run : plan.runs) {
    RunStatus s{run.id, describe(run), "planned", "", ""};
    const fs::path partial = store::partial_path(dir, run.id);
    const bool locked = store::is_locked(dir, run.id);
    const bool has_checkpoint = fs::exists(train::checkpoint_path(dir, run.id));
    if (!run.damaged.empty() && !locked) {  // unreadable, or another run's record (plan.h)
      s.state = "error";
      s.detail = fmt::format("unreadable record: {}", run.damaged);
    } else if (!run.record.empty() && !locked) {
      try {
        const auto record = store::read_run(run.record);
        s.state = store::get_string(record.attributes, "status", run.record.string());
        s.detail = first_line(store::get_string(record.attributes, "reason", run.record.string()));
        s.progress = progress_of(record, run.experiment, s.state);
        if (s.state == "error" && has_checkpoint) s.detail += " (the next sweep resumes it from its checkpoint)";
      } catch (const core::ContraError& e) {
        s.state = "error";
        s.detail = fmt::format("unreadable record: {}", first_line(e.what()));
      }
    } else if (locked || fs::exists(partial)) {
      s.state = locked ? "running" : "interrupted";
      if (locked) s.detail = store::lock_holder(dir, run.id);
      try {
        if (fs::exists(partial)) {
          const auto record = store::read_run(partial);
          s.progress = progress_of(record, run.experiment, s.state);
          const auto reason = record.attributes.find("reason");
          if (!locked && reason != record.attributes.end()) s.detail = first_line(store::to_text(reason->second));
        }
      } catch (const core::ContraError& e) {
        s.detail = fmt::format("unreadable partial record: {}", first_line(e.what()));
      }
      if (!locked && s.detail.empty())
        s.detail = has_checkpoint ? "resumes from its checkpoint" : "no checkpoint: it starts over";
    }
    out.push_back(std::move(s));
  }
  return out;
}

std::string format_statuses(const SweepPlan& plan, const std::vector<RunStatus>& statuses,
                            const std::string& heading) {
  std::string text = fmt::format("{} preset {}: {} runs in {}\n", heading.empty() ? "sweep " + plan.sweep.name : heading,
                                 plan.preset, statuses.size(), plan.runs_dir().string());
  std::map<std::string, int> counts;
  for (const auto& s : statuses) {
    ++counts[s.state];
    text += fmt::format("  {}  {:<11} {:<31} {}{}\n", s.id, s.state, s.progress, s.name,
                        s.detail.empty() ? "" : "  — " + s.detail);
  }
  std::string tally;
  for (const char* state : {"planned", "running", "interrupted", "complete", "fail", "error"}) {
    const auto it = counts.find(state);
    if (it != counts.end()) tally += fmt::format("{}{} {}", tally.empty() ? "" : ", ", it->second, state);
  }
  return text + tally + "\n";
}

}  // namespace contra::sweep
