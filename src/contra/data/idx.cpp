#include "contra/data/idx.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <memory>
#include <vector>

#include "contra/core/error.h"

namespace contra::data {

namespace {

/// gzread over a gzip or plain file (zlib reads plain files transparently).
class GzFile {
 public:
  explicit GzFile(const std::string& path) : path_(path), file_(gzopen(path.c_str(), "rb")) {
    CONTRA_CHECK(file_ != nullptr, "{}: cannot open the file", path);
  }
  ~GzFile() { gzclose(file_); }
  GzFile(const GzFile&) = delete;
  GzFile& operator=(const GzFile&) = delete;

  /// Reads up to n bytes; returns how many were read. Throws on a corrupt gzip stream.
  std::size_t read(void* dst, std::size_t n) {
    std::size_t total = 0;
    auto* out = static_cast<unsigned char*>(dst);
    while (total < n) {
      const auto chunk = static_cast<unsigned>(std::min<std::size_t>(n - total, 1u << 30));
      const int got = gzread(file_, out + total, chunk);
      if (got < 0) {
        int err = 0;
        const char* msg = gzerror(file_, &err);
        core::fail("{}: corrupt gzip data ({})", path_, msg);
      }
      if (got == 0) break;
      total += static_cast<std::size_t>(got);
    }
    return total;
  }

 private:
  std::string path_;
  gzFile file_;
};

std::uint32_t big_endian(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
}

/// Reads the magic number and the dimensions; checks the magic.
std::vector<std::int64_t> read_header(GzFile& in, const std::string& path, std::uint32_t magic, std::size_t ndims) {
  std::array<unsigned char, 4> word{};
  CONTRA_CHECK(in.read(word.data(), 4) == 4, "{}: truncated: the file ends inside the IDX header", path);
  const std::uint32_t got = big_endian(word.data());
  CONTRA_CHECK(got == magic,
               "{}: wrong magic number 0x{:08x}, expected 0x{:08x} (an IDX file with {} dimension(s) of uint8)", path,
               got, magic, ndims);
  std::vector<std::int64_t> dims;
  for (std::size_t i = 0; i < ndims; ++i) {
    CONTRA_CHECK(in.read(word.data(), 4) == 4, "{}: truncated: the file ends inside the IDX header", path);
    dims.push_back(static_cast<std::int64_t>(big_endian(word.data())));
  }
  return dims;
}

/// Reads exactly `count` items of `item_bytes` each, then checks that nothing follows. The buffer
/// grows with the data actually read, so a corrupt header that declares billions of items is
/// reported as truncated instead of allocating what it declares.
torch::Tensor read_body(GzFile& in, const std::string& path, std::int64_t count, std::int64_t item_bytes,
                        const char* what) {
  const auto want = static_cast<std::size_t>(count) * static_cast<std::size_t>(item_bytes);
  constexpr std::size_t kChunk = std::size_t{16} << 20;
  std::vector<std::uint8_t> bytes;
  bytes.reserve(std::min(want, kChunk));
  std::size_t got = 0;
  while (got < want) {
    bytes.resize(std::min(want, got + kChunk));
    const std::size_t n = in.read(bytes.data() + got, bytes.size() - got);
    got += n;
    if (got < bytes.size()) break;  // end of file before the declared size
  }
  CONTRA_CHECK(got == want, "{}: truncated: the header declares {} {} but the file holds only {} complete {}", path,
               count, what, static_cast<std::int64_t>(got) / item_bytes, what);
  unsigned char extra = 0;
  CONTRA_CHECK(in.read(&extra, 1) == 0, "{}: corrupt: the file holds more data than its header declares ({} {})", path,
               count, what);
  auto out = torch::empty({static_cast<std::int64_t>(want)}, torch::kUInt8);
  std::copy(bytes.begin(), bytes.end(), out.data_ptr<std::uint8_t>());
  return out;
}

void require_file(const std::string& path) {
  CONTRA_CHECK(std::filesystem::is_regular_file(path), "{}: file not found", path);
}

}  // namespace

torch::Tensor read_idx_images(const std::string& path) {
  require_file(path);
  GzFile in(path);
  const auto dims = read_header(in, path, 0x00000803u, 3);
  const auto n = dims[0], h = dims[1], w = dims[2];
  CONTRA_CHECK(n > 0 && h > 0 && w > 0 && h <= 4096 && w <= 4096, "{}: implausible dimensions {}×{}×{}", path, n, h, w);
  return read_body(in, path, n, h * w, "images").view({n, 1, h, w});
}

torch::Tensor read_idx_labels(const std::string& path) {
  require_file(path);
  GzFile in(path);
  const auto dims = read_header(in, path, 0x00000801u, 1);
  CONTRA_CHECK(dims[0] > 0, "{}: the header declares no labels", path);
  return read_body(in, path, dims[0], 1, "labels").to(torch::kInt64);
}

}  // namespace contra::data
