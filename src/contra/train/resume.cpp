#include "contra/train/resume.h"

#include <fmt/format.h>
#include <torch/torch.h>

#include <system_error>
#include <variant>

#include "contra/core/error.h"
#include "contra/core/provenance.h"
#include "contra/store/run_record.h"
#include "contra/train/same_execution.h"

namespace contra::train {

namespace {

/// How this attempt computes, for the checkpoint's record to be compared against (train/same_execution.h).
Execution execution_of(const Session& s) {
  return {core::git_sha(),
          core::torch_version(),
          s.device,
          static_cast<std::int64_t>(s.world->size()),
          s.precision,
          s.exp.run.precision == core::Precision::automatic,
          s.precision_rule,
          s.algorithms.channels_last,
          s.algorithms.deterministic};
}

/// Sets a damaged checkpoint aside (rank 0) and says where it went, or why it could not.
std::string set_aside(const Session& s) {
  if (!s.world->main()) return "(rank 0 sets it aside as " + s.checkpoint.filename().string() + ".damaged)";
  std::error_code ec;
  const std::filesystem::path aside(s.checkpoint.string() + ".damaged");
  std::filesystem::rename(s.checkpoint, aside, ec);
  if (ec)
    return fmt::format("(it could not be set aside as {}: {}; delete it, or start over with `contra train --fresh`)",
                       aside.filename().string(), ec.message());
  return fmt::format("(set aside as {}: the next attempt starts the run over, as `contra train --fresh` would)",
                     aside.filename().string());
}

}  // namespace

void check_resumable(const Session& s, const Restored& restored) {
  const auto& path = s.checkpoint;
  const auto& attrs = restored.record.attributes;
  const auto id = attrs.find("config_hash");
  const std::string theirs =
      id != attrs.end() && std::holds_alternative<std::string>(id->second) ? std::get<std::string>(id->second) : "?";
  CONTRA_CHECK(theirs == s.run_id,
               "{}: the checkpoint is run {}'s, not run {}'s (copied or renamed onto this run's name); delete it, "
               "or start this run over with `contra train --fresh`",
               path.string(), theirs, s.run_id);
  check_same_execution(path, execution_of(s), restored.record);
  const auto& p = restored.position;
  const auto per_epoch = s.steps_per_epoch;
  const auto steps = store::column_as_double(restored.record.steps, "step");
  const auto recorded = steps.empty() ? std::int64_t{0} : static_cast<std::int64_t>(steps.back());
  CONTRA_CHECK(p.epochs_done >= 0 && p.epochs_done < s.exp.optim.epochs && p.batches_done >= 0 &&
                   p.batches_done < per_epoch && p.step == p.epochs_done * per_epoch + p.batches_done &&
                   recorded == p.step && p.images_seen >= 0,
               "{}: the checkpoint's position does not fit this run (epoch {} done and {} batches of {} into the "
               "next, step {}, its record's last step {}, optim.epochs = {}); start the run over with "
               "`contra train --fresh`",
               path.string(), p.epochs_done, p.batches_done, per_epoch, p.step, recorded, s.exp.optim.epochs);
}

std::optional<Restored> restore_agreed(Session& s) {
  std::optional<Restored> restored;
  std::string failed;  // this rank's one line, when it cannot resume
  try {
    restored = read_checkpoint(s.checkpoint, s.device);
    if (restored) {
      check_resumable(s, *restored);
      apply_checkpoint(s.checkpoint, *restored, s.state, s.device);
    }
  } catch (const CheckpointDamaged& e) {
    failed = std::string(e.what()) + " " + set_aside(s);
  } catch (const core::ContraError& e) {
    failed = e.what();
  }
  if (!s.world->single()) {  // every rank resumes, or every rank stops
    const auto all = s.world->all_gather(torch::tensor({std::int64_t{failed.empty() ? 0 : 1}}, torch::kInt64));
    for (int r = 0; r < s.world->size() && failed.empty(); ++r)
      if (all[r].item<std::int64_t>() != 0)
        failed = fmt::format("{}: rank {} cannot resume this checkpoint (its own line says why)", s.checkpoint.string(),
                             r);
  }
  if (!failed.empty()) throw core::ContraError(failed);
  return restored;
}

std::optional<std::string> keep_recorded_threads(const Session& s, const store::RunRecord& record) {
  if (!s.device.is_cpu()) return std::nullopt;
  const auto it = record.attributes.find("threads");
  if (it == record.attributes.end() || !std::holds_alternative<std::int64_t>(it->second)) return std::nullopt;
  const auto started = static_cast<int>(std::get<std::int64_t>(it->second));
  const int now = torch::get_num_threads();
  if (started < 1 || started == now) return std::nullopt;
  torch::set_num_threads(started);
  return fmt::format("resuming with the {} threads the run started with (this attempt was given {}), so that it "
                     "continues bit for bit",
                     started, now);
}

}  // namespace contra::train
