#include "contra/models/channels_last.h"

#include <torch/torch.h>

namespace contra::models {

torch::Tensor nhwc(const torch::Tensor& t) {
  if (!t.defined() || t.dim() != 4) return t;
  if (t.size(1) != 1) return t.contiguous(at::MemoryFormat::ChannelsLast);
  // One channel: contiguous() would keep the NCHW strides, which are NHWC too; LibTorch reads the
  // memory order from the strides, so they are rewritten as NHWC's.
  auto out = torch::empty(t.sizes(), t.options().memory_format(at::MemoryFormat::ChannelsLast));
  return out.copy_(t);
}

void to_channels_last(torch::nn::Module& module) {
  torch::NoGradGuard no_grad;
  const auto convert = [](torch::Tensor& t) {
    if (t.defined() && t.dim() == 4) t.set_data(nhwc(t.data()));
  };
  for (auto& p : module.parameters(/*recurse=*/true)) convert(p);
  for (auto& b : module.buffers(/*recurse=*/true)) convert(b);
}

}  // namespace contra::models
