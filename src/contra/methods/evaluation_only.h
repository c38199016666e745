// What the two evaluation-only baselines (methods/raw_pixels.h, methods/random_init.h) share: no
// [method] key, no training step, no negatives. A run of one evaluates its query encoder once
// (the kNN monitor and the linear probe) and records that as its result (Method::trains()).
#pragma once

#include <string>
#include <vector>

#include "contra/config/options.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// The Method interface of a baseline that does not train: every training call is an internal
/// error (the training loop never makes one: Method::trains() is false).
class EvaluationOnly : public Method {
 public:
  using Options = NoOptions;
  static void validate(const NoOptions&, const config::Checks&) {}

  bool trains() const override { return false; }
  StepOutput forward_step(const Batch&) override;
  void after_optimizer_step() override {}
  std::vector<torch::Tensor> trainable_parameters() override { return {}; }
  std::int64_t negatives(std::int64_t) const override { return 0; }
  std::int64_t dictionary_size(std::int64_t) const override { return 0; }
  std::int64_t logit_pairs(std::int64_t) const override { return 0; }
  std::int64_t negatives_store_bytes() const override { return 0; }
  std::int64_t forwards_with_grad() const override { return 0; }
  std::int64_t forwards_without_grad() const override { return 0; }
};

}  // namespace contra::methods
