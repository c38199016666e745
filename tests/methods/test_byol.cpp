// BYOL (methods/byol.h; arXiv:2006.07733): the target's momentum schedule, the loss against an
// independent float64 computation, learning on the toy set against its frozen self, a constant
// embedding caught by the collapse rule, and the fail rule's chance value.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <numeric>

#include "../support/errors.h"
#include "../support/experiment.h"
#include "../support/small_methods.h"
#include "contra/losses/normalized_mse.h"
#include "contra/methods/byol.h"
#include "contra/train/failure.h"

using namespace contra;
using contra::methods::Byol;
using contra::methods::ByolOptions;

namespace {

ByolOptions small_byol() {
  ByolOptions o;
  o.predictor_hidden = 32;
  o.momentum = 0.99;
  return o;
}

}  // namespace

TEST_CASE("BYOL: the target momentum follows the paper's cosine schedule from τ_base to 1", "[methods]") {
  Byol byol(testing::small_model(), small_byol(), {1}, 0);
  CHECK(byol.target_momentum(0) == 0.99);  // the run's length unknown: τ_base
  byol.set_total_steps(100);
  CHECK(byol.target_momentum(0) == Approx(0.99).margin(1e-15));
  CHECK(byol.target_momentum(50) == Approx(0.995).margin(1e-12));  // 1 − 0.01·(cos(π/2) + 1)/2
  CHECK(byol.target_momentum(100) == 1.0);
  CHECK(byol.target_momentum(250) == 1.0);
  for (std::int64_t k = 1; k <= 100; ++k) CHECK(byol.target_momentum(k) >= byol.target_momentum(k - 1));
}

TEST_CASE("BYOL: the normalised MSE equals 2 − 2 cos, computed in float64 by hand", "[losses]") {
  torch::manual_seed(3);
  const auto p = torch::randn({5, 7}), z = torch::randn({5, 7});
  const auto pd = p.to(torch::kFloat64), zd = z.to(torch::kFloat64);
  const auto cos = (pd * zd).sum(1) / (pd.norm(2, 1) * zd.norm(2, 1));
  const double expected = (2.0 - 2.0 * cos).mean().item<double>();
  CHECK(losses::normalized_mse(p, z).item<double>() == Approx(expected).epsilon(1e-6));
  CHECK(losses::normalized_mse(p, 3.0 * p).item<double>() == Approx(0.0).margin(1e-6));    // same direction
  CHECK(losses::normalized_mse(p, -p).item<double>() == Approx(4.0).epsilon(1e-6));         // opposite
  CHECK_THROWS(losses::normalized_mse(p, torch::randn({5, 6})));
}

TEST_CASE("BYOL: the loss goes down in 64 steps, well under its frozen self's, without collapse", "[methods]") {
  const auto batches = testing::toy_batches(4, 32, 0);
  const auto losses_at = [&](double lr) {
    torch::manual_seed(0);
    Byol byol(testing::small_model(), small_byol(), {1, 128}, 0);
    byol.set_total_steps(64);
    auto losses = testing::sgd_losses(byol, batches, 64, lr);
    const double last = std::accumulate(losses.end() - 4, losses.end(), 0.0) / 4;
    const auto out = byol.forward_step(batches[0]);
    return std::make_pair(last, out.embeddings.std(0).mean().item<double>());
  };
  const auto [trained, trained_std] = losses_at(0.05);
  const auto [frozen, frozen_std] = losses_at(0.0);
  INFO("trained " << trained << " (embedding std " << trained_std << "), frozen " << frozen);
  CHECK(std::isfinite(trained));
  CHECK(trained < 0.5 * frozen);
  CHECK(trained < 4.0);  // its chance value
  CHECK(trained_std > train::collapse_threshold(16));
}

TEST_CASE("BYOL: a constant embedding, which its loss cannot see, is caught by the collapse rule", "[methods]") {
  torch::manual_seed(0);
  Byol byol(testing::small_model(), small_byol(), {1, 64}, 0);
  {
    // Both networks and the predictor map every image to the same point, 0.5 in every dimension:
    // the prediction equals the target, so the loss is 0, a perfect score for a useless encoder.
    torch::NoGradGuard no_grad;
    for (auto& p : byol.named_parameters()) p.value().fill_(p.key().find("bias") != std::string::npos ? 0.5 : 0.0);
  }
  auto gen = core::make_generator(1, 1);
  const auto out = byol.forward_step(testing::random_views(32, gen));
  train::FailInputs in;
  in.last_epoch_loss = out.loss.item<double>();
  in.chance_loss = byol.chance_loss(32);
  in.embedding_std = out.embeddings.std(0).mean().item<double>();
  in.dim = byol.embedding_dim();
  CHECK(byol.chance_loss(32) == 4.0);
  CHECK(in.last_epoch_loss == Approx(0.0).margin(1e-6));
  const auto reason = train::fail_reason(in);
  REQUIRE(reason.has_value());
  CHECK_THAT(*reason, Catch::Contains("collapse"));
}

TEST_CASE("BYOL: no negatives, four encoder passes a step, its step count kept in a buffer", "[methods]") {
  Byol byol(testing::small_model(), small_byol(), {1, 64}, 0);
  CHECK(byol.negatives(256) == 0);
  CHECK(byol.negatives_store_bytes() == 0);
  CHECK(byol.forwards_with_grad() + byol.forwards_without_grad() == 4);
  // The target carries no gradient; the online encoder and the predictor do.
  for (const auto& p : byol.named_parameters())
    CHECK(p.value().requires_grad() == (p.key().rfind("target.", 0) != 0));
  auto gen = core::make_generator(2, 1);
  const auto batches = std::vector<methods::Batch>{testing::random_views(16, gen)};
  (void)testing::sgd_losses(byol, batches, 3, 0.01);
  CHECK(byol.steps_taken() == 3);
  CHECK(byol.named_buffers()["step"].item<std::int64_t>() == 3);
  // A checkpoint restores the count (the buffer), and after_state_loaded reads it back.
  Byol restored(testing::small_model(), small_byol(), {1, 64}, 0);
  restored.named_buffers()["step"].fill_(3);
  restored.after_state_loaded();
  CHECK(restored.steps_taken() == 3);
}

TEST_CASE("BYOL: its [method] keys and paper defaults, from the registry", "[methods][config]") {
  const auto e = testing::experiment_with({"method.name=byol"});
  CHECK(e.method.options.keys() == std::vector<std::string>{"momentum", "predictor_hidden"});
  CHECK(e.method.get<double>("momentum") == 0.996);  // §3.3, not MoCo's (nor the MoCo file's)
  CHECK(e.method.get<std::int64_t>("predictor_hidden") == 4096);
  CHECK_THAT(contra::testing::message_of([] { (void)testing::experiment_with({"method.name=byol", "method.momentum=1.5"}); }),
             Catch::Contains("method.momentum = 1.5"));
}
