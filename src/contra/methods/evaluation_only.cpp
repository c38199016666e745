#include "contra/methods/evaluation_only.h"

#include "contra/core/error.h"

namespace contra::methods {

StepOutput EvaluationOnly::forward_step(const Batch&) {
  CONTRA_ASSERT(false, "a baseline that only evaluates was asked to train a step");
  return {};
}

}  // namespace contra::methods
