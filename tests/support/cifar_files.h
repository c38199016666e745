// CIFAR binary files written by the tests, in the official format with a few records each
// (data/cifar.h): no real dataset is committed.
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace contra::testing {

/// Records in CIFAR's binary format: record r is its label bytes, then its 3×32×32 pixels. By
/// default pixel (c, y, x) = (r + 7c + 3y + x) mod 256. With `distinct`, each record is a 4×4 grid
/// of dark and bright 8×8 blocks, its own pattern with its own tint (a linear congruential stream
/// seeded by r), so that two images differ in layout, which colour jitter keeps, and not only in
/// colour, which it blurs: an instance-discrimination run can then learn within a few steps.
inline std::string cifar_records(const std::vector<std::vector<std::uint8_t>>& labels, bool distinct = false) {
  std::string out;
  for (std::size_t r = 0; r < labels.size(); ++r) {
    for (auto l : labels[r]) out += static_cast<char>(l);
    std::uint32_t state = 2654435761u * static_cast<std::uint32_t>(r + 1);
    const auto next = [&state] {
      state = state * 1664525u + 1013904223u;
      return state >> 24;  // 0..255
    };
    bool bright[4][4];
    for (auto& row : bright)
      for (auto& b : row) b = next() >= 128;
    int tint[3];
    for (auto& t : tint) t = static_cast<int>(next() % 60);
    for (int c = 0; c < 3; ++c)
      for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 32; ++x)
          out += static_cast<char>(distinct ? (bright[y / 8][x / 8] ? 195 : 20) + tint[c] : (r + 7 * c + 3 * y + x) % 256);
  }
  return out;
}

/// Writes `bytes` to `path`, creating its folder.
inline void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
  std::filesystem::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace contra::testing
