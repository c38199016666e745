// A small RAII layer over the HDF5 C API, used only by the results store (src/contra/store).
// Every handle closes itself; every failure becomes a core::ContraError whose one-line message
// names the file and the object. HDF5's own error-stack printing is switched off.
//
// The serial HDF5 library is not thread-safe: call into this layer from one thread at a time.
#pragma once

#include <hdf5.h>

#include "contra/store/hdf5_handle.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace contra::store::h5 {

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
