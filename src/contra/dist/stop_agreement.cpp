#include "contra/dist/stop_agreement.h"

#include <torch/torch.h>

#include "contra/core/stop_signal.h"

namespace contra::dist {

bool agree_on_stop(const World& world) {
  if (world.single()) return core::stop_requested();
  auto flag = torch::full({1}, static_cast<std::int64_t>(core::stop_signal()), torch::kInt64);
  world.all_reduce_max(flag);
  const auto sig = flag.item<std::int64_t>();
  if (sig != 0) core::note_stop(static_cast<int>(sig));
  return sig != 0;
}

}  // namespace contra::dist
