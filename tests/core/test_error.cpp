// A user error is one line (core/error.h): a line break in what it quotes is written as \n, so a
// multi-line TOML string or --set argument cannot split the message the CLI prints.
#include <catch2/catch.hpp>

#include <string>

#include "contra/core/error.h"

TEST_CASE("user error: one line, whatever it quotes", "[core]") {
  try {
    contra::core::fail("{}: why = {} must be one line", "sweep.toml:3", std::string("'''a\nb\r\nc'''"));
    FAIL("no ContraError thrown");
  } catch (const contra::core::ContraError& e) {
    const std::string what = e.what();
    CHECK(what == "sweep.toml:3: why = '''a\\nb\\r\\nc''' must be one line");
    CHECK(what.find_first_of("\r\n") == std::string::npos);
  }
  CHECK(contra::core::one_line("plain") == "plain");
}
