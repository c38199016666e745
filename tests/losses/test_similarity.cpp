// The memory bank's sampled similarities (losses/similarity.h): both ways of computing them, and
// the choice between them, against a float64 loop, with the same gradient for the queries.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include "contra/losses/similarity.h"

using namespace contra::losses;

TEST_CASE("sampled_similarity: both paths equal a float64 loop, with equal gradients", "[losses]") {
  torch::manual_seed(5);
  const std::int64_t n = 6, d = 8, k = 5;
  for (std::int64_t rows_count : {4, 40}) {  // 4·4 <= 5·8: score every row; 40·4 > 5·8: gather rows
    INFO("rows " << rows_count);
    const auto rows = torch::randn({rows_count, d});
    const auto index = torch::randint(0, rows_count, {n, k}, torch::kInt64);
    auto q1 = torch::randn({n, d}).set_requires_grad(true);
    auto q2 = q1.detach().clone().set_requires_grad(true);
    const auto chosen = sampled_similarity(q1, rows, index);
    const auto gathered = gathered_similarity(q2, rows, index);
    REQUIRE(chosen.sizes() == torch::IntArrayRef({n, k}));
    const auto q64 = q1.detach().to(torch::kFloat64), r64 = rows.to(torch::kFloat64);
    for (std::int64_t i = 0; i < n; ++i)
      for (std::int64_t j = 0; j < k; ++j) {
        const double want = (q64[i] * r64[index[i][j].item<std::int64_t>()]).sum().item<double>();
        CHECK(chosen[i][j].item<double>() == Approx(want).margin(1e-5));
        CHECK(gathered[i][j].item<double>() == Approx(want).margin(1e-5));
      }
    const auto weights = torch::randn({n, k});
    (chosen * weights).sum().backward();
    (gathered * weights).sum().backward();
    CHECK(torch::allclose(q1.grad(), q2.grad(), 1e-5, 1e-6));
  }
}
