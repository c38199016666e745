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
  // Finalise with the splitmix64 mixer, so inputs that differ in one byte give unrelated ids.
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

std::string short_hash(std::string_view text, int digits) {
  CONTRA_ASSERT(digits >= 1 && digits <= 16, "short_hash digits must lie in [1, 16]");
  return fmt::format("{:016x}", fnv1a64(text)).substr(0, static_cast<std::size_t>(digits));
}

}  // namespace contra::core
