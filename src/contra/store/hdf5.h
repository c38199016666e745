// A small RAII layer over the HDF5 C API, used only by the results store (src/contra/store).
// Every handle closes itself; every failure becomes a core::ContraError whose one-line message
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

/// What a scalar attribute or a dataset holds, as far as the store cares.
enum class ValueKind { Int, Float, String, Unsupported };

/// An attribute attached to a group (or the file's root group).
class Attribute : public Object {
 public:
  Dataspace space() const;
  Datatype type() const;
  /// Int, Float or String for a scalar attribute of that class; Unsupported otherwise.
  ValueKind kind() const;
  /// Read a scalar attribute, converting any integer (float) type; throw core::ContraError on failure.
  std::int64_t read_int() const;
  double read_double() const;
  /// Reads a variable- or fixed-length string attribute. Throws core::ContraError on failure.
  std::string read_string() const;

 private:
  friend class Group;
  using Object::Object;
};

/// A dataset in a group.
class Dataset : public Object {
 public:
  Dataspace space() const;
  Datatype type() const;
  /// Int or Float for a 1-D dataset of that class; Unsupported otherwise.
  ValueKind kind() const;
  /// Read a 1-D dataset, converting any integer (float) type; throw core::ContraError on failure.
  std::vector<std::int64_t> read_ints() const;
  std::vector<double> read_doubles() const;

 private:
  friend class Group;
  void read_all(hid_t mem_type, void* data, const char* as) const;
  using Object::Object;
};

/// A group (the root group of a file is one too).
class Group : public Object {
 public:
  /// The root group "/" of `file`. Throws core::ContraError when it cannot be opened.
  static Group root(const File& file);
  /// Creates the child group `name`. Throws core::ContraError naming file and group on failure.
  Group create_group(const std::string& name) const;
  /// Opens the child group `name`, or returns nothing when there is no such link.
  /// Throws core::ContraError when the link exists but is not a group that can be opened.
  std::optional<Group> open_group(const std::string& name) const;

  bool has_attribute(const std::string& name) const;
  /// Opens attribute `name`. Throws core::ContraError naming file, group and attribute on failure.
  Attribute open_attribute(const std::string& name) const;
  /// Attribute names in ascending name order. Throws core::ContraError on failure.
  std::vector<std::string> attribute_names() const;
  /// Names of the child links that are datasets, in ascending name order.
  std::vector<std::string> dataset_names() const;
  /// Opens dataset `name`. Throws core::ContraError naming file, group and dataset on failure.
  Dataset open_dataset(const std::string& name) const;

  /// Write a new scalar attribute: int64 (H5T_STD_I64LE), float64 (H5T_IEEE_F64LE) or a
  /// variable-length UTF-8 string. Throw core::ContraError naming the attribute on failure
  /// (an existing attribute of that name, or a string holding a NUL character).
  void write_int(const std::string& name, std::int64_t value) const;
  void write_double(const std::string& name, double value) const;
  void write_string(const std::string& name, const std::string& value) const;
  /// Write a new 1-D dataset (int64 / float64, little-endian). Throw core::ContraError on failure.
  void write_ints(const std::string& name, const std::vector<std::int64_t>& values) const;
  void write_doubles(const std::string& name, const std::vector<double>& values) const;

 private:
  using Object::Object;
  std::string child(const std::string& name) const;
  void write_scalar(const std::string& name, hid_t file_type, hid_t mem_type, const void* data) const;
  void write_column(const std::string& name, hid_t file_type, hid_t mem_type, hsize_t n, const void* data) const;
};

}  // namespace contra::store::h5
