#include "contra/dist/stop_agreement.h"

#include <torch/torch.h>

#include "contra/core/error.h"
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

torch::Tensor stop_ballot(const World& world) {
  auto ballot = torch::zeros({world.size()}, torch::kFloat64);
  ballot[world.rank()] = static_cast<double>(core::stop_signal());
  return ballot;
}

bool agreed_stop(const torch::Tensor& summed, const World& world) {
  CONTRA_CHECK(summed.dim() == 1 && summed.size(0) == world.size(), "stop agreement: expected {} ballots, got {}",
               world.size(), summed.sizes());
  const auto sig = static_cast<int>(summed.max().item<double>());
  if (sig != 0) core::note_stop(sig);
  return sig != 0;
}

}  // namespace contra::dist
