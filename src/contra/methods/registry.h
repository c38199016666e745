// One registry from method name to factory (DESIGN.md, example 5). A new mechanism is one new
// file plus one line in registry.cpp (and its name in config::names::kMethods).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "contra/config/experiment.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// The registered method names, in registration order.
std::vector<std::string> method_names();

/// Builds the method `experiment.method.name` for images with `in_channels` channels and moves
/// nothing to a device. Throws ContraError listing the valid names when the name is unknown.
std::shared_ptr<Method> make_method(const config::Experiment& experiment, std::int64_t in_channels);

}  // namespace contra::methods
