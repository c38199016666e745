// A digest of what a run record holds, written into the file with it and checked on every read
// (store/run_record.h): a flipped bit anywhere the HDF5 library reads back as a value, a chunk that
// is never read (its fill value returned as data), a changed extent or a lost attribute or column,
// is an error, never a different number. The datasets' Fletcher-32 and HDF5's checksummed metadata
// catch damage where they cover it; this covers what is read.
#pragma once

#include <string>

#include "contra/store/attributes.h"

namespace contra::store {

struct RunRecord;

/// The root attribute that holds the digest: "sha256:" and 64 lower-case hex digits.
inline constexpr const char* kDigestAttribute = "record_sha256";

/// The record's canonical bytes, as docs/results-store.md ("Checksum") defines them so that any
/// HDF5 reader can recompute the digest: for each section in the order "/", "/axes", "/steps",
/// "/epochs", "/summary", the section's name and '\n'; then each entry in byte order of its name:
/// the name, a NUL, a type letter (i int64, f float64, s string: scalar attributes; I int64, F
/// float64: columns), the count as an unsigned 64-bit little-endian integer (1 for a number, the
/// byte length of a string, the values of a column), then the value(s) as 64-bit little-endian
/// integers, IEEE-754 binary64 bits, or UTF-8 bytes. The root attribute kDigestAttribute is left out.
std::string canonical_bytes(const RunRecord& record);

/// "sha256:<hex>" of canonical_bytes(record) (OpenSSL's SHA-256). Throws core::ContraError when
/// libcrypto cannot compute SHA-256.
std::string record_digest(const RunRecord& record);

}  // namespace contra::store
