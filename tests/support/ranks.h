// Tests of a group of ranks as processes: the test binary re-runs itself on a hidden worker case
// with torchrun's variables (tests/dist/, tests/cuda/), and each rank checks its identities with
// Catch, so its exit code says whether they held.
#pragma once

#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "contra/sweep/children.h"

namespace contra::testing {

/// A port nothing listens on now, and optionally a socket that keeps it (to test "in use").
inline int free_port(int* keep = nullptr) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof(addr);
  REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof(addr)) == 0);
  REQUIRE(getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
  if (keep != nullptr) {
    REQUIRE(listen(fd, 4) == 0);
    *keep = fd;
  } else {
    close(fd);
  }
  return ntohs(addr.sin_port);
}

/// Runs this binary's hidden worker case `name` as `ranks` processes of one group (torchrun's
/// variables, LOCAL_RANK = RANK, plus `env`); their wait statuses, rank 0's first.
inline std::vector<int> run_ranks(const std::string& name, int ranks, const std::vector<std::string>& env = {}) {
  const std::string port = std::to_string(free_port());
  std::vector<pid_t> pids;
  for (int r = 0; r < ranks; ++r) {
    std::vector<std::string> vars{"RANK=" + std::to_string(r),
                                  "WORLD_SIZE=" + std::to_string(ranks),
                                  "LOCAL_RANK=" + std::to_string(r),
                                  "MASTER_ADDR=127.0.0.1",
                                  "MASTER_PORT=" + port,
                                  "OMP_NUM_THREADS=1"};
    vars.insert(vars.end(), env.begin(), env.end());
    pids.push_back(sweep::spawn({"/proc/self/exe", name}, "/dev/null", vars));
  }
  std::vector<int> statuses;
  for (const pid_t pid : pids) {
    int status = 0;
    waitpid(pid, &status, 0);
    statuses.push_back(status);
  }
  return statuses;
}

/// Every rank exited with 0.
inline void require_all_passed(const std::vector<int>& statuses) {
  for (std::size_t r = 0; r < statuses.size(); ++r) {
    INFO("rank " << r);
    REQUIRE(WIFEXITED(statuses[r]));
    CHECK(WEXITSTATUS(statuses[r]) == 0);
  }
}

}  // namespace contra::testing
