// The progress line of a run: step, loss, images/s and ETA.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace contra::core {

/// Prints progress to a stream (stderr by default; nullptr prints nothing). On a terminal it redraws one line; otherwise
/// (logs, sweeps) it prints a new line every `every` steps and at the last step.
class ProgressLine {
 public:
  /// `label` prefixes every line (e.g. "moco m=0.99 seed=0"); `total_steps` > 0.
  ProgressLine(std::string label, std::int64_t total_steps, std::int64_t every, std::FILE* out = stderr);

  /// Reports that `step` (1-based) finished with this loss at this throughput (images/s).
  void update(std::int64_t step, std::int64_t epoch, std::int64_t epochs, double loss, double images_per_s);
  /// Prints a free-form note on its own line (e.g. the kNN result of an epoch).
  void note(const std::string& text);
  /// Ends the redrawn line, if any.
  void finish();

  /// Formats seconds as "1h02m", "3m04s" or "12s".
  static std::string format_duration(double seconds);

 private:
  std::string label_;
  std::int64_t total_steps_;
  std::int64_t every_;
  std::FILE* out_;
  bool tty_;
  bool open_line_ = false;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace contra::core
