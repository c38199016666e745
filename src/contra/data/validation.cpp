#include "contra/data/validation.h"

#include <torch/torch.h>

#include "contra/core/error.h"
#include "contra/core/seed.h"

namespace contra::data {

torch::Tensor validation_indices(std::int64_t total, std::int64_t count, const std::string& where) {
  CONTRA_CHECK(count > 0 && count < total,
               "{}: data.validation = {} must lie in [1, {}]: it holds out that many of the {} training images, "
               "and the encoder needs the rest",
               where, count, total - 1, total);
  auto gen = core::make_generator(kValidationSeed, 0);
  auto order = torch::randperm(total, gen, torch::TensorOptions().dtype(torch::kInt64));
  return std::get<0>(order.slice(0, 0, count).sort());
}

void hold_out_validation(Dataset& d, std::int64_t count, const std::string& where) {
  const auto total = d.train.size();
  const auto held = validation_indices(total, count, where);
  auto keep = torch::ones({total}, torch::kBool);
  keep.index_fill_(0, held, false);
  const auto rest = keep.nonzero().squeeze(1);  // ascending: the training order is kept
  d.validation = Split{d.train.images.index_select(0, held), d.train.labels.index_select(0, held)};
  d.train = Split{d.train.images.index_select(0, rest), d.train.labels.index_select(0, rest)};
}

}  // namespace contra::data
