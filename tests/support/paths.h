// Where the tests find the source tree and the CPU default experiment.
#pragma once

#include <string>

namespace contra::testing {

inline const std::string kSource = CONTRA_SOURCE_DIR;
/// The CPU default experiment (MoCo on Fashion-MNIST), the base most tests override.
inline const std::string kExperiment = kSource + "/experiments/moco-fashion-mnist.toml";

}  // namespace contra::testing
