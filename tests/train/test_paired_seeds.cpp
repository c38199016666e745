// Paired seeds (docs/claims.md, "Paired seeds"): a seed fixes the initialisation and the data order
// across a table's rows wherever they share a model, which is what lets the verdict rule compare
// two rows by their per-seed differences. Rows that differ in a mechanism's own option (m, K), or in
// the mechanism itself, start from the same encoder weights; two MoCo runs that differ only in m
// take the same first step (the key encoder equals the query encoder before the first update), so
// their first losses are equal, the second differ; another seed changes both.
#include <catch2/catch.hpp>

#include <torch/torch.h>

#include <string>
#include <vector>

#include "../support/experiment.h"
#include "../support/temp_dir.h"
#include "contra/core/seed.h"
#include "contra/methods/registry.h"
#include "contra/store/run_record.h"
#include "contra/train/trainer.h"

using contra::testing::TempDir;

namespace {

/// The query encoder's parameters of `method` built as a run builds it (seeded first), flattened.
torch::Tensor initial_weights(const std::string& method, std::int64_t seed,
                              const std::vector<std::string>& extra = {}) {
  std::vector<std::string> sets = {"method.name=" + method, "model.width=4", "data.train_subset=512", "optim.batch=64",
                                   "run.seed=" + std::to_string(seed)};
  for (const auto& s : contra::testing::method_sets(method, {{"queue", "256"}, {"negatives", "256"}}))
    sets.push_back(s);
  sets.insert(sets.end(), extra.begin(), extra.end());
  const auto exp = contra::testing::experiment_with(sets);
  contra::core::seed_everything(static_cast<std::uint64_t>(exp.run.seed));
  const auto m = contra::methods::make_method(exp, {1, 512, 10, 28, 28});
  std::vector<torch::Tensor> flat;
  for (const auto& p : m->query_encoder()->parameters()) flat.push_back(p.detach().flatten());
  return torch::cat(flat);
}

std::vector<double> step_losses(std::int64_t seed, const std::string& momentum) {
  TempDir dir;
  const auto exp =
      contra::testing::experiment_with({"method.name=moco", "method.queue=256", "method.momentum=" + momentum,
                                        "data.train_subset=512", "data.test_subset=100", "optim.epochs=1",
                                        "optim.batch=128", "model.width=4", "run.seed=" + std::to_string(seed)});
  contra::train::RunContext ctx;
  ctx.out_dir = dir / "runs";
  ctx.quiet = true;
  ctx.threads = 1;
  const auto result = contra::train::run_experiment(exp, ctx);
  const auto rec = contra::store::read_run(result.file);
  return std::get<std::vector<double>>(rec.steps.at("loss"));
}

}  // namespace

TEST_CASE("paired seeds: one seed gives every row of a table the same initial encoder", "[train][seeds]") {
  const auto reference = initial_weights("moco", 3);
  CHECK(torch::equal(reference, initial_weights("moco", 3, {"method.momentum=0.9"})));
  CHECK(torch::equal(reference, initial_weights("moco", 3, {"method.queue=128"})));
  for (const std::string method : {"memory_bank", "end_to_end", "simclr"}) {
    INFO(method);
    const auto w = initial_weights(method, 3);
    REQUIRE(w.numel() == reference.numel());
    CHECK(torch::equal(reference, w));
  }
  CHECK_FALSE(torch::equal(reference, initial_weights("moco", 4)));
}

TEST_CASE("paired seeds: runs that differ in m alone take the same first step", "[train][seeds]") {
  const auto slow = step_losses(0, "0.999"), fast = step_losses(0, "0.9");
  REQUIRE(slow.size() == 4);
  REQUIRE(fast.size() == 4);
  CHECK(slow[0] == fast[0]);  // same weights, same batch, same views, same queue
  CHECK(slow[1] != fast[1]);  // the key encoders have moved apart
  CHECK(step_losses(1, "0.999")[0] != slow[0]);
}
