// The handles of the HDF5 layer (store/hdf5.h): an identifier that closes itself, the open file,
// dataspaces and datatypes. Every handle closes itself; every failure becomes a core::ContraError whose one-line message
// names the file and the object. HDF5's own error-stack printing is switched off.
//
// The serial HDF5 library is not thread-safe: call into this layer from one thread at a time.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace contra::store::h5 {

/// Whether an HDF5 library call failed (it returns a negative value then).
template <typename T>
bool failed(T result) {
  return result < 0;
}

/// Owns one HDF5 identifier and closes it with `closer` when destroyed. Move-only.
class Handle {
 public:
  using Closer = herr_t (*)(hid_t);
  Handle() = default;
  Handle(hid_t id, Closer closer) noexcept : id_(id), closer_(closer) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : id_(other.id_), closer_(other.closer_) { other.id_ = H5I_INVALID_HID; }
  Handle& operator=(Handle&& other) noexcept;
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  hid_t get() const noexcept { return id_; }
  bool valid() const noexcept { return id_ >= 0; }
  /// Closes the identifier now (if any). Returns false when HDF5 reports a failure; never throws.
  bool reset() noexcept;

 private:
  hid_t id_ = H5I_INVALID_HID;
  Closer closer_ = nullptr;
};

/// The most links and attributes an object keeps in its header (HDF5's limit for compact storage).
inline constexpr unsigned kMaxCompact = 65535;

/// A creation property list of `property_class` (H5P_FILE_CREATE for the root group,
/// H5P_GROUP_CREATE) that keeps up to kMaxCompact links and attributes in the object's
/// checksummed header instead of HDF5's dense storage. Invalid (valid() false) when HDF5 refuses.
Handle compact_storage(hid_t property_class);

/// Switches off HDF5's automatic printing of its error stack (for the calling thread).
void silence_errors() noexcept;

/// An open file, group, attribute or dataset, with the file path and the object's path in the file
/// kept for error messages.
class Object {
 public:
  hid_t id() const noexcept { return handle_.get(); }
  const std::string& file() const noexcept { return file_; }
  const std::string& name() const noexcept { return name_; }
  /// Throws core::ContraError "HDF5 file '<file>', <name>: <problem>".
  [[noreturn]] void fail(const std::string& problem) const;

 protected:
  Object(Handle handle, std::string file, std::string name)
      : handle_(std::move(handle)), file_(std::move(file)), name_(std::move(name)) {}
  Handle handle_;
  std::string file_;
  std::string name_;
};

/// An HDF5 file.
class File : public Object {
 public:
  /// Creates (truncating) `path`. Throws core::ContraError naming the path when that fails.
  static File create(const std::filesystem::path& path);
  /// Opens `path` read-only. Throws core::ContraError naming the path when it is missing,
  /// is not an HDF5 file, or cannot be opened.
  static File open_read(const std::filesystem::path& path);
  /// Closes the file, flushing it. Throws core::ContraError naming the path when that fails.
  void close();

 private:
  using Object::Object;
};

/// A dataspace: scalar or simple (n-dimensional).
class Dataspace {
 public:
  explicit Dataspace(Handle handle) : handle_(std::move(handle)) {}
  /// A scalar dataspace. Throws core::ContraError when HDF5 fails.
  static Dataspace scalar();
  /// A 1-D dataspace of `n` elements. Throws core::ContraError when HDF5 fails.
  static Dataspace simple_1d(hsize_t n);
  hid_t id() const noexcept { return handle_.get(); }
  bool is_scalar() const;
  int rank() const;
  /// The number of elements (1 for a scalar dataspace).
  hsize_t size() const;

 private:
  Handle handle_;
};

/// A datatype owned by this program (predefined types such as H5T_STD_I64LE need no handle).
class Datatype {
 public:
  explicit Datatype(Handle handle) : handle_(std::move(handle)) {}
  /// Fixed-length UTF-8 string of `bytes` bytes (at least 1), NUL-padded (h5py reads it as bytes,
  /// pandas and h5dump as text). Throws core::ContraError when HDF5 fails.
  static Datatype utf8_string(std::size_t bytes);
  hid_t id() const noexcept { return handle_.get(); }
  H5T_class_t type_class() const { return H5Tget_class(id()); }

 private:
  Handle handle_;
};

}  // namespace contra::store::h5
