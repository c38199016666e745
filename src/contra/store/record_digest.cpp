#include "contra/store/record_digest.h"

#include <fmt/format.h>
#include <openssl/evp.h>

#include <cstdint>
#include <cstring>
#include <type_traits>
#include <variant>
#include <vector>

#include "contra/core/error.h"
#include "contra/store/run_record.h"

namespace contra::store {
namespace {

void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xffu));
}

void put_value(std::string& out, std::int64_t v) { put_u64(out, static_cast<std::uint64_t>(v)); }

void put_value(std::string& out, double v) {
  std::uint64_t bits = 0;
  static_assert(sizeof bits == sizeof v);
  std::memcpy(&bits, &v, sizeof bits);
  put_u64(out, bits);
}

void put_name(std::string& out, const std::string& name, char type, std::uint64_t count) {
  out += name;
  out.push_back('\0');
  out.push_back(type);
  put_u64(out, count);
}

void put_attributes(std::string& out, const char* section, const Attributes& attrs) {
  out += section;
  out.push_back('\n');
  for (const auto& [name, value] : attrs) {
    if (name == kDigestAttribute) continue;
    std::visit(
        [&, &key = name](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::string>) {
            put_name(out, key, 's', v.size());
            out += v;
          } else {
            put_name(out, key, std::is_same_v<T, double> ? 'f' : 'i', 1);
            put_value(out, v);
          }
        },
        value);
  }
}

void put_columns(std::string& out, const char* section, const Columns& cols) {
  out += section;
  out.push_back('\n');
  for (const auto& [name, column] : cols) {
    std::visit(
        [&, &key = name](const auto& values) {
          using T = typename std::decay_t<decltype(values)>::value_type;
          put_name(out, key, std::is_same_v<T, double> ? 'F' : 'I', values.size());
          for (const T v : values) put_value(out, v);
        },
        column);
  }
}

}  // namespace

std::string canonical_bytes(const RunRecord& record) {
  std::string out;
  put_attributes(out, "/", record.attributes);
  put_attributes(out, "/axes", record.axes);
  put_columns(out, "/steps", record.steps);
  put_columns(out, "/epochs", record.epochs);
  put_attributes(out, "/summary", record.summary);
  return out;
}

std::string record_digest(const RunRecord& record) {
  const std::string bytes = canonical_bytes(record);
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  CONTRA_CHECK(EVP_Digest(bytes.data(), bytes.size(), digest, &length, EVP_sha256(), nullptr) == 1,
               "OpenSSL cannot compute SHA-256 here, which run records need for their checksum");
  std::string hex = "sha256:";
  for (unsigned int i = 0; i < length; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

}  // namespace contra::store
