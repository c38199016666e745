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

torch::Tensor stop_ballot(const World& world, const torch::Device& device) {
  auto ballot = torch::zeros({world.size()}, torch::TensorOptions().dtype(torch::kFloat64).device(device));
  ballot.select(0, world.rank()).fill_(static_cast<double>(core::stop_signal()));  // a scalar fill: no copy
  return ballot;
}

bool agreed_stop(const torch::Tensor& summed, const World& world) {
  CONTRA_CHECK(summed.dim() == 1 && summed.size(0) == world.size(), "stop agreement: expected {} ballots, got {}",
               world.size(), summed.sizes());
  return agreed_stop_signal(static_cast<int>(summed.max().item<double>()));
}

bool agreed_stop_signal(int signal) {
  if (signal != 0) core::note_stop(signal);
  return signal != 0;
}

}  // namespace contra::dist
