#include "contra/core/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace contra::core {

ProgressLine::ProgressLine(std::string label, std::int64_t total_steps, std::int64_t every, std::FILE* out)
    : label_(std::move(label)),
      total_steps_(std::max<std::int64_t>(total_steps, 1)),
      every_(std::max<std::int64_t>(every, 1)),
      out_(out),
      tty_(out != nullptr && isatty(fileno(out)) != 0),
      start_(std::chrono::steady_clock::now()) {}

std::string ProgressLine::format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const auto s = static_cast<long long>(std::llround(seconds));
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}s", s);
}

void ProgressLine::update(std::int64_t step, std::int64_t epoch, std::int64_t epochs, double loss,
                          double images_per_s) {
  if (out_ == nullptr) return;
  const bool last = step >= total_steps_;
  if (!tty_ && !last && step % every_ != 0) return;
  const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double eta = elapsed / static_cast<double>(step) * static_cast<double>(total_steps_ - step);
  const std::string line = fmt::format("[{}] epoch {}/{} step {}/{} loss {:.4f} {:.0f} img/s ETA {}", label_, epoch,
                                       epochs, step, total_steps_, loss, images_per_s, format_duration(eta));
  if (tty_) {
    fmt::print(out_, "\r{:<100}", line);
    open_line_ = true;
  } else {
    fmt::print(out_, "{}\n", line);
  }
  std::fflush(out_);
}

void ProgressLine::note(const std::string& text) {
  if (out_ == nullptr) return;
  finish();
  fmt::print(out_, "[{}] {}\n", label_, text);
  std::fflush(out_);
}

void ProgressLine::finish() {
  if (open_line_) {
    fmt::print(out_, "\n");
    open_line_ = false;
  }
}

}  // namespace contra::core
