// SplitBatchNorm (MoCo v1 §3.3; the MoCo CIFAR demo) and chunked passes over its splits
// (models/split_chunks.h): a split's statistics are its own, the running statistics are the mean
// over the splits, and a batch in chunks of whole splits gives what the whole batch gives.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

#include "../support/tensors.h"
#include "contra/core/error.h"
#include "contra/models/backbones.h"
#include "contra/models/split_batch_norm.h"
#include "contra/models/split_chunks.h"

using contra::core::ContraError;
using contra::models::SplitBatchNorm2d;

using contra::testing::check_close;
using contra::testing::cloned;
using contra::testing::grads;

TEST_CASE("SplitBatchNorm equals plain BN per split, with running statistics the mean over splits", "[models]") {
  torch::manual_seed(0);
  const std::int64_t splits = 4, n = 12, c = 3;
  SplitBatchNorm2d split_bn(c, splits);
  split_bn->train();
  const auto x = torch::randn({n, c, 5, 5}, torch::kFloat64) * 2 + 1;
  split_bn->to(torch::kFloat64);
  const auto y = split_bn->forward(x);

  // By hand, in float64: image i is in split i mod 4; each split normalised over its own images
  // with the biased variance; each split's running statistics 0.9·old + 0.1·batch (unbiased var).
  auto mean_sum = torch::zeros({c}, torch::kFloat64), var_sum = torch::zeros({c}, torch::kFloat64);
  for (std::int64_t j = 0; j < splits; ++j) {
    const auto part = x.slice(0, j, n, splits);  // 3 images
    const auto mu = part.mean({0, 2, 3}, true), var = part.var({0, 2, 3}, false, true);
    CHECK(torch::allclose(y.slice(0, j, n, splits), (part - mu) / torch::sqrt(var + 1e-5), 1e-10, 1e-10));
    mean_sum += 0.9 * 0 + 0.1 * mu.flatten();
    var_sum += 0.9 * 1 + 0.1 * part.var({0, 2, 3}, true, false);
  }
  const auto buffers = split_bn->buffers();  // running_mean, running_var
  CHECK(torch::allclose(buffers[0], mean_sum / splits, 1e-12, 1e-12));
  CHECK(torch::allclose(buffers[1], var_sum / splits, 1e-12, 1e-12));

  SECTION("splits = 1 is torch's BatchNorm2d") {
    SplitBatchNorm2d one(c, 1);
    torch::nn::BatchNorm2d plain(c);
    one->to(torch::kFloat64);
    plain->to(torch::kFloat64);
    CHECK(torch::allclose(one->forward(x), plain->forward(x), 1e-12, 1e-12));
    CHECK(torch::allclose(one->buffers()[0], plain->running_mean, 1e-12, 1e-12));
    CHECK(torch::allclose(one->buffers()[1], plain->running_var, 1e-12, 1e-12));
  }
  SECTION("in eval mode it uses the running statistics") {
    split_bn->eval();
    const auto expected = (x - buffers[0].view({1, c, 1, 1})) / torch::sqrt(buffers[1].view({1, c, 1, 1}) + 1e-5);
    CHECK(torch::allclose(split_bn->forward(x), expected, 1e-12, 1e-12));
  }
}

TEST_CASE("a backbone in chunks of whole splits gives the whole batch's outputs, gradients and statistics",
          "[models]") {
  const std::int64_t splits = 8, n = 64;
  const auto chunks = GENERATE(2, 4, 8);
  INFO(chunks << " chunks");
  torch::manual_seed(1);
  contra::models::SmallCnn whole(1, 4, splits);
  torch::manual_seed(1);
  contra::models::SmallCnn chunked(1, 4, splits);
  const auto x = torch::randn({n, 1, 28, 28});
  const auto weights = torch::randn({n, 16});

  const auto y_whole = whole.forward(x);
  (y_whole * weights).sum().backward();
  const auto y_chunked = contra::models::forward_in_split_chunks(
      chunked, [&](const torch::Tensor& part) { return chunked.forward(part); }, x, chunks);
  (y_chunked * weights).sum().backward();

  CHECK(y_chunked.sizes() == y_whole.sizes());
  check_close({y_chunked}, {y_whole}, 1e-5);
  check_close(grads(chunked.parameters()), grads(whole.parameters()), 1e-4);
  check_close(cloned(chunked.buffers()), cloned(whole.buffers()), 1e-6);
}

TEST_CASE("a chunked pass that throws leaves the running statistics as they were", "[models]") {
  contra::models::SmallCnn net(1, 4, 4);
  const auto before = cloned(net.buffers());
  int calls = 0;
  const auto f = [&](const torch::Tensor& part) {
    if (++calls == 2) throw std::runtime_error("second chunk fails");
    return net.forward(part);
  };
  CHECK_THROWS_AS(contra::models::forward_in_split_chunks(net, f, torch::randn({16, 1, 28, 28}), 4),
                  std::runtime_error);
  check_close(cloned(net.buffers()), before, 0);
  // and the modules are out of chunked mode: a whole batch updates them again
  net.forward(torch::randn({16, 1, 28, 28}));
  CHECK_FALSE(torch::equal(net.buffers()[0], before[0]));
}

TEST_CASE("chunk counts that do not divide the batch or the splits are refused", "[models]") {
  contra::models::SmallCnn net(1, 4, 4);
  const auto f = [&](const torch::Tensor& part) { return net.forward(part); };
  CHECK_THROWS_AS(contra::models::forward_in_split_chunks(net, f, torch::randn({12, 1, 28, 28}), 8), ContraError);
  CHECK_THROWS_AS(contra::models::forward_in_split_chunks(net, f, torch::randn({24, 1, 28, 28}), 3), ContraError);
  CHECK_THROWS_AS(contra::models::forward_in_split_chunks(net, f, torch::randn({16, 1, 28, 28}), 0), ContraError);
}

TEST_CASE("split_chunks_for: the fewest chunks whose activations fit the cache budget", "[models]") {
  using contra::models::split_chunks_for;
  const std::int64_t kb = 1024;
  CHECK(split_chunks_for(256, 8, 50 * kb, 16 * kb * kb, true) == 1);  // 12.5 MiB fits
  CHECK(split_chunks_for(512, 8, 50 * kb, 16 * kb * kb, true) == 2);
  CHECK(split_chunks_for(1024, 8, 50 * kb, 16 * kb * kb, true) == 4);
  CHECK(split_chunks_for(1024, 8, 1024 * kb, 16 * kb * kb, true) == 8);  // never more than the splits
  CHECK(split_chunks_for(1024, 8, 50 * kb, 16 * kb * kb, false) == 1);   // GPU: whole
  CHECK(split_chunks_for(1024, 1, 50 * kb, 16 * kb * kb, true) == 1);    // plain BN: whole
  CHECK(split_chunks_for(1020, 8, 50 * kb, 16 * kb * kb, true) == 1);    // not whole splits: whole
  CHECK(split_chunks_for(1024, 6, 50 * kb, 16 * kb * kb, true) == 1);    // 6 splits do not divide 1024
  CHECK(split_chunks_for(960, 6, 50 * kb, 16 * kb * kb, true) == 3);     // divisors of 6: 1, 2, 3
  CHECK(contra::models::last_level_cache_bytes() > 0);
}
