#include "contra/core/files.h"

#include <system_error>

#include "contra/core/error.h"

namespace contra::core {

void ensure_directory(const std::filesystem::path& dir, const std::string& what) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (!ec && !std::filesystem::is_directory(dir, ec)) ec = std::make_error_code(std::errc::not_a_directory);
  CONTRA_CHECK(!ec, "{}: cannot create the {} folder: {}", dir.string(), what, ec.message());
}

}  // namespace contra::core
