#include "contra/models/channels_last.h"

#include <torch/torch.h>

namespace contra::models {

void to_channels_last(torch::nn::Module& module) {
  torch::NoGradGuard no_grad;
  const auto convert = [](torch::Tensor& t) {
    if (t.defined() && t.dim() == 4) t.set_data(t.data().contiguous(at::MemoryFormat::ChannelsLast));
  };
  for (auto& p : module.parameters(/*recurse=*/true)) convert(p);
  for (auto& b : module.buffers(/*recurse=*/true)) convert(b);
}

}  // namespace contra::models
