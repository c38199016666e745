// The steps since the last read-back. A step's loss, correct count and embedding std stay on the
// run's device (train/step.h); the loop reads them back in one copy every `--log-every` steps, at
// the end of an epoch and before a stop, and only then records the steps, adds them to the epoch's
// sums and checks the loss is finite. So a step never waits for the device, and a non-finite loss
// stops the run at most one log interval after the step where it appeared.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "contra/train/checkpoint.h"
#include "contra/train/recorder.h"
#include "contra/train/step.h"

namespace contra::train {

/// What a read-back found.
struct WindowSummary {
  std::int64_t steps = 0;                  ///< steps read back (0: the window was empty)
  std::int64_t first_non_finite_step = 0;  ///< the first step whose loss was NaN or ±inf; 0 if none
  double last_loss = 0;                    ///< the loss of the window's last step
  std::int64_t last_step = 0, last_epoch = 0;
  double images_per_s = 0;  ///< images of the window / its wall seconds
  int stop_signal = 0;      ///< W ranks: the largest stop signal any rank voted in the window's steps (0: none)
};

class StepWindow {
 public:
  /// Adds a finished step: its scalars stay where they are; `step` (1-based), `epoch`, `lr` and
  /// `images` (the batch size) are host values; `started` is when the step began.
  void add(std::int64_t step, std::int64_t epoch, double lr, std::int64_t images, StepScalars scalars,
           std::chrono::steady_clock::time_point started);
  bool empty() const { return steps_.empty(); }

  /// Copies the window's scalars to the host (one copy, which waits for the device; with W ranks the
  /// caller settles the step's collectives first, dist::World::settle), appends one row
  /// per step to /steps (step, epoch, loss, lr, images_per_s) and folds the steps, in order, into
  /// the epoch's sums in `pos` (loss_sum, correct, queries, std_sum, all float64 as the host adds
  /// them) and pos.train_seconds. Every step of a window is recorded with the window's images/s:
  /// its images over the wall time from its first step's start to the end of this copy, so the
  /// figure holds on a GPU, where a step's own time only says how long it took to queue its kernels.
  /// Empties the window.
  WindowSummary read_back(Recorder& recorder, LoopPosition& pos);

 private:
  struct HostPart {
    std::int64_t step, epoch;
    double lr;
    std::int64_t images, queries;
  };
  std::vector<HostPart> steps_;
  std::vector<torch::Tensor> loss_, correct_, std_, stop_;  ///< 0-d, on the device (stop_: W ranks only)
  std::chrono::steady_clock::time_point started_;
};

}  // namespace contra::train
