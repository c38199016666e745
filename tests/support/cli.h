// Test helpers for running the real `contra` executable and reading what it wrote.
#pragma once

#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "temp_dir.h"

namespace contra::testing {

inline const std::string kCli = CONTRA_CLI_PATH;
inline const std::string kSource = CONTRA_SOURCE_DIR;
inline const std::string kExperiment = kSource + "/experiments/moco-fashion-mnist.toml";

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

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

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
