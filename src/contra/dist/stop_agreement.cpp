#include "contra/dist/stop_agreement.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/core/stop_signal.h"

namespace contra::dist {

bool agree_on_stop(const World& world) {
  if (world.single()) return core::stop_requested();
  std::vector<torch::Tensor> ballots{stop_ballot(world)};
  world.all_reduce_sum(ballots);
  return agreed_stop(ballots[0], world);
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
