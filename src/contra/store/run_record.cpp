#include "contra/store/run_record.h"

#include <unistd.h>

#include <atomic>
#include <fstream>
#include <iterator>
#include <system_error>
#include <type_traits>

#include "contra/core/error.h"
#include "contra/store/hdf5.h"
#include "contra/store/record_digest.h"

namespace contra::store {
namespace fs = std::filesystem;
namespace {

constexpr const char* kSchemaKey = "schema_version";

void write_attributes(const h5::Group& group, const Attributes& attrs) {
  for (const auto& [key, value] : attrs) {
    if (key.empty()) group.fail("empty attribute name");
    std::visit(
        [&, &name = key](const auto& v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::int64_t>) {
            group.write_int(name, v);
          } else if constexpr (std::is_same_v<T, double>) {
            group.write_double(name, v);
          } else {
            group.write_string(name, v);
          }
        },
        value);
  }
}

void write_columns(const h5::Group& group, const Columns& cols) {
  for (const auto& [key, column] : cols) {
    if (key.empty() || key == "." || key.find('/') != std::string::npos) {
      group.fail(fmt::format("invalid column name '{}'", key));
    }
    if (const auto* ints = std::get_if<std::vector<std::int64_t>>(&column)) {
      group.write_ints(key, *ints);
    } else {
      group.write_doubles(key, std::get<std::vector<double>>(column));
    }
  }
}

Attributes read_attributes(const h5::Group& group) {
  Attributes attrs;
  for (const std::string& name : group.attribute_names()) {
    const h5::Attribute attr = group.open_attribute(name);
    switch (attr.kind()) {
      case h5::ValueKind::Int:
        attrs.emplace(name, attr.read_int());
        break;
      case h5::ValueKind::Float:
        attrs.emplace(name, attr.read_double());
        break;
      case h5::ValueKind::String:
        attrs.emplace(name, attr.read_string());
        break;
      case h5::ValueKind::Unsupported:
        attr.fail("unsupported attribute (expected a scalar int, float or string)");
    }
  }
  return attrs;
}

Columns read_columns(const h5::Group& group) {
  Columns cols;
  for (const std::string& name : group.dataset_names()) {
    const h5::Dataset set = group.open_dataset(name);
    switch (set.kind()) {
      case h5::ValueKind::Int:
        cols.emplace(name, set.read_ints());
        break;
      case h5::ValueKind::Float:
        cols.emplace(name, set.read_doubles());
        break;
      default:
        set.fail("unsupported dataset (expected a 1-D int or float column)");
    }
  }
  return cols;
}

// Writes the whole file at `path` and closes it; throws on any failure. The root gets
// schema_version (ours, whatever a record read back carried) and the digest of the record as it
// reads back (store/record_digest.h).
void write_file(const fs::path& path, const RunRecord& record) {
  RunRecord stored = record;
  stored.attributes.erase(kDigestAttribute);
  stored.attributes[kSchemaKey] = kSchemaVersion;
  const std::string digest = record_digest(stored);
  h5::File file = h5::File::create(path);
  {
    const h5::Group root = h5::Group::root(file);
    write_attributes(root, stored.attributes);
    root.write_string(kDigestAttribute, digest);
    write_attributes(root.create_group("axes"), stored.axes);
    write_columns(root.create_group("steps"), stored.steps);
    write_columns(root.create_group("epochs"), stored.epochs);
    write_attributes(root.create_group("summary"), stored.summary);
  }
  file.close();
}

// From schema_version 2 on, a record carries its digest: checked here against what was read, and
// taken out of the attributes (a record that reads back is verified; schema_version 1 predates it).
void verify_digest(const fs::path& path, RunRecord& record) {
  const auto it = record.attributes.find(kDigestAttribute);
  if (it == record.attributes.end() || !std::holds_alternative<std::string>(it->second))
    core::fail(
        "cannot read run file '{}': its root attribute '{}' is {}, which every record of schema_version {} "
        "carries: the file is damaged",
        path.string(), kDigestAttribute, it == record.attributes.end() ? "missing" : "not a string", kSchemaVersion);
  const std::string stored = std::get<std::string>(it->second);
  record.attributes.erase(it);
  const std::string computed = record_digest(record);
  if (stored != computed)
    core::fail(
        "cannot read run file '{}': its contents do not match the checksum written with them ({} {}, "
        "computed {}): the file was damaged or changed after it was written",
        path.string(), kDigestAttribute, stored.substr(0, 19), computed.substr(0, 19));
}

// The status of the record at `path`, or "" when it cannot be read.
std::string status_of(const fs::path& path) noexcept {
  try {
    return get_string(read_run(path).attributes, "status", path.string());
  } catch (...) {
    return {};
  }
}

// A final record about to be replaced stays, as <file>.previous (the sweep's --rerun sets records
// aside under the same name): a hard link, so the final path is never without a record, or a copy
// where the file system has no links. An older .previous is replaced, unless it is complete and the
// record now replaced is not: failed attempts in a row never push a complete record out.
void keep_previous(const fs::path& final) {
  std::error_code ec;
  if (!fs::is_regular_file(final, ec)) return;
  fs::path previous = final;
  previous += ".previous";
  if (fs::is_regular_file(previous, ec) && status_of(previous) == "complete" && status_of(final) != "complete") return;
  fs::remove(previous, ec);
  fs::create_hard_link(final, previous, ec);
  if (ec) fs::copy_file(final, previous, fs::copy_options::overwrite_existing, ec);
  if (ec)
    core::fail("{}: cannot keep the record it replaces as {}: {}", final.string(), previous.filename().string(),
               ec.message());
}

void check_run_id(const std::string& run_id) {
  if (run_id.empty() || run_id == "." || run_id == ".." || run_id.find('/') != std::string::npos) {
    core::fail("invalid run id '{}' (it names a file: no '/', not empty)", run_id);
  }
}

void rename_or_fail(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::rename(from, to, ec);
  if (ec) core::fail("cannot rename '{}' to '{}': {}", from.string(), to.string(), ec.message());
}

}  // namespace

void write_run(const fs::path& path, const RunRecord& record) {
  const fs::path parent = path.parent_path();
  std::error_code ec;
  if (!parent.empty() && !fs::is_directory(parent, ec)) {
    core::fail("cannot write run file '{}': directory '{}' does not exist", path.string(), parent.string());
  }
  fs::path tmp = path;
  tmp += ".tmp";
  try {
    write_file(tmp, record);
  } catch (...) {
    fs::remove(tmp, ec);
    throw;
  }
  try {
    rename_or_fail(tmp, path);
  } catch (...) {
    fs::remove(tmp, ec);
    throw;
  }
}

void check_run_id(const fs::path& file, const RunRecord& record) {
  const auto stored = get_string(record.attributes, "run_id", file.string());
  CONTRA_CHECK(stored == file.stem().string(),
               "{}: attribute run_id = '{}' is not the file's name: a record stored under another run's name",
               file.string(), stored);
}

RunRecord read_run(const fs::path& path) {
  const h5::File file = h5::File::open_read(path);
  const h5::Group root = h5::Group::root(file);
  if (!root.has_attribute(kSchemaKey)) {
    core::fail("cannot read run file '{}': no root attribute '{}' (not a contra run file?)", path.string(), kSchemaKey);
  }
  const h5::Attribute schema = root.open_attribute(kSchemaKey);
  if (schema.kind() != h5::ValueKind::Int) {
    core::fail("cannot read run file '{}': root attribute '{}' is not an integer", path.string(), kSchemaKey);
  }
  const std::int64_t version = schema.read_int();
  if (version < 1 || version > kSchemaVersion) {
    core::fail("cannot read run file '{}': schema_version {} is not supported (this build reads 1 to {})",
               path.string(), version, kSchemaVersion);
  }

  RunRecord record;
  record.attributes = read_attributes(root);
  if (const auto group = root.open_group("axes")) record.axes = read_attributes(*group);
  if (const auto group = root.open_group("steps")) record.steps = read_columns(*group);
  if (const auto group = root.open_group("epochs")) record.epochs = read_columns(*group);
  if (const auto group = root.open_group("summary")) record.summary = read_attributes(*group);
  if (version >= 2) {
    verify_digest(path, record);
  } else if (record.attributes.count(kDigestAttribute) != 0) {
    // No record of schema_version 1 was written with a digest: a version set back to 1 would read a
    // changed record unverified.
    core::fail(
        "cannot read run file '{}': schema_version 1, which predates checksums, beside a root attribute '{}': "
        "the file is damaged or was changed",
        path.string(), kDigestAttribute);
  }
  return record;
}

fs::path partial_path(const fs::path& dir, const std::string& run_id) {
  check_run_id(run_id);
  return dir / (run_id + ".h5.partial");
}

fs::path final_path(const fs::path& dir, const std::string& run_id) {
  check_run_id(run_id);
  return dir / (run_id + ".h5");
}

void save_partial(const fs::path& dir, const std::string& run_id, const RunRecord& record) {
  write_run(partial_path(dir, run_id), record);
}

void annotate_partial(const fs::path& dir, const std::string& run_id, const std::string& status,
                      const std::string& reason) noexcept {
  try {
    const fs::path partial = partial_path(dir, run_id);
    if (!fs::exists(partial)) return;
    RunRecord record = read_run(partial);
    record.attributes["status"] = status;
    record.attributes["reason"] = reason;
    write_run(partial, record);
  } catch (...) {
    // best effort: the launcher's own line says what happened
  }
}

void check_record_paths(const fs::path& dir, const std::string& run_id) {
  fs::path previous = final_path(dir, run_id);
  previous += ".previous";
  for (const auto& path : {partial_path(dir, run_id), final_path(dir, run_id), previous}) {
    std::error_code ec;
    const auto status = fs::symlink_status(path, ec);
    CONTRA_CHECK(!fs::exists(status) || fs::is_regular_file(status) || fs::is_symlink(status),
                 "{}: something other than a file stands where run {} keeps a record; move it away", path.string(),
                 run_id);
  }
}

void commit(const fs::path& dir, const std::string& run_id, const RunRecord& record) {
  const fs::path final = final_path(dir, run_id);
  keep_previous(final);
  write_run(final, record);
  const fs::path partial = partial_path(dir, run_id);
  std::error_code ec;
  fs::remove(partial, ec);
  if (ec) {
    core::fail("cannot remove partial run file '{}' after its final record was written: {}", partial.string(),
               ec.message());
  }
}

namespace {

/// A file in the temp folder, unique to this process and call, removed when it goes out of scope.
struct ScratchFile {
  fs::path path;
  ScratchFile() {
    static std::atomic<int> counter{0};
    path = fs::temp_directory_path() / fmt::format("contra-record-{}-{}.h5", getpid(), counter++);
  }
  ~ScratchFile() {
    std::error_code ignored;
    fs::remove(path, ignored);
  }
  ScratchFile(const ScratchFile&) = delete;
  ScratchFile& operator=(const ScratchFile&) = delete;
};

}  // namespace

std::string encode_run(const RunRecord& record) {
  const ScratchFile scratch;
  write_run(scratch.path, record);
  std::ifstream in(scratch.path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (!in.good() && !in.eof()) core::fail("{}: cannot read back the encoded run record", scratch.path.string());
  return bytes;
}

RunRecord decode_run(const std::string& bytes, const std::string& what) {
  const ScratchFile scratch;
  {
    std::ofstream out(scratch.path, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) core::fail("{}: cannot write its run record to {}", what, scratch.path.string());
  }
  try {
    return read_run(scratch.path);
  } catch (const core::ContraError& e) {
    core::fail("{}: the run record it carries is unreadable: {}", what, e.what());
  }
}

}  // namespace contra::store
