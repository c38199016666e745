// The random-init baseline of every table (docs/baselines.md): the experiment's encoder as
// initialised, never trained, evaluated with the kNN monitor and the linear probe (MoCo v1
// arXiv:1911.05722 and InstDisc arXiv:1805.01978 report it as the untrained network's accuracy;
// a linear probe on random features is a strong baseline at small scale). Its encoder is built
// exactly as the supervised method's, from the same seed.
#pragma once

#include "contra/config/schema.h"
#include "contra/methods/evaluation_only.h"

namespace contra::methods {

class RandomInit : public EvaluationOnly {
 public:
  RandomInit(const config::ModelOptions& model, const NoOptions& options, const DataShape& data, std::uint64_t seed);

  /// The encoder as initialised: the sweep's model, one run per seed (the seed draws the weights).
  static config::BaselineSpec baseline() {
    return {config::BaselineSpec::Role::init, "random init", "the backbone as initialised, per seed",
            /*keeps_model=*/true, /*keeps_training=*/false, /*seeded=*/true};
  }
  /// "random_init (the backbone as initialised; ...)".
  static std::string describe(const DistinctValues&) {
    return "random_init (the backbone as initialised; kNN and linear probe on it, nothing trained)";
  }
  models::Encoder query_encoder() override { return encoder_; }

 private:
  models::Encoder encoder_{nullptr};
};

}  // namespace contra::methods
