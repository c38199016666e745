#include "contra/core/threads.h"

#include <torch/torch.h>

#include <algorithm>
#include <thread>

namespace contra::core {

int set_threads(int requested) {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  torch::set_num_threads(requested > 0 ? requested : cores);
  return torch::get_num_threads();
}

}  // namespace contra::core
