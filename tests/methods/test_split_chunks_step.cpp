// A training step with the encoders' backbones in chunks of whole BN splits (models/split_chunks.h)
// equals the step with every batch whole, for each mechanism: loss, gradients, the weights after
// SGD and the mechanism's update, and every buffer (BN running statistics, queue, memory bank).
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "../support/experiment.h"
#include "../support/paths.h"
#include "../support/tensors.h"
#include "contra/config/load.h"
#include "contra/methods/registry.h"
#include "contra/models/split_chunks.h"

namespace {

struct AfterStep {
  double loss = 0;
  std::vector<torch::Tensor> grads, state;
};

/// One seeded step of `name` at batch 64 with 8 BN splits, the chunk budget set to `budget` bytes.
AfterStep one_step(const std::string& name, std::int64_t budget) {
  std::vector<std::string> sets = {"method.name=" + name, "model.width=4", "model.dim=16", "model.bn_splits=8",
                                   "optim.batch=64"};
  for (const auto& s : contra::testing::method_sets(name, {{"queue", "256"}, {"negatives", "256"}})) sets.push_back(s);
  const auto e = contra::testing::experiment_with(sets);
  const std::int64_t previous = contra::models::split_chunk_budget();
  contra::models::set_split_chunk_budget(budget);
  torch::manual_seed(0);
  auto method = contra::methods::make_method(e, {1, 1000});
  torch::optim::SGD opt(method->trainable_parameters(), torch::optim::SGDOptions(0.1).momentum(0.9));
  const auto q = torch::randn({64, 1, 28, 28}), k = torch::randn({64, 1, 28, 28});
  const auto index = torch::arange(64, torch::kInt64);
  auto out = method->forward_step({q, k, index, {}});
  out.loss.backward();
  AfterStep after;
  after.loss = out.loss.item<double>();
  after.grads = contra::testing::grads(method->trainable_parameters());
  opt.step();
  method->after_optimizer_step();
  for (const auto& p : method->parameters()) after.state.push_back(p.detach().clone());
  for (const auto& b : method->buffers()) after.state.push_back(b.clone());
  contra::models::set_split_chunk_budget(previous);
  return after;
}

}  // namespace

using contra::testing::check_close;

TEST_CASE("a step in split chunks equals the step with the batch whole, for every mechanism", "[methods]") {
  const std::string name = GENERATE("moco", "memory_bank", "end_to_end", "simclr");
  INFO(name);
  const auto passes = contra::models::chunked_passes();
  const auto whole = one_step(name, 0);
  CHECK(contra::models::chunked_passes() == passes);
  const auto chunked = one_step(name, 1);  // 1 byte: one split per chunk, 8 chunks
  CHECK(contra::models::chunked_passes() > passes);
  CHECK(chunked.loss == Approx(whole.loss).epsilon(1e-5));
  check_close(chunked.grads, whole.grads, 1e-4);
  check_close(chunked.state, whole.state, 1e-5);
}

TEST_CASE("the split chunk budget refuses a negative number of bytes", "[methods]") {
  CHECK_THROWS(contra::models::set_split_chunk_budget(-1));
  CHECK(contra::models::split_chunk_budget() > 0);  // the default: half the last level cache
}
