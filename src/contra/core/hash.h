// Stable content hashes for run ids (FNV-1a, 64 bit, mixed). Not cryptographic: it only has to be stable
// across machines and builds, and short.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace contra::core {

/// FNV-1a 64-bit hash of `text` (Fowler–Noll–Vo), finalised with the splitmix64 mixer.
/// Stable across platforms.
std::uint64_t fnv1a64(std::string_view text);

/// The first `digits` hex digits (1..16) of fnv1a64(text), lower case.
std::string short_hash(std::string_view text, int digits = 12);

}  // namespace contra::core
