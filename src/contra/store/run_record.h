// One HDF5 file per run (DESIGN.md, "Results store"). Only this layer calls HDF5; later layers use
// RunRecord and the functions below.
//
// File layout (schema_version 2):
//   /               attributes: schema_version (int64), record_sha256 (the digest of all below,
//                   store/record_digest.h) and every entry of RunRecord::attributes
//   /axes           attributes: the sweep axis values of this run (e.g. "method.momentum" = 0.99)
//   /steps/<col>    1-D datasets, one per column (step, epoch, loss, lr, images_per_s)
//   /epochs/<col>   1-D datasets, one per column (epoch, loss, knn_top1, pretext_acc, ...)
//   /summary        attributes: final metrics and costs
// Integer columns are stored as int64 and real ones as float64, each column one chunk with a
// Fletcher-32 checksum; strings as fixed-length UTF-8; the file format is HDF5 1.8+ (checksummed
// metadata), so a damaged file reads as an error, never as a crash or a different record; and
// so h5dump, h5py and pandas read them without contra's code.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <variant>
#include <vector>

#include "contra/store/attributes.h"

namespace contra::store {

/// The schema version written to every file's root attribute `schema_version`.
/// 2: every record carries its digest (store/record_digest.h), checked by read_run; 1: before that,
/// read as it is, unverified.
inline constexpr std::int64_t kSchemaVersion = 2;

/// Everything one run records. Maps are ordered, so files are written in a stable order.
struct RunRecord {
  Attributes attributes;  ///< root attributes (schema_version is added on write, read back here)
  Attributes axes;        ///< /axes attributes
  Columns steps;          ///< /steps datasets; all columns should have the same length
  Columns epochs;         ///< /epochs datasets; all columns should have the same length
  Attributes summary;     ///< /summary attributes
};

/// Writes `record` to `path` (overwriting), via `<path>.tmp` renamed into place; root attribute
/// `schema_version` is always kSchemaVersion, and `record_sha256` the digest of the record as it
/// will read back (a digest the record carries is replaced). Throws core::ContraError naming the path when the
/// directory is missing, the file cannot be written, or a name is invalid (empty; a column name
/// holding '/'); the temporary file is removed then.
void write_run(const std::filesystem::path& path, const RunRecord& record);

/// Reads a run file. Throws core::ContraError naming the path when it is missing, is not HDF5,
/// or lacks the root attribute `schema_version`, when that version is newer than kSchemaVersion, or
/// when an attribute (dataset) is not a scalar (1-D) int, float or string (int, float), and, from
/// schema_version 2 on, when what was read does not match the record's digest (store/record_digest.h)
/// or the digest is missing: a record that reads is the record that was written. The digest is
/// not among the attributes returned. A schema_version 1 record (before digests) reads unverified.
/// Groups absent in older schema versions read as empty. Any integer type reads as int64, any float as float64.
RunRecord read_run(const std::filesystem::path& path);

/// `<dir>/<run_id>.h5.partial`: where a run in progress is recorded. The two path functions throw
/// core::ContraError when run_id is empty, "." or "..", or holds '/'.
std::filesystem::path partial_path(const std::filesystem::path& dir, const std::string& run_id);
/// `<dir>/<run_id>.h5`: where a finished run (complete, fail or error) lives.
std::filesystem::path final_path(const std::filesystem::path& dir, const std::string& run_id);

/// Checks, before a run trains, that nothing but a file stands at the paths its records take: the
/// partial path, the final path and `<id>.h5.previous`. A folder there would be found only when
/// the run is saved. Throws core::ContraError naming the path.
void check_record_paths(const std::filesystem::path& dir, const std::string& run_id);

/// Checks that `record`, read from `file`, is the run the file is named for: its root attribute
/// run_id equals the file's name without `.h5`. A record copied or renamed onto another run's name
/// would count that run's result twice in a table and keep the run from being trained. Throws
/// core::ContraError naming the file and both ids, or when run_id is missing.
void check_run_id(const std::filesystem::path& file, const RunRecord& record);

/// Writes the record of a run in progress to its partial path (overwriting the previous one).
/// Throws core::ContraError as write_run does.
void save_partial(const std::filesystem::path& dir, const std::string& run_id, const RunRecord& record);
/// Sets status and reason of the partial record of a run that stopped without finishing (killed),
/// for `contra status`; the file stays partial, so nothing claims it complete. Does nothing when
/// there is no readable partial record; never throws.
void annotate_partial(const std::filesystem::path& dir, const std::string& run_id, const std::string& status,
                      const std::string& reason) noexcept;

/// Writes the finished record to the final path (atomically, as write_run does), then removes the
/// partial record. A record already at the final path is kept as `<id>.h5.previous` (one
/// generation, as `contra sweep --rerun` keeps), replacing an older one there unless that one is
/// complete and the record now replaced is not: failed attempts never push a complete record out. The finished status is never written to
/// the partial path, so a kill at any moment leaves either the old partial record or the final
/// one, never a partial that says complete. Throws core::ContraError as write_run does, or naming the partial path when it cannot
/// be removed, or naming the final path when the old record cannot be kept.
void commit(const std::filesystem::path& dir, const std::string& run_id, const RunRecord& record);

/// The record as the bytes of its HDF5 file, for a checkpoint to carry the metrics recorded so far,
/// and back: decode_run(encode_run(r)) == r. Both go through a temporary file in the system's temp
/// folder. Throw core::ContraError as write_run and read_run do; decode_run names `what` (the
/// checkpoint) when the bytes are not a run record.
std::string encode_run(const RunRecord& record);
RunRecord decode_run(const std::string& bytes, const std::string& what);

}  // namespace contra::store
