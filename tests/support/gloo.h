// The skip of the tests that need a process group (tests/dist/), where the build has none.
#pragma once

#include <catch2/catch.hpp>

#include <cstdlib>

#include "contra/dist/world.h"

namespace contra::testing {

/// Exits with 77 (ctest: Skipped) where this build has no gloo process group.
inline void skip_without_gloo() {
  if (dist::has_gloo()) return;
  WARN("this build has no gloo process group (libgloo-dev was not installed when it was built)");
  std::exit(77);
}

}  // namespace contra::testing
