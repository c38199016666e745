// Two error channels (DESIGN.md, "Examples to follow" 4):
//  - ContraError: a user or configuration error. The CLI prints what() as one line and exits with 2.
//  - CONTRA_ASSERT: an internal invariant. It prints file and line and aborts.
#pragma once

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace contra::core {

/// `text` as one line: each line break written as the two characters \n (or \r), so that a value
/// quoted in a message (a multi-line TOML string, a --set argument) cannot break it.
inline std::string one_line(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char ch : text) {
    if (ch == '\n')
      out += "\\n";
    else if (ch == '\r')
      out += "\\r";
    else
      out += ch;
  }
  return out;
}

/// A user-facing error: bad input, bad configuration, missing file. The message is one line
/// (one_line: a line break in it is written as \n) that names the file, the key and the value
/// where there is one.
class ContraError : public std::runtime_error {
 public:
  explicit ContraError(const std::string& message) : std::runtime_error(one_line(message)) {}
};

/// Throws ContraError with an fmt-formatted message.
template <typename... Args>
[[noreturn]] void fail(fmt::format_string<Args...> format, Args&&... args) {
  throw ContraError(fmt::format(format, std::forward<Args>(args)...));
}

[[noreturn]] inline void assert_failed(const char* expr, const char* file, int line, const std::string& msg) {
  std::fprintf(stderr, "contra: internal error: %s:%d: assertion '%s' failed: %s\n", file, line, expr, msg.c_str());
  std::abort();
}

}  // namespace contra::core

/// User-facing check: throws contra::core::ContraError with the formatted message when cond is false.
#define CONTRA_CHECK(cond, ...)                     \
  do {                                              \
    if (!(cond)) ::contra::core::fail(__VA_ARGS__); \
  } while (0)

/// Internal invariant: aborts with file and line. Never use on something a user can set.
#define CONTRA_ASSERT(cond, msg)                                                  \
  do {                                                                            \
    if (!(cond)) ::contra::core::assert_failed(#cond, __FILE__, __LINE__, (msg)); \
  } while (0)
