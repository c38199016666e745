// The phases that train: one epoch of steps, the epoch's evaluation and record, and the stop after
// a signal (train/run_phases.h).
#include <torch/torch.h>

#include <algorithm>
#include <csignal>

#include "contra/core/device.h"
#include "contra/core/memory.h"
#include "contra/core/stop_signal.h"
#include "contra/data/batches.h"
#include "contra/dist/stop_agreement.h"
#include "contra/train/run_phases.h"
#include "contra/train/schedule.h"
#include "contra/train/step.h"
#include "contra/train/step_window.h"

namespace contra::train {

namespace {

/// The epoch's index batches on the run's device, uploaded in one copy (on CPU, as they are).
std::vector<torch::Tensor> on_device(std::vector<torch::Tensor> batches, const torch::Device& device) {
  if (device.is_cpu()) return batches;
  std::vector<std::int64_t> sizes;
  for (const auto& b : batches) sizes.push_back(b.size(0));
  return core::upload(torch::cat(batches), device).split_with_sizes(sizes);
}

/// Reads the window back (train/step_window.h): the steps' records and sums, the progress line,
/// and the first non-finite loss, if any, into the fail rule's inputs. With W ranks the step's
/// collectives are settled first (a failed one throws here, within run.dist_timeout_s), and the
/// result says whether a rank voted to stop in the window (then this rank is marked as asked).
bool read_back(Session& s, Loop& loop, StepWindow& window) {
  s.world->settle();
  const auto w = window.read_back(s.recorder, loop.pos);
  if (w.steps == 0) return false;
  if (w.first_non_finite_step > 0 && !loop.fail.loss_non_finite) {
    loop.fail.loss_non_finite = true;
    loop.fail.non_finite_step = w.first_non_finite_step;
  }
  loop.progress.update(w.last_step, w.last_epoch, s.exp.optim.epochs, w.last_loss,
                       static_cast<double>(loop.pos.images_seen) / loop.pos.train_seconds);
  return dist::agreed_stop_signal(w.stop_signal);
}

}  // namespace

EpochEnd train_epoch(Session& s, Loop& loop, std::int64_t epoch, Clock::time_point started) {
  auto& pos = loop.pos;
  const auto& o = s.exp.optim;
  const auto& ctx = s.ctx;
  // The batch order comes from the data stream as it stands at the epoch's start (a resumed run
  // rewound s.data_gen to it), and a run resumed inside an epoch skips the batches already trained.
  const auto batches =
      on_device(data::epoch_batches(s.data.pretrain_size(), o.batch, s.exp.data.drop_last, s.data_gen), s.device);
  StepParts parts{*s.method,         s.optimizer, s.augment,   s.augment_gen,  s.pretrain_images,
                  s.pretrain_labels, *s.world,    s.precision, s.scaler.get(), s.algorithms.channels_last};
  StepWindow window;
  const std::int64_t log_every = std::max<std::int64_t>(ctx.log_every, 1);
  for (auto b = static_cast<std::size_t>(pos.batches_done); b < batches.size(); ++b) {
    const auto step_start = Clock::now();
    const double lr = learning_rate(o, pos.step, s.steps_per_epoch);
    const bool faulty = ctx.fault_rank < 0 || ctx.fault_rank == s.world->rank();  // testing aids
    // --stop-after-steps N: the signal arrives during step N, so that step's stop vote carries it.
    if (faulty && ctx.stop_after_steps > 0 && pos.step + 1 == ctx.stop_after_steps) std::raise(SIGTERM);
    auto scalars = train_step(parts, batches[b], lr);
    // Asked to stop (SLURM's warning before a time limit or preemption, a Ctrl-C) inside the epoch:
    // the run is saved at this step and the next attempt continues from it. At the epoch's last
    // batch the epoch is finished and recorded first. One process knows at once; W ranks learn it
    // from the votes the steps all-reduced, read back at the next log interval, so every rank
    // stops at the same step without the step reading the device.
    const bool asked = scalars.stop;
    ++pos.step;
    ++pos.batches_done;
    pos.images_seen += batches[b].size(0);
    window.add(pos.step, epoch, lr, batches[b].size(0), std::move(scalars), step_start);
    if (faulty && ctx.kill_after_steps > 0 && pos.step == ctx.kill_after_steps) std::raise(SIGKILL);
    const bool last_batch = b + 1 == batches.size();
    bool stop = asked && !last_batch;
    if (!last_batch && !stop && pos.step % log_every != 0) continue;
    const bool voted = read_back(s, loop, window);  // the only place the loop waits for the device
    stop = (stop || voted) && !last_batch;
    if (loop.fail.loss_non_finite) return EpochEnd::non_finite;
    if (stop) {
      pos.epoch_seconds = seconds_since(started);
      pos.elapsed_seconds = loop.elapsed_seconds();
      return EpochEnd::stopped;
    }
  }
  read_back(s, loop, window);  // empty unless the epoch had nothing left to train
  return loop.fail.loss_non_finite ? EpochEnd::non_finite : EpochEnd::done;
}

bool record_epoch(Session& s, Loop& loop, std::int64_t epoch, double epoch_seconds, bool last) {
  auto& pos = loop.pos;
  auto& fail = loop.fail;
  auto& rec = s.recorder;
  const auto batches_done = static_cast<double>(pos.batches_done);
  fail.last_epoch_loss = pos.loss_sum / batches_done;
  fail.embedding_std = pos.std_sum / batches_done;
  EvalScores scores;
  if (last || (s.exp.eval.knn_every > 0 && epoch % s.exp.eval.knn_every == 0)) {
    const auto t = Clock::now();
    // The linear probe at the end; alignment and uniformity of what a method trained (a baseline's
    // embeddings would be an untrained head's).
    scores = s.evaluator.evaluate(s.method->query_encoder(), last, s.method->trains());
    pos.eval_seconds += seconds_since(t);
    if (loop.speaks) loop.progress.note(fmt::format("epoch {} kNN top-1 {:.2f}%", epoch, scores.knn_top1));
  }
  rec.epoch("epoch", epoch);
  rec.epoch("loss", fail.last_epoch_loss);
  rec.epoch("pretext_acc", 100.0 * pos.correct / pos.queries);
  rec.epoch("knn_top1", scores.knn_top1);
  rec.epoch("align", scores.align);
  rec.epoch("uniform", scores.uniform);
  rec.epoch("embedding_std", fail.embedding_std);
  rec.epoch("epoch_seconds", epoch_seconds);
  pos.epochs_done = epoch;
  pos.batches_done = 0;
  pos.loss_sum = pos.correct = pos.queries = pos.std_sum = pos.epoch_seconds = 0;
  pos.elapsed_seconds = loop.elapsed_seconds();
  rec.epoch("elapsed_s", pos.elapsed_seconds);
  rec.epoch("peak_memory_bytes", core::peak_memory_bytes(s.device));
  if (last) {
    loop.result.knn_top1 = scores.knn_top1;
    rec.attribute("linear_probe", s.evaluator.probe_protocol());
    rec.summary("linear_top1", scores.probed ? scores.linear.test_top1 : kNaN);
    rec.summary("linear_train_top1", scores.probed ? scores.linear.train_top1 : kNaN);
    rec.summary("linear_iterations", scores.linear.iterations);
    rec.summary("linear_grad_max", scores.probed ? scores.linear.grad_max : kNaN);
    rec.summary("linear_converged", std::int64_t{scores.probed && scores.linear.converged ? 1 : 0});
    rec.summary("linear_seconds", scores.probed ? scores.linear.seconds : kNaN);
  }
  s.epoch_start_gen.set_state(s.data_gen.get_state());  // the next epoch starts from here
  const auto every = s.exp.train.checkpoint_every;
  const bool stop_pending = !last && dist::agree_on_stop(*s.world);
  if (s.world->main() && !last && (stop_pending || (every > 0 && epoch % every == 0)))
    save_checkpoint(s.checkpoint, s.state, pos, rec.record(), s.device);  // rank 0 writes the group's checkpoint
  rec.save_partial();
  return stop_pending;
}

RunResult stop_here(Session& s, Loop& loop) {
  const auto& pos = loop.pos;
  auto& rec = s.recorder;
  loop.progress.finish();
  if (pos.batches_done > 0 && s.world->main()) save_checkpoint(s.checkpoint, s.state, pos, rec.record(), s.device);
  const int sig = core::stop_signal();
  core::remove_stop_handlers();
  RunResult result = loop.result;
  result.status = "interrupted";
  result.reason =
      fmt::format("stopped by {} after step {} (epoch {} done, {} batches into the next); it resumes from {}",
                  core::signal_name(sig), pos.step, pos.epochs_done, pos.batches_done, s.checkpoint.string());
  rec.attribute("status", std::string("interrupted"));
  rec.attribute("reason", result.reason);
  rec.save_partial();
  result.train_seconds = pos.train_seconds;
  result.file = store::partial_path(s.checkpoint.parent_path(), result.run_id);
  return result;
}

}  // namespace contra::train
