// The published checksums of a dataset's files (data.verify): the MD5 digest of a file, computed
// with OpenSSL's EVP interface (libcrypto), and the check of a file against its published digest.
#pragma once

#include <string>

namespace contra::data {

/// The MD5 digest (RFC 1321) of the whole file at `path`, as 32 lower-case hex digits. Reads in
/// blocks of 4 MiB (a 2.76 GB file streams through without being held). Throws core::ContraError
/// naming the file when it cannot be opened or read.
std::string md5_of_file(const std::string& path);

/// Throws core::ContraError "<path>: MD5 <got>, the official file's is <expected> (<source>): the file
/// is damaged or another version (data.verify = true; ...)" when the file's digest differs from
/// `expected` (32 lower-case hex digits), or as md5_of_file.
void check_md5(const std::string& path, const std::string& expected, const std::string& source);

}  // namespace contra::data
