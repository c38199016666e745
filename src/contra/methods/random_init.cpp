#include "contra/methods/random_init.h"

namespace contra::methods {

RandomInit::RandomInit(const config::ModelOptions& model, const NoOptions&, const DataShape& data, std::uint64_t) {
  encoder_ = register_module("encoder", models::Encoder(model, data.in_channels));
}

}  // namespace contra::methods
