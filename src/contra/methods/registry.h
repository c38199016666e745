// One registry from method name to everything the layers after methods need to know about it
// (DESIGN.md, example 5): its factory, its [method] keys and their checks (the schema the config
// reader takes), its line in a table's header, and for a baseline what it is to a table. A new
// mechanism is its own files plus one line in registry.cpp; nothing in config/, sweep/ or report/
// names a method.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "contra/config/load.h"
#include "contra/config/options.h"
#include "contra/methods/method.h"

namespace contra::methods {

/// The registered method names, in registration order.
std::vector<std::string> method_names();

/// Every registered method's [method] keys, defaults and checks; the first is the default method.
const std::vector<config::MethodSpec>& method_specs();

/// Every registry the config reader takes: the methods, the datasets (data/registry.h) and the
/// augmentation recipes (augment/recipes.h).
const config::Schema& schema();

/// config::load_experiment / parse_experiment against schema(): how the layers after methods read
/// an experiment. Throw ContraError as those do.
config::Experiment load_experiment(const std::string& file, const std::vector<config::Override>& overrides = {},
                                   config::ReadMode mode = config::ReadMode::file);
config::Experiment parse_experiment(std::string_view text, const std::string& source,
                                    const std::vector<config::Override>& overrides = {},
                                    config::ReadMode mode = config::ReadMode::file);

/// The baseline methods (config::BaselineSpec), in the order a table lists them.
std::vector<const config::MethodSpec*> baselines();
/// The baseline method of `role`, or nullptr when none is registered.
const config::MethodSpec* baseline(config::BaselineSpec::Role role);
/// A baseline's label in a table ("raw pixels"), or the name itself for any other method.
std::string label_of(const std::string& name);

/// Builds the method `experiment.method.name`, on CPU. Throws ContraError listing the valid
/// names when the name is unknown, or naming the key when an option is out of range.
std::shared_ptr<Method> make_method(const config::Experiment& experiment, const DataShape& data);

/// The named method's checks that need the number of training images (the trainer and a sweep's
/// preflight, once the data is known; e.g. MoCo's queue). Throws ContraError naming where the key
/// was set, its value and the image count.
void check_against_data(const config::Experiment& experiment, std::int64_t train_images);

/// One line for a table's header about the runs of method `name`: its negatives per query and
/// what K means for it, with the values the runs used (`values`). A name no longer registered
/// (an old record) says so.
std::string describe(const std::string& name, const DistinctValues& values);

}  // namespace contra::methods
