#include "contra/core/provenance.h"

#include <torch/torch.h>
#include <torch/version.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <ctime>
#include <fstream>

#include "contra/git_sha.h"

namespace contra::core {

std::string git_sha() { return CONTRA_GIT_SHA; }

std::string torch_version() { return TORCH_VERSION; }

std::string utc_now_iso8601() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&now, &tm);
  std::array<char, 32> buf{};
  std::strftime(buf.data(), buf.size(), "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf.data();
}

std::string host_name() {
  std::array<char, 256> buf{};
  if (gethostname(buf.data(), buf.size() - 1) != 0) return "unknown";
  return buf.data();
}

std::string blas_backend() {
  // Force LibTorch to load its BLAS, then look at what the dynamic linker mapped. LibTorch calls
  // sgemm_ through libblas.so.3, which Debian's alternatives point at OpenBLAS or at the reference
  // BLAS; /proc/self/maps shows the resolved path.
  (void)torch::mm(torch::ones({2, 2}), torch::ones({2, 2}));
  std::ifstream maps("/proc/self/maps");
  std::string line;
  std::string found = "builtin";
  while (std::getline(maps, line)) {
    if (line.find("libmkl") != std::string::npos) return "mkl";
    if (line.find("libblas.so") != std::string::npos) {
      if (line.find("openblas") != std::string::npos) return "openblas";
      if (line.find("blis") != std::string::npos) return "blis";
      found = "reference";
    } else if (found == "builtin" && line.find("libopenblas") != std::string::npos) {
      found = "openblas";
    }
  }
  return found;
}

bool has_optimised_blas() { return blas_backend() != "reference"; }

std::string blas_advice() {
  return "LibTorch is running on the reference BLAS (a training step is about 1.4x slower here): install libopenblas0-pthread "
         "(apt-get install libopenblas0-pthread) or select it with update-alternatives --config libblas.so.3-x86_64-linux-gnu";
}

}  // namespace contra::core
