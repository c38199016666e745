// Test helpers for running the real `contra` executable in a temporary directory, checking its
// one-line errors, and reading what it wrote.
#pragma once

#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

#include "paths.h"
#include "temp_dir.h"
#include "text.h"

namespace contra::testing {

inline const std::string kCli = CONTRA_CLI_PATH;

/// A copy of the default dataset's four IDX files in `dir` (a user's own data folder, to spoil).
inline std::filesystem::path copy_default_dataset(const std::filesystem::path& dir) {
  std::filesystem::create_directories(dir);
  const std::filesystem::path root = "/usr/share/datasets/fashion-mnist";  // config::DataOptions's default
  for (const char* name : {"train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz",
                           "t10k-labels-idx1-ubyte.gz"})
    std::filesystem::copy_file(root / name, dir / name);
  return dir;
}

/// Single-quotes a word for the shell.
inline std::string quote(const std::string& s) { return "'" + s + "'"; }

struct CliResult {
  int code = -1;
  std::string out, err;
};

/// Runs `contra <args>` with stdout and stderr captured in files under `dir`.
inline CliResult run_cli(const std::string& args, const TempDir& dir) {
  static int counter = 0;
  const auto out = dir / ("stdout-" + std::to_string(counter));
  const auto err = dir / ("stderr-" + std::to_string(counter++));
  const std::string command = quote(kCli) + " " + args + " >" + quote(out.string()) + " 2>" + quote(err.string());
  const int status = std::system(command.c_str());
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_file(out);
  r.err = read_file(err);
  return r;
}

/// CHECKs the contract of a user error (docs/cli.md): exit code 2 and one line on
/// stderr that starts with "contra: error: " and contains each of `expect`.
inline void check_one_line_error(const CliResult& r, std::initializer_list<std::string> expect) {
  INFO("stdout: " << r.out << "\nstderr: " << r.err);
  CHECK(r.code == 2);
  CHECK(lines_of(r.err).size() == 1);
  CHECK_THAT(r.err, Catch::StartsWith("contra: error: "));
  for (const auto& e : expect) CHECK_THAT(r.err, Catch::Contains(e));
}
inline void check_one_line_error(const CliResult& r, const std::string& expect) { check_one_line_error(r, {expect}); }

/// The Markdown row whose first cell is `first`, or "" when there is none.
inline std::string row_starting(const std::string& md, const std::string& first) {
  for (const auto& line : lines_of(md))
    if (line.rfind("| " + first + " |", 0) == 0) return line;
  return "";
}

/// The files in `dir` whose names end with `suffix`, sorted.
inline std::vector<std::filesystem::path> files_with(const std::filesystem::path& dir, const std::string& suffix) {
  std::vector<std::filesystem::path> out;
  if (!std::filesystem::is_directory(dir)) return out;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() >= suffix.size() && name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace contra::testing
