// run_experiment, as a table of contents of its phases (train/run_phases.h); the step itself is
// train/step.cpp, the read-back of its scalars train/step_window.cpp.
#include "contra/config/run_id.h"
#include "contra/train/trainer.h"

#include <torch/torch.h>

#include "contra/config/load.h"
#include "contra/core/device.h"
#include "contra/core/error.h"
#include "contra/core/files.h"
#include "contra/core/memory.h"
#include "contra/core/stop_signal.h"
#include "contra/core/threads.h"
#include "contra/dist/batch_shard.h"
#include "contra/dist/collective_clock.h"
#include "contra/models/split_chunks.h"
#include "contra/store/attributes.h"
#include "contra/train/loss_curve.h"
#include "contra/train/ranks.h"
#include "contra/train/run_phases.h"

namespace contra::train {

RunResult run_experiment(const config::Experiment& exp, const RunContext& ctx) {
  core::set_threads(ctx.threads);
  const std::string run_id = config::run_id(exp);
  torch::Device device = core::resolve_device(exp.run.device, exp.where("run.device"));
  const auto world = join_ranks(exp, device);  // one process unless the environment names a group; its GPU
  dist::drop_gather_gradients_for_testing(ctx.gather_without_grad);
  Prepared prepared = prepare(exp, ctx, device, world);  // refuses bad data or input before anything is written
  core::ensure_directory(ctx.out_dir, "run records (--out)");
  // One process trains a run at a time (rank 0 holds the lock for the group); the lock goes with
  // this process, however it ends.
  auto opened = open_run(ctx, run_id, *world);
  if (opened.done) return *opened.done;
  core::reset_peak_device_bytes(device);

  Session s(exp, ctx, run_id, device, world, std::move(prepared));
  const Start start = start_or_resume(s);
  const models::SplitChunkBudgetScope chunk_budget(start.split_chunk_budget);
  Loop loop(s, start.position);
  if (start.threads_note && loop.speaks) loop.progress.note(*start.threads_note);
  // Under --quiet too: the attempt runs otherwise than it was asked to.
  if (start.threads_note && !loop.speaks && s.world->main())
    fmt::print(stderr, "contra: note: {}\n", *start.threads_note);
  try {
    if (!s.method->trains()) {  // a baseline that only evaluates (methods/evaluation_only.h)
      record_epoch(s, loop, 0, 0.0, true);
      return finish_run(s, loop);
    }
    loop.result.knn_top1_random_init = random_init_knn(s, loop, start.resumed);
    s.recorder.save_partial();
    s.method->train();
    loop.begin_attempt();
    core::install_stop_handlers();
    for (std::int64_t epoch = loop.pos.epochs_done + 1; epoch <= exp.optim.epochs && !loop.fail.loss_non_finite;
         ++epoch) {
      // A resumed epoch's clock starts back-dated by the seconds it already spent.
      const auto started = Clock::now() - std::chrono::duration_cast<Clock::duration>(
                                              std::chrono::duration<double>(loop.pos.epoch_seconds));
      if (train_epoch(s, loop, epoch, started) == EpochEnd::stopped) return stop_here(s, loop);
      const bool last = epoch == exp.optim.epochs || loop.fail.loss_non_finite;
      if (record_epoch(s, loop, epoch, seconds_since(started), last)) return stop_here(s, loop);
    }
    return finish_run(s, loop);
  } catch (const std::exception& e) {
    record_error(s, loop, e);
  }
}

RunResult finish_run(Session& s, Loop& loop) {
  core::remove_stop_handlers();
  loop.progress.finish();
  const auto& pos = loop.pos;
  auto& fail = loop.fail;
  auto& rec = s.recorder;
  RunResult result = loop.result;
  fail.step_losses = store::column_as_double(rec.record().steps, "loss");  // every step, resumes included
  // The fail rule is about training (train/failure.h): a baseline that only evaluates cannot fail it.
  if (auto reason = s.method->trains() ? fail_reason(fail) : std::nullopt) {
    result.status = "fail";
    result.reason = *reason;
  }
  result.train_seconds = pos.train_seconds;
  rec.summary("knn_top1", result.knn_top1);
  rec.summary("final_loss", fail.last_epoch_loss);
  rec.summary("chance_loss", s.method->chance_loss(s.exp.optim.batch));
  rec.summary("embedding_std", fail.embedding_std);
  if (s.method->trains()) {  // the loss curve as the fail rule read it (train/loss_curve.h)
    const auto curve = judge_loss_curve(fail.step_losses);
    rec.summary("loss_curve_judged", static_cast<std::int64_t>(curve.judged));
    rec.summary("loss_fall", curve.fall);
    rec.summary("loss_rebound", curve.rebound);
    rec.summary("loss_near_chance", static_cast<std::int64_t>(loss_near_chance(fail)));
  }
  rec.summary("train_seconds", pos.train_seconds);
  rec.summary("eval_seconds", pos.eval_seconds);
  rec.summary("seconds_per_step", pos.train_seconds / static_cast<double>(std::max<std::int64_t>(pos.step, 1)));
  rec.summary("images_per_s", static_cast<double>(pos.images_seen) / pos.train_seconds);
  rec.summary("steps", pos.step);
  rec.summary("peak_memory_bytes", core::peak_memory_bytes(s.device));
  rec.summary("peak_rss_bytes", core::peak_rss_bytes());
  // Rank 0's host seconds inside the collectives, training and evaluation. On NCCL a collective
  // returns once enqueued (the step's queue behind its kernels): that time is not communication,
  // and is recorded under another name so no table reads it as such.
  if (!s.world->single())
    rec.summary(s.world->enqueues() ? "collective_enqueue_seconds" : "collective_seconds", dist::collective_seconds());
  if (s.scaler) {  // fp16: where the loss scale ended, and the steps skipped for an inf/NaN gradient
    rec.summary("loss_scale", s.scaler->current_scale());
    rec.summary("skipped_steps", s.scaler->skipped_steps());
  }
  result.file = rec.finish(result.status, result.reason);
  if (s.world->main()) remove_checkpoint(s.checkpoint);
  return result;
}

void record_error(Session& s, Loop& loop, const std::exception& e) {
  loop.progress.finish();
  const std::string what = e.what();
  const std::string reason = what.substr(0, what.find('\n'));
  // The checkpoint stays: the next attempt (a sweep retries errors) resumes from it.
  core::remove_stop_handlers();
  s.recorder.attribute("failed_after_step", loop.pos.step);  // the optimiser steps the run had completed
  s.recorder.finish("error", reason);
  core::fail("run {} stopped with an error (recorded as status=error): {}", s.run_id, reason);
}

}  // namespace contra::train
