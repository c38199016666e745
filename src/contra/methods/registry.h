// One registry from method name to factory (DESIGN.md, example 5). A new mechanism is one new
// file plus one line in registry.cpp (and its name in config::names::kMethods).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// What a method needs to know about the data it will see.
struct DataShape {
  std::int64_t in_channels = 1;  ///< image channels
  std::int64_t train_size = 0;   ///< training images (memory bank rows)
};

/// The registered method names, in registration order.
std::vector<std::string> method_names();

/// Builds the method `experiment.method.name`, on CPU. Throws ContraError listing the valid
/// names when the name is unknown, or naming the key when an option is out of range.
std::shared_ptr<Method> make_method(const config::Experiment& experiment, const DataShape& data);

}  // namespace contra::methods
