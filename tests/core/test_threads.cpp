// The two thread pools of a CPU step (core/threads.h): LibTorch's intra-op pool at every core, the
// BLAS library's own pool at one thread during training and at every core inside BlasThreadsScope.
#include <dlfcn.h>
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <thread>

#include "contra/core/threads.h"

namespace {

/// OpenBLAS's own thread count, or -1 when the loaded BLAS is not OpenBLAS.
int openblas_threads() {
  using Get = int (*)();
  void* symbol = dlsym(RTLD_DEFAULT, "openblas_get_num_threads");
  return symbol ? reinterpret_cast<Get>(symbol)() : -1;
}

}  // namespace

TEST_CASE("set_threads gives the intra-op pool every core and OpenBLAS one thread", "[core]") {
  const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const int previous = torch::get_num_threads();
  if (openblas_threads() < 0) {
    WARN("the loaded BLAS is not OpenBLAS: its pool is not checked");
  } else {
    // Start from a pool of 2 (ctest's OMP_NUM_THREADS=1 would otherwise start OpenBLAS at 1, and
    // the check below would pass whatever set_threads did).
    REQUIRE(contra::core::set_blas_threads(2));
    REQUIRE(openblas_threads() == 2);
  }
  CHECK(contra::core::set_threads(0) == cores);
  CHECK(torch::get_num_threads() == cores);
  if (openblas_threads() >= 0) {
    CHECK(openblas_threads() == 1);
    {
      const contra::core::BlasThreadsScope all(2);
      CHECK(openblas_threads() == 2);
    }
    CHECK(openblas_threads() == 1);
  }
  CHECK(contra::core::set_threads(1) == 1);
  contra::core::set_threads(previous);
}
