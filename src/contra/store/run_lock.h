// One process trains a run at a time: a per-run lock file `<dir>/<run id>.lock` held with flock(2)
// by the process that trains the run. The kernel drops the lock when that process exits or is
// killed, so a dead process's lock never blocks anyone; the file itself stays (removing it would
// race with the next holder) and records the last holder's host and pid, for messages.
// On network file systems flock works where the server supports locks (NFSv4, Lustre with
// -o flock); elsewhere two sweeps may both train a run, which wastes time but corrupts nothing:
// records are renamed into place whole.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace contra::store {

class RunLock {
 public:
  /// Takes the lock of `run_id` in `dir` without waiting. Returns nullopt when another process
  /// holds it. Throws core::ContraError naming the lock file when it cannot be created or opened.
  static std::optional<RunLock> try_acquire(const std::filesystem::path& dir, const std::string& run_id);

  RunLock(RunLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  RunLock& operator=(RunLock&& other) noexcept;
  RunLock(const RunLock&) = delete;
  RunLock& operator=(const RunLock&) = delete;
  ~RunLock();  ///< releases the lock

 private:
  explicit RunLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

/// `<dir>/<run_id>.lock`.
std::filesystem::path lock_path(const std::filesystem::path& dir, const std::string& run_id);

/// Whether a live process holds the run's lock now (false when there is no lock file).
bool is_locked(const std::filesystem::path& dir, const std::string& run_id);

/// "host pid 1234": who took the lock last, as written in the lock file ("" when unknown).
std::string lock_holder(const std::filesystem::path& dir, const std::string& run_id);

}  // namespace contra::store
