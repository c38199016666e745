// The message of a user error (core::ContraError), for tests that check what it says.
#pragma once

#include <functional>
#include <string>
#include <vector>

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

/// One bad input and a text its error must contain.
struct ErrorCase {
  std::string input, says;
};

/// For each case, the message `error_of(input)` contains `says` and is one line (the input shown
/// on failure). Catch2's CHECK_THAT: include <catch2/catch.hpp> before this header's users call it.
template <class ErrorOf>
void check_errors(ErrorOf&& error_of, const std::vector<ErrorCase>& cases) {
  for (const auto& c : cases) {
    INFO("input: " << c.input);
    const std::string message = error_of(c.input);
    CHECK_THAT(message, Catch::Contains(c.says));
    CHECK(message.find('\n') == std::string::npos);
  }
}

}  // namespace contra::testing
