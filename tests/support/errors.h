// The message of a user error (core::ContraError), for tests that check what it says.
#pragma once

#include <functional>
#include <string>

#include "contra/core/error.h"

namespace contra::testing {

/// What the ContraError thrown by `f` says, or "(no ContraError thrown)".
inline std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const core::ContraError& e) {
    return e.what();
  }
  return "(no ContraError thrown)";
}

}  // namespace contra::testing
