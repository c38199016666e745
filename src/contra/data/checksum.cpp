#include "contra/data/checksum.h"

#include <openssl/evp.h>

#include <fstream>
#include <memory>
#include <vector>

#include "contra/core/error.h"

namespace contra::data {

std::string md5_of_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  CONTRA_CHECK(in.good(), "{}: cannot open the file to check its MD5", path);
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  CONTRA_CHECK(ctx && EVP_DigestInit_ex(ctx.get(), EVP_md5(), nullptr) == 1,
               "{}: OpenSSL cannot compute MD5 here (a FIPS-only libcrypto?)", path);
  std::vector<char> block(std::size_t{4} << 20);
  while (in) {
    in.read(block.data(), static_cast<std::streamsize>(block.size()));
    const auto n = in.gcount();
    if (n > 0) EVP_DigestUpdate(ctx.get(), block.data(), static_cast<std::size_t>(n));
  }
  CONTRA_CHECK(in.eof() && !in.bad(), "{}: read error while computing its MD5", path);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  EVP_DigestFinal_ex(ctx.get(), digest, &length);
  std::string hex;
  for (unsigned int i = 0; i < length; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

void check_md5(const std::string& path, const std::string& expected, const std::string& source) {
  const auto got = md5_of_file(path);
  CONTRA_CHECK(got == expected,
               "{}: MD5 {}, the official file's is {} ({}): the file is damaged or another version "
               "(data.verify = true; set it to false for a file of your own in this format)",
               path, got, expected, source);
}

}  // namespace contra::data
