#include "contra/core/hash.h"

#include <fmt/format.h>

#include "contra/core/error.h"

namespace contra::core {

std::uint64_t fnv1a64(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

std::string short_hash(std::string_view text, int digits) {
  CONTRA_ASSERT(digits >= 1 && digits <= 16, "short_hash digits must lie in [1, 16]");
  return fmt::format("{:016x}", fnv1a64(text)).substr(0, static_cast<std::size_t>(digits));
}

}  // namespace contra::core
