// The raw-pixel baseline of every table (docs/baselines.md): the kNN monitor and the linear
// probe on the flattened, normalised images themselves, as InstDisc (arXiv:1805.01978, Table 1's
// reference points) and SimCLR (arXiv:2002.05709, Table 8's linear evaluation) set a representation
// against what the pixels alone give. Nothing is learned.
#pragma once

#include "contra/config/schema.h"
#include "contra/methods/evaluation_only.h"

namespace contra::methods {

/// Its query encoder's features are the normalised pixels, N×(C·H·W) (models/pixels.h).
class RawPixels : public EvaluationOnly {
 public:
  /// Throws ContraError when data.height or data.width is 0 (the image size is needed).
  RawPixels(const config::ModelOptions& model, const NoOptions& options, const DataShape& data, std::uint64_t seed);

  /// The input itself: no encoder, nothing drawn (the kNN monitor and the L-BFGS probe are
  /// deterministic), so one run at the first seed.
  static config::BaselineSpec baseline() {
    return {config::BaselineSpec::Role::input, "raw pixels", "the normalised images, flattened",
            /*keeps_model=*/false, /*keeps_training=*/false, /*seeded=*/false};
  }
  /// "raw_pixels (the normalised images, flattened; ...)".
  static std::string describe(const DistinctValues&) {
    return "raw_pixels (the normalised images, flattened; kNN and linear probe on them, nothing trained)";
  }
  models::Encoder query_encoder() override { return encoder_; }

 private:
  models::Encoder encoder_{nullptr};
};

}  // namespace contra::methods
