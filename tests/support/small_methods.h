// The small methods of tests/methods: the small CNN at width 4 with a 16-d linear head and one BN
// split, each mechanism's options at test sizes, batches of random views, and a few SGD steps.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/core/seed.h"
#include "contra/methods/memory_bank.h"
#include "contra/methods/method.h"
#include "contra/methods/moco.h"

namespace contra::testing {

/// The small CNN at width 4, a linear head to 16 dimensions, one BN split.
inline config::ModelOptions small_model() {
  config::ModelOptions model;
  model.backbone = "small_cnn";
  model.width = 4;
  model.dim = 16;
  model.bn_splits = 1;
  model.head = config::Head::linear;
  return model;
}

/// MoCo on the small model: K = 1000, m = 0.99, τ = 0.1, shuffled BN.
struct SmallMoco {
  config::ModelOptions model = small_model();
  methods::MocoOptions method;
  SmallMoco() {
    method.queue = 1000;
    method.momentum = 0.99;
    method.temperature = 0.1;
    method.shuffle_bn = true;
  }
};

/// The memory bank (InfoNCE) on the small model: K = 32 negatives, λ = 0.5, τ = 0.1.
struct SmallBank {
  config::ModelOptions model = small_model();
  methods::MemoryBankOptions method;
  SmallBank() {
    method.negatives = 32;
    method.memory_momentum = 0.5;
    method.temperature = 0.1;
  }
};

/// The memory bank with NCE on the small model: m = 24 noise samples, τ = 0.1, Z's momentum ρ.
struct NceBank {
  config::ModelOptions model = small_model();
  methods::MemoryBankOptions method;
  explicit NceBank(double rho) {
    method.loss = methods::BankLoss::nce;
    method.negatives = 24;
    method.temperature = 0.1;
    method.nce_z_momentum = rho;
  }
};

/// A batch of `n` images whose two views are independent N(0, 1) 1×28×28 draws from `gen` (view_q
/// first), indices 0..n−1, no labels.
inline methods::Batch random_views(std::int64_t n, at::Generator& gen) {
  auto view_q = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
  auto view_k = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
  return {view_q, view_k, torch::arange(n, torch::kInt64), {}};
}

/// A toy set of `batches`·`n` images, in fixed batches of `n` (index: the image's row): image i is
/// a seeded N(0, 1) pattern and each of its two views that pattern plus its own N(0, 0.5²) noise,
/// so the views of one image are closer than those of two images. Seeded with `seed`.
inline std::vector<methods::Batch> toy_batches(std::int64_t batches, std::int64_t n, std::uint64_t seed) {
  auto gen = core::make_generator(seed, 1);
  std::vector<methods::Batch> out;
  for (std::int64_t b = 0; b < batches; ++b) {
    const auto images = torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
    const auto view_q = images + 0.5 * torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
    const auto view_k = images + 0.5 * torch::randn({n, 1, 28, 28}, gen, torch::kFloat32);
    out.push_back({view_q, view_k, torch::arange(b * n, (b + 1) * n, torch::kInt64), {}});
  }
  return out;
}

/// The loss of each of `steps` SGD steps (learning rate `lr`, momentum 0.9) of `method` on
/// `batches` taken in turn, each step followed by the method's update.
inline std::vector<double> sgd_losses(methods::Method& method, const std::vector<methods::Batch>& batches, int steps,
                                      double lr) {
  torch::optim::SGD opt(method.trainable_parameters(), torch::optim::SGDOptions(lr).momentum(0.9));
  std::vector<double> losses;
  for (int s = 0; s < steps; ++s) {
    opt.zero_grad();
    const auto out = method.forward_step(batches[static_cast<std::size_t>(s) % batches.size()]);
    losses.push_back(out.loss.item<double>());
    out.loss.backward();
    opt.step();
    method.after_optimizer_step();
  }
  return losses;
}

}  // namespace contra::testing
