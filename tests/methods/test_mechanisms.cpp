// The sources of negatives side by side (DESIGN.md, "Definitions"; MoCo v1 Fig. 3): how many
// negatives each mechanism has at a given batch, its dictionary size K, views and store, and its
// counted training FLOPs. Each mechanism's own step is tested in the file named after it.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "../support/experiment.h"
#include "contra/methods/registry.h"

using contra::methods::make_method;
using contra::testing::kExperiment;
using contra::testing::small_experiment;

TEST_CASE("mechanisms: negatives, dictionary size and views at batch 32", "[methods]") {
  const std::int64_t batch = 32, train_size = 500, k = 1024, d = 16;
  struct Expect {
    std::string name;
    std::int64_t negatives, dictionary;
    int views;
    std::int64_t store_bytes, logit_pairs;
  };
  const std::vector<Expect> expect = {
      {"moco", k, k, 2, d * k * 4, batch * (1 + k)},
      {"memory_bank", k, k, 1, train_size * d * 4, batch * (1 + k)},
      {"end_to_end", batch - 1, batch, 2, 0, batch * batch},
      {"simclr", 2 * batch - 2, batch, 2, 0, 4 * batch * batch},
  };
  for (const auto& e : expect) {
    INFO("method " << e.name);
    torch::manual_seed(0);
    const auto exp = small_experiment(e.name, 8);
    const auto method = make_method(exp, {1, train_size});
    REQUIRE(method != nullptr);
    CHECK(method->negatives(batch) == e.negatives);
    CHECK(method->dictionary_size(batch) == e.dictionary);
    CHECK(method->views() == e.views);
    CHECK(method->negatives_store_bytes() == e.store_bytes);
    CHECK(method->logit_pairs(batch) == e.logit_pairs);
    CHECK(method->query_encoder()->dim() == d);
    CHECK_FALSE(method->trainable_parameters().empty());
  }
  // Only the batch mechanisms' negatives grow with the batch.
  const auto moco = make_method(small_experiment("moco"), {1, train_size});
  const auto e2e = make_method(small_experiment("end_to_end"), {1, train_size});
  const auto simclr = make_method(small_experiment("simclr"), {1, train_size});
  CHECK(moco->negatives(256) == k);
  CHECK(e2e->negatives(256) == 255);
  CHECK(e2e->dictionary_size(256) == 256);
  CHECK(simclr->negatives(256) == 510);
}

TEST_CASE("train_flops_per_step at the CPU default, by hand", "[methods]") {
  // Small CNN, width 16, on 28×28 (2 FLOPs per multiply-accumulate, 3×3 convolutions):
  //   1→16 at 28×28: 2·1·16·9·784 = 225 792      16→32 at 14×14: 2·16·32·9·196 = 1 806 336
  //   32→32 at 14×14: 3 612 672                   32→64 at 7×7: 2·32·64·9·49 = 1 806 336
  //   64→64 at 7×7: 3 612 672                     backbone: 11 063 808
  const std::int64_t backbone = 11063808;
  const auto moco = make_method(contra::methods::load_experiment(kExperiment), {1, 60000});
  // Linear head 64→128; one encoder pass with gradients (3×) and one without (1×) per image;
  // 256·(1 + 4096) query–key pairs, 2·128 FLOPs each, forward and backward (3×).
  CHECK(moco->train_flops_per_step(256, 28, 28) == 256 * (backbone + 2 * 64 * 128) * 4 + 3 * 2 * 128 * 256 * 4097);
  CHECK(moco->train_flops_per_step(256, 28, 28) == 12151619584);
  const auto simclr = make_method(
      contra::methods::load_experiment(CONTRA_SOURCE_DIR "/experiments/simclr-fashion-mnist.toml"), {1, 60000});
  // MLP head 64→256→128; both views with gradients through one encoder (2 × 3×); 2N × 2N pairs.
  CHECK(simclr->train_flops_per_step(256, 28, 28) ==
        256 * (backbone + 2 * 64 * 256 + 2 * 256 * 128) * 6 + 3 * 2 * 128 * 512 * 512);
}
