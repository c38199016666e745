#include "contra/store/hdf5.h"

#include <algorithm>

#include <system_error>
#include <utility>

#include "contra/core/error.h"

namespace contra::store::h5 {
namespace {

ValueKind kind_of_class(H5T_class_t cls) {
  switch (cls) {
    case H5T_INTEGER:
      return ValueKind::Int;
    case H5T_FLOAT:
      return ValueKind::Float;
    case H5T_STRING:
      return ValueKind::String;
    default:
      return ValueKind::Unsupported;
  }
}

// H5Literate / H5Aiterate2 callback: collects names. Must not throw across the C library.
template <typename Info>
herr_t collect_name(hid_t /*location*/, const char* name, const Info* /*info*/, void* data) noexcept {
  try {
    static_cast<std::vector<std::string>*>(data)->emplace_back(name);
    return 0;
  } catch (...) {
    return -1;
  }
}

}  // namespace

// ---- Attribute --------------------------------------------------------------

Dataspace Attribute::space() const {
  const hid_t sid = H5Aget_space(id());
  if (failed(sid)) fail("cannot get the dataspace");
  return Dataspace(Handle(sid, H5Sclose));
}

Datatype Attribute::type() const {
  const hid_t tid = H5Aget_type(id());
  if (failed(tid)) fail("cannot get the datatype");
  return Datatype(Handle(tid, H5Tclose));
}

ValueKind Attribute::kind() const {
  if (!space().is_scalar()) return ValueKind::Unsupported;
  const H5T_class_t cls = type().type_class();
  return kind_of_class(cls);
}

std::int64_t Attribute::read_int() const {
  std::int64_t value = 0;
  if (failed(H5Aread(id(), H5T_NATIVE_INT64, &value))) fail("cannot read as int64");
  return value;
}

double Attribute::read_double() const {
  double value = 0.0;
  if (failed(H5Aread(id(), H5T_NATIVE_DOUBLE, &value))) fail("cannot read as float64");
  return value;
}

std::string Attribute::read_string() const {
  const Datatype file_type = type();
  if (file_type.type_class() != H5T_STRING) fail("not a string");
  const htri_t is_variable = H5Tis_variable_str(file_type.id());
  if (failed(is_variable)) fail("cannot inspect the string type");
  // A memory type of the file's character set, so that no charset conversion is needed.
  const Datatype mem_type(Handle(H5Tget_native_type(file_type.id(), H5T_DIR_ASCEND), H5Tclose));
  if (failed(mem_type.id())) fail("cannot derive a memory string type");
  if (is_variable > 0) {
    char* text = nullptr;
    if (failed(H5Aread(id(), mem_type.id(), &text))) fail("cannot read the variable-length string");
    std::string value = text != nullptr ? std::string(text) : std::string();
    H5free_memory(text);
    return value;
  }
  const std::size_t size = H5Tget_size(file_type.id());
  std::string buffer(size, '\0');
  if (size > 0 && failed(H5Aread(id(), mem_type.id(), buffer.data()))) fail("cannot read the fixed-length string");
  buffer.resize(buffer.find('\0') == std::string::npos ? buffer.size() : buffer.find('\0'));
  if (H5Tget_strpad(file_type.id()) == H5T_STR_SPACEPAD) {
    buffer.erase(buffer.find_last_not_of(' ') + 1);
  }
  return buffer;
}

// ---- Dataset ----------------------------------------------------------------

Dataspace Dataset::space() const {
  const hid_t sid = H5Dget_space(id());
  if (failed(sid)) fail("cannot get the dataspace");
  return Dataspace(Handle(sid, H5Sclose));
}

Datatype Dataset::type() const {
  const hid_t tid = H5Dget_type(id());
  if (failed(tid)) fail("cannot get the datatype");
  return Datatype(Handle(tid, H5Tclose));
}

ValueKind Dataset::kind() const {
  if (space().rank() != 1) return ValueKind::Unsupported;
  const ValueKind k = kind_of_class(type().type_class());
  return k == ValueKind::String ? ValueKind::Unsupported : k;
}

void Dataset::read_all(hid_t mem_type, void* data, const char* as) const {
  if (failed(H5Dread(id(), mem_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data))) fail(fmt::format("cannot read as {}", as));
}

std::vector<std::int64_t> Dataset::read_ints() const {
  std::vector<std::int64_t> values(space().size());
  if (!values.empty()) read_all(H5T_NATIVE_INT64, values.data(), "int64");
  return values;
}

std::vector<double> Dataset::read_doubles() const {
  std::vector<double> values(space().size());
  if (!values.empty()) read_all(H5T_NATIVE_DOUBLE, values.data(), "float64");
  return values;
}

// ---- Group ------------------------------------------------------------------

Group Group::root(const File& file) {
  const hid_t gid = H5Gopen2(file.id(), "/", H5P_DEFAULT);
  if (failed(gid)) file.fail("cannot open the root group");
  return Group(Handle(gid, H5Gclose), file.file(), "/");
}

std::string Group::child(const std::string& name) const { return name_ == "/" ? "/" + name : name_ + "/" + name; }

Group Group::create_group(const std::string& name) const {
  const Handle gcpl(compact_storage(H5P_GROUP_CREATE));
  if (!gcpl.valid()) fail(fmt::format("cannot set the storage of group '{}'", name));
  const hid_t gid = H5Gcreate2(id(), name.c_str(), H5P_DEFAULT, gcpl.get(), H5P_DEFAULT);
  if (failed(gid)) fail(fmt::format("cannot create group '{}'", name));
  return Group(Handle(gid, H5Gclose), file_, child(name));
}

std::optional<Group> Group::open_group(const std::string& name) const {
  const htri_t exists = H5Lexists(id(), name.c_str(), H5P_DEFAULT);
  if (failed(exists)) fail(fmt::format("cannot look up '{}'", name));
  if (exists == 0) return std::nullopt;
  const hid_t gid = H5Gopen2(id(), name.c_str(), H5P_DEFAULT);
  if (failed(gid)) fail(fmt::format("'{}' exists but cannot be opened as a group", name));
  return Group(Handle(gid, H5Gclose), file_, child(name));
}

bool Group::has_attribute(const std::string& name) const {
  const htri_t exists = H5Aexists(id(), name.c_str());
  if (failed(exists)) fail(fmt::format("cannot look up attribute '{}'", name));
  return exists > 0;
}

Attribute Group::open_attribute(const std::string& name) const {
  const hid_t aid = H5Aopen(id(), name.c_str(), H5P_DEFAULT);
  if (failed(aid)) fail(fmt::format("cannot open attribute '{}'", name));
  return Attribute(Handle(aid, H5Aclose), file_, fmt::format("{} attribute '{}'", name_, name));
}

std::vector<std::string> Group::attribute_names() const {
  std::vector<std::string> names;
  hsize_t index = 0;
  if (failed(H5Aiterate2(id(), H5_INDEX_NAME, H5_ITER_INC, &index, collect_name<H5A_info_t>, &names))) {
    fail("cannot list attributes");
  }
  return names;
}

std::vector<std::string> Group::dataset_names() const {
  std::vector<std::string> links;
  hsize_t index = 0;
  if (failed(H5Literate(id(), H5_INDEX_NAME, H5_ITER_INC, &index, collect_name<H5L_info_t>, &links)))
    fail("cannot list links");
  std::vector<std::string> names;
  for (const std::string& link : links) {
    // Dangling soft or external links do not open; they are not datasets.
    const Handle object(H5Oopen(id(), link.c_str(), H5P_DEFAULT), H5Oclose);
    if (object.valid() && H5Iget_type(object.get()) == H5I_DATASET) names.push_back(link);
  }
  return names;
}

Dataset Group::open_dataset(const std::string& name) const {
  const hid_t did = H5Dopen2(id(), name.c_str(), H5P_DEFAULT);
  if (failed(did)) fail(fmt::format("cannot open dataset '{}'", name));
  return Dataset(Handle(did, H5Dclose), file_, child(name));
}

void Group::write_scalar(const std::string& name, hid_t file_type, hid_t mem_type, const void* data) const {
  const hid_t aid = H5Acreate2(id(), name.c_str(), file_type, Dataspace::scalar().id(), H5P_DEFAULT, H5P_DEFAULT);
  if (failed(aid)) fail(fmt::format("cannot create attribute '{}'", name));
  const Attribute attr(Handle(aid, H5Aclose), file_, fmt::format("{} attribute '{}'", name_, name));
  if (failed(H5Awrite(attr.id(), mem_type, data))) attr.fail("cannot write the value");
}

void Group::write_int(const std::string& name, std::int64_t value) const {
  write_scalar(name, H5T_STD_I64LE, H5T_NATIVE_INT64, &value);
}

void Group::write_double(const std::string& name, double value) const {
  write_scalar(name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, &value);
}

void Group::write_string(const std::string& name, const std::string& value) const {
  if (value.find('\0') != std::string::npos) fail(fmt::format("attribute '{}': string holds a NUL character", name));
  const Datatype type = Datatype::utf8_string(value.size());
  const std::string padded = value.empty() ? std::string(1, '\0') : value;
  write_scalar(name, type.id(), type.id(), padded.data());
}

void Group::write_column(const std::string& name, hid_t file_type, hid_t mem_type, hsize_t n, const void* data) const {
  const Dataspace space = Dataspace::simple_1d(n);
  // One chunk with a Fletcher-32 checksum: a damaged column is an error when read.
  const Handle dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose);
  if (!dcpl.valid()) fail("cannot create dataset properties");
  if (n > 0 && (failed(H5Pset_chunk(dcpl.get(), 1, &n)) || failed(H5Pset_fletcher32(dcpl.get()))))
    fail(fmt::format("dataset '{}': cannot set up its checksum", name));
  const hid_t did = H5Dcreate2(id(), name.c_str(), file_type, space.id(), H5P_DEFAULT, dcpl.get(), H5P_DEFAULT);
  if (failed(did)) fail(fmt::format("cannot create dataset '{}'", name));
  const Dataset set(Handle(did, H5Dclose), file_, child(name));
  if (n > 0 && failed(H5Dwrite(set.id(), mem_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data)))
    set.fail("cannot write the data");
}

void Group::write_ints(const std::string& name, const std::vector<std::int64_t>& values) const {
  write_column(name, H5T_STD_I64LE, H5T_NATIVE_INT64, values.size(), values.data());
}

void Group::write_doubles(const std::string& name, const std::vector<double>& values) const {
  write_column(name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, values.size(), values.data());
}

}  // namespace contra::store::h5
