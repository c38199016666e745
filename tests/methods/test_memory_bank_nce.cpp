// The memory bank trained with InstDisc's NCE (arXiv:1805.01978 §3.2, Eq. 5–7; method.loss = nce):
// each step's loss and normalising constant Z against a float64 computation by loops, Z as a
// running mean of the batches' Monte-Carlo estimates, kept in checkpoints, and the chance level.
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "../support/small_methods.h"
#include "contra/config/experiment.h"
#include "contra/core/seed.h"
#include "contra/losses/nce.h"
#include "contra/methods/memory_bank.h"

using contra::methods::MemoryBank;
using contra::testing::NceBank;

namespace {

/// Similarity s/τ of query i to bank row `row`, in double.
struct Scores {
  torch::Tensor q, bank;
  double tau;
  double operator()(std::int64_t i, std::int64_t row) const {
    const auto qd = q.to(torch::kFloat64), bd = bank.to(torch::kFloat64);
    return (qd[i] * bd[row]).sum().item<double>() / tau;
  }
};

/// This batch's estimate of Z (Eq. 7): rows · mean over the N×m noise samples of exp(s/τ).
double batch_z(const Scores& s, const torch::Tensor& drawn, std::int64_t rows) {
  double sum = 0;
  for (std::int64_t i = 0; i < drawn.size(0); ++i)
    for (std::int64_t j = 0; j < drawn.size(1); ++j) sum += std::exp(s(i, drawn[i][j].item<std::int64_t>()));
  return static_cast<double>(rows) * sum / static_cast<double>(drawn.numel());
}

/// NCE (Eq. 5–6): −mean_i [log h(v_i) + Σ_j log(1 − h(v_j))], h = P/(P + m/n), P = exp(s/τ)/Z.
double nce_by_loops(const Scores& s, const torch::Tensor& index, const torch::Tensor& drawn, double z,
                    std::int64_t rows) {
  const double noise = static_cast<double>(drawn.size(1)) / static_cast<double>(rows);  // m·P_n
  const auto h = [&](double scaled) {
    const double p = std::exp(scaled) / z;
    return p / (p + noise);
  };
  double total = 0;
  for (std::int64_t i = 0; i < index.size(0); ++i) {
    total += std::log(h(s(i, index[i].item<std::int64_t>())));
    for (std::int64_t j = 0; j < drawn.size(1); ++j) total += std::log(1 - h(s(i, drawn[i][j].item<std::int64_t>())));
  }
  return -total / static_cast<double>(index.size(0));
}

}  // namespace

TEST_CASE("NCE memory bank: loss and running Z against float64 loops over three steps", "[methods][nce]") {
  const std::uint64_t seed = 11;
  const std::int64_t n = 8, rows = 64;
  for (const double rho : {0.0, 0.5, 1.0}) {
    INFO("nce_z_momentum " << rho);
    const NceBank opts(rho);
    torch::manual_seed(0);
    MemoryBank mb(opts.model, opts.method, {1, rows}, seed);
    CHECK(mb.nce_z() == 0);                              // no estimate before the first step
    auto draws = contra::core::make_generator(seed, 4);  // the method's own sampling stream
    auto gen = contra::core::make_generator(seed, 1);
    const auto images = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
    const auto index = torch::tensor({5, 0, 63, 12, 40, 33, 2, 18}, torch::kInt64);
    torch::optim::SGD opt(mb.trainable_parameters(), torch::optim::SGDOptions(0.5));
    double z = 0;
    std::vector<double> estimates;
    for (int step = 1; step <= 3; ++step) {
      INFO("step " << step);
      const auto bank = mb.bank()->rows().clone();
      const auto drawn = mb.bank()->sample(n, opts.method.negatives, draws);
      opt.zero_grad();
      const auto out = mb.forward_step({images, {}, index, {}});
      const Scores s{out.embeddings, bank, opts.method.temperature};
      estimates.push_back(batch_z(s, drawn, rows));
      z = step == 1 ? estimates.back() : rho * z + (1 - rho) * estimates.back();
      CHECK(mb.nce_z() == Approx(z).epsilon(1e-5));
      CHECK(out.loss.item<double>() == Approx(nce_by_loops(s, index, drawn, z, rows)).epsilon(1e-4));
      out.loss.backward();
      opt.step();
      mb.after_optimizer_step();
    }
    // The batches' estimates moved with training, so only ρ = 1 keeps the first one.
    REQUIRE(estimates.size() == 3);
    CHECK(estimates[2] != Approx(estimates[0]).epsilon(1e-3));
    if (rho == 1.0) CHECK(mb.nce_z() == Approx(estimates[0]).epsilon(1e-5));
    if (rho == 0.0) CHECK(mb.nce_z() == Approx(estimates[2]).epsilon(1e-5));
  }
}

TEST_CASE("NCE memory bank: Z is a buffer, so a checkpoint keeps it, and InfoNCE adds none", "[methods][nce]") {
  const NceBank opts(0.9);
  torch::manual_seed(0);
  MemoryBank trained(opts.model, opts.method, {1, 32}, 3);
  auto gen = contra::core::make_generator(3, 1);
  (void)trained.forward_step(
      {torch::randn({8, 1, 28, 28}, gen, torch::kFloat32), {}, torch::arange(8, torch::kInt64), {}});
  REQUIRE(trained.nce_z() > 0);
  MemoryBank restored(opts.model, opts.method, {1, 32}, 4);
  const auto saved = trained.named_buffers();
  {
    torch::NoGradGuard no_grad;
    for (auto& item : restored.named_buffers()) item.value().copy_(saved[item.key()]);  // what load_checkpoint does
  }
  // Z lives only in the buffer (on the bank's device; no copy on the host to refresh): restoring
  // the buffers restores it.
  CHECK(restored.nce_z() == trained.nce_z());
  restored.after_state_loaded();
  CHECK(restored.nce_z() == trained.nce_z());
  auto info = opts;
  info.method.loss = contra::methods::BankLoss::infonce;
  MemoryBank infonce(info.model, info.method, {1, 32}, 3);
  CHECK_FALSE(infonce.named_buffers().contains("nce_z"));
  CHECK(restored.named_buffers().contains("nce_z"));
}

TEST_CASE("NCE chance level: ln(1+m) + m·ln(1+1/m), the loss when every P(i|v) = 1/n", "[methods][nce]") {
  CHECK(contra::losses::nce_chance_loss(1) == Approx(2 * std::log(2.0)));
  CHECK(contra::losses::nce_chance_loss(4096) == Approx(std::log(4097.0) + 4096 * std::log1p(1.0 / 4096)));
  CHECK_THROWS(contra::losses::nce_chance_loss(0));
  // The loss at P = 1/n, by loops: every scaled score equal, Z = n·exp(s/τ).
  const std::int64_t rows = 100, m = 10;
  const auto q = torch::zeros({1, 4});
  const auto bank = torch::zeros({rows, 4});
  const Scores s{q, bank, 0.1};
  const auto drawn = torch::zeros({1, m}, torch::kInt64);
  const double z = batch_z(s, drawn, rows);
  CHECK(z == Approx(static_cast<double>(rows)));
  CHECK(nce_by_loops(s, torch::zeros({1}, torch::kInt64), drawn, z, rows) ==
        Approx(contra::losses::nce_chance_loss(m)));
  const NceBank opts(0.9);
  MemoryBank mb(opts.model, opts.method, {1, 32}, 0);
  CHECK(mb.chance_loss(256) == Approx(contra::losses::nce_chance_loss(opts.method.negatives)));
  auto info = opts;
  info.method.loss = contra::methods::BankLoss::infonce;
  MemoryBank ib(info.model, info.method, {1, 32}, 0);
  CHECK(ib.chance_loss(256) == Approx(std::log(25.0)));
}
