#include "contra/store/run_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>

#include "contra/core/error.h"
#include "contra/core/provenance.h"
#include "contra/store/run_record.h"

namespace contra::store {

namespace fs = std::filesystem;

fs::path lock_path(const fs::path& dir, const std::string& run_id) {
  (void)final_path(dir, run_id);  // checks the run id
  return dir / (run_id + ".lock");
}

std::optional<RunLock> RunLock::try_acquire(const fs::path& dir, const std::string& run_id) {
  const fs::path path = lock_path(dir, run_id);
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  CONTRA_CHECK(fd >= 0, "{}: cannot open the run's lock file: {}", path.string(), std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    ::close(fd);
    CONTRA_CHECK(err == EWOULDBLOCK, "{}: cannot lock the run: {}", path.string(), std::strerror(err));
    return std::nullopt;
  }
  const std::string holder = fmt::format("{} pid {}\n", core::host_name(), ::getpid());
  if (::ftruncate(fd, 0) == 0) (void)!::write(fd, holder.data(), holder.size());
  return RunLock(fd);
}

RunLock& RunLock::operator=(RunLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the descriptor releases the flock
}

bool is_locked(const fs::path& dir, const std::string& run_id) {
  const int fd = ::open(lock_path(dir, run_id).c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool held = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return held;
}

std::string lock_holder(const fs::path& dir, const std::string& run_id) {
  std::ifstream in(lock_path(dir, run_id));
  std::string line;
  std::getline(in, line);
  return line;
}

}  // namespace contra::store
