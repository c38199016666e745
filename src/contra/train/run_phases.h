// The phases of run_experiment (train/trainer.cpp reads as their table of contents), in order:
//   prepare          data, seed, method: everything that can refuse the run before a file is written
//   open_run         the lock (rank 0 holds it for the ranks); a sweep's child skips a finished run
//   start_or_resume  checkpoint restore or provenance, split-chunk budget, attempts
//   random_init_knn  the untrained encoder's kNN (or the value recorded before a resume)
//   train_epoch      one epoch of steps (train/step.h), read back every log interval (train/step_window.h)
//   record_epoch     evaluate, record the epoch, checkpoint
//   finish_run       the fail rule, the summary, the final record
//   stop_here, record_error   a stop signal (checkpoint, interrupted), an exception (error)
// Internal to train/.
#pragma once

#include <cstdint>
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "contra/config/experiment.h"
#include "contra/data/dataset.h"
#include "contra/methods/method.h"
#include "contra/store/run_lock.h"
#include "contra/train/session.h"
#include "contra/train/trainer.h"

namespace contra::train {

/// Refuses a run.precision the device cannot run under autocast (core::precision_unsupported),
/// applies run.deterministic (core::configure_algorithms), loads and checks the dataset (a missing
/// or corrupt one stops the run here), warns about a slow BLAS, seeds LibTorch's generators and
/// builds the method on `device`. Throws ContraError on bad input (the precision, data,
/// data.drop_last, data.train_subset against optim.batch).
/// With W ranks (`world`) it also refuses what they cannot split as one process computes it
/// (train/ranks.h), builds the method with model.bn_splits / W BN groups per rank, hands it the
/// world and copies rank 0's weights into every rank.
Prepared prepare(const config::Experiment& exp, const RunContext& ctx, const torch::Device& device,
                 const std::shared_ptr<const dist::World>& world);

/// A run opened for training, or the result to return at once.
struct OpenedRun {
  std::optional<store::RunLock> lock;  ///< rank 0's hold on the run (store/run_lock.h); none elsewhere
  std::optional<RunResult> done;       ///< set when another process's record of the run is final (skip_finished)
};

/// Rank 0 takes the run's lock in ctx.out_dir (one process per run: RunBusy when another holds
/// it), returns the recorded result when ctx.skip_finished and another process's record is final
/// and not an error (a sweep's child; errors are trained again), and removes the checkpoint when
/// ctx.fresh. The other ranks follow its verdict (a broadcast), so the group trains, skips or
/// refuses together. Throws RunBusy, or ContraError when rank 0 failed.
OpenedRun open_run(const RunContext& ctx, const std::string& run_id, const dist::World& world);

/// How the run starts.
struct Start {
  bool resumed = false;                 ///< from a checkpoint
  LoopPosition position;                ///< the checkpoint's, or zero
  std::int64_t split_chunk_budget = 0;  ///< bytes, held for the whole run (models/split_chunks.h)
  std::optional<std::string> threads_note;  ///< a resumed CPU run back at the threads it started with (train/resume.h)
};

/// Restores the checkpoint when there is one (train/resume.h: checked first; a damaged one is set
/// aside and the attempt fails; with W ranks, all resume or all stop), with its record, split-chunk
/// budget and, on the CPU, thread count; otherwise records the provenance and the run's fixed
/// costs. Either way records this attempt.
Start start_or_resume(Session& s);

/// The kNN top-1 of the untrained encoder (NaN when eval.knn_random_init is off), measured and
/// recorded on a fresh run, read back from the record on a resumed one.
double random_init_knn(Session& s, Loop& loop, bool resumed);

/// How an epoch's steps ended.
enum class EpochEnd {
  done,        ///< every batch trained
  non_finite,  ///< a loss was non-finite (loop.fail says where); the epoch ends at that read-back
  stopped,     ///< a stop signal inside the epoch; the window was read back, the run should stop_here
};

/// One epoch of steps, from pos.batches_done on (a run resumed inside the epoch skips the batches
/// already trained): batch order from s.data_gen, train_step per batch, a read-back every
/// ctx.log_every steps, at the end and before a stop. `started` is the epoch's start, back-dated
/// by the seconds a resumed epoch already spent.
EpochEnd train_epoch(Session& s, Loop& loop, std::int64_t epoch, Clock::time_point started);

/// After an epoch: its means, evaluation (kNN, align/uniform; the linear probe when `last`), its
/// row in /epochs, the next epoch's data stream, a checkpoint when due (or when a stop is
/// pending), and the partial record. Returns whether a stop is pending (never after the last
/// epoch): the ranks agreed on it once, here, and the caller stops on it without asking again.
bool record_epoch(Session& s, Loop& loop, std::int64_t epoch, double epoch_seconds, bool last);

/// After the last epoch: the fail rule, the summary, the final record; the checkpoint goes.
RunResult finish_run(Session& s, Loop& loop);

/// After a stop signal: the checkpoint (unless the epoch-end one was just written) and a partial
/// record marked interrupted; the result says how to continue.
RunResult stop_here(Session& s, Loop& loop);

/// Records the run as an error and throws ContraError with the reason (the checkpoint stays).
[[noreturn]] void record_error(Session& s, Loop& loop, const std::exception& e);

}  // namespace contra::train
