#include "contra/core/threads.h"

#include <dlfcn.h>
#include <torch/torch.h>

#include <algorithm>
#include <thread>

namespace contra::core {

bool set_blas_threads(int threads) {
  using SetThreads = void (*)(int);
  for (const char* name : {"openblas_set_num_threads", "bli_thread_set_num_threads"}) {
    if (void* symbol = dlsym(RTLD_DEFAULT, name)) {
      reinterpret_cast<SetThreads>(symbol)(std::max(1, threads));
      return true;
    }
  }
  return false;
}

int set_threads(int requested) {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  torch::set_num_threads(requested > 0 ? requested : cores);
  set_blas_threads(1);
  return torch::get_num_threads();
}

}  // namespace contra::core
