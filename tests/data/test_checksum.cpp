// MD5 of a file (data/checksum.h): RFC 1321's test vectors, a file longer than one 4 MiB block, and
// the one-line refusal of a file whose digest is not the official one.
#include <catch2/catch.hpp>

#include <string>

#include "../support/cifar_files.h"
#include "../support/errors.h"
#include "../support/temp_dir.h"
#include "contra/data/checksum.h"

using contra::testing::TempDir;
using contra::testing::write_bytes;

TEST_CASE("checksum: MD5 of a file matches RFC 1321's test vectors", "[data]") {
  TempDir dir;
  const auto md5 = [&](const std::string& bytes) {
    write_bytes(dir / "f", bytes);
    return contra::data::md5_of_file((dir / "f").string());
  };
  CHECK(md5("") == "d41d8cd98f00b204e9800998ecf8427e");
  CHECK(md5("abc") == "900150983cd24fb0d6963f7d28e17f72");
  CHECK(md5("message digest") == "f96b697d7cb7938d525a2f31aaf161d0");
  CHECK(md5("12345678901234567890123456789012345678901234567890123456789012345678901234567890") ==
        "57edf4a22be3c955ac49da2e2107b67a");
}

TEST_CASE("checksum: a file longer than one read block is digested whole", "[data]") {
  TempDir dir;
  std::string bytes;
  for (int r = 0; r < 20481; ++r)  // 5 243 136 bytes: one 4 MiB block and a part
    for (int b = 0; b < 256; ++b) bytes += static_cast<char>(b);
  write_bytes(dir / "f", bytes);
  // Python's hashlib.md5(bytes(range(256)) * 20481).hexdigest()
  CHECK(contra::data::md5_of_file((dir / "f").string()) == "7099658ba56f4233bc979771a7f01187");
}

TEST_CASE("checksum: a digest other than the official one, and a missing file, are one line", "[data]") {
  TempDir dir;
  write_bytes(dir / "f.bin", "abd");
  const auto path = (dir / "f.bin").string();
  CHECK_NOTHROW(contra::data::check_md5(path, "4911e516e5aa21d327512e0c8b197616", "test"));
  const auto m = contra::testing::message_of([&] { contra::data::check_md5(path, "900150983cd24fb0d6963f7d28e17f72", "as listed"); });
  CHECK_THAT(m, Catch::Contains(path) && Catch::Contains("MD5 4911e516e5aa21d327512e0c8b197616") &&
                    Catch::Contains("the official file's is 900150983cd24fb0d6963f7d28e17f72 (as listed)") &&
                    Catch::Contains("data.verify"));
  CHECK(m.find('\n') == std::string::npos);
  CHECK_THAT(contra::testing::message_of([&] { contra::data::md5_of_file((dir / "none").string()); }),
             Catch::Contains("none: cannot open the file"));
}
