#include "contra/methods/raw_pixels.h"

#include <memory>

#include "contra/core/error.h"
#include "contra/models/pixels.h"

namespace contra::methods {

RawPixels::RawPixels(const config::ModelOptions& model, const NoOptions&, const DataShape& data, std::uint64_t) {
  CONTRA_CHECK(data.height > 0 && data.width > 0, "method.name = 'raw_pixels' needs the image size, got {}×{}",
               data.height, data.width);
  auto pixels = std::make_shared<models::Pixels>(data.in_channels, data.height, data.width);
  encoder_ = register_module("encoder", models::Encoder(pixels, model));
}

}  // namespace contra::methods
