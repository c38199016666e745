#include "contra/store/hdf5_handle.h"

#include <algorithm>

#include <system_error>
#include <utility>

#include "contra/core/error.h"

namespace contra::store::h5 {

// ---- Handle ---------------------------------------------------------------

Handle& Handle::operator=(Handle&& other) noexcept {
  if (this != &other) {
    reset();
    id_ = std::exchange(other.id_, H5I_INVALID_HID);
    closer_ = other.closer_;
  }
  return *this;
}

bool Handle::reset() noexcept {
  if (id_ < 0 || closer_ == nullptr) return true;
  const herr_t status = closer_(id_);
  id_ = H5I_INVALID_HID;
  return status >= 0;
}

void silence_errors() noexcept { H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr); }

void Object::fail(const std::string& problem) const { core::fail("HDF5 file '{}', {}: {}", file_, name_, problem); }

Handle compact_storage(hid_t property_class) {
  Handle plist(H5Pcreate(property_class), H5Pclose);
  // Links and attributes stay in the object header (checksummed, as every object header of the
  // 1.8+ format), never in "dense" storage: a fractal heap and a B-tree whose damage HDF5 1.10
  // can meet with a crash (a flipped bit there aborted `contra inspect` in free(); scripts/bitflip.py).
  if (!plist.valid() || failed(H5Pset_link_phase_change(plist.get(), kMaxCompact, kMaxCompact)) ||
      failed(H5Pset_attr_phase_change(plist.get(), kMaxCompact, kMaxCompact)))
    return Handle(-1, H5Pclose);
  return plist;
}

// ---- File -----------------------------------------------------------------

File File::create(const std::filesystem::path& path) {
  silence_errors();
  // The 1.8+ file format checksums every piece of metadata (superblock, object headers, where the
  // attributes live), so a damaged file is an error when read, never a crash or a silent change.
  const Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose);
  if (!fapl.valid() || failed(H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V18, H5F_LIBVER_LATEST)))
    core::fail("HDF5: cannot set the file format for '{}'", path.string());
  const Handle fcpl(compact_storage(H5P_FILE_CREATE));
  if (!fcpl.valid()) core::fail("HDF5: cannot set the storage of the root group of '{}'", path.string());
  const hid_t id = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, fcpl.get(), fapl.get());
  if (failed(id)) core::fail("cannot create HDF5 file '{}'", path.string());
  return File(Handle(id, H5Fclose), path.string(), "/");
}

File File::open_read(const std::filesystem::path& path) {
  silence_errors();
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) core::fail("cannot read '{}': no such file", path.string());
  if (!std::filesystem::is_regular_file(status)) core::fail("cannot read '{}': not a regular file", path.string());
#if H5_VERSION_GE(1, 12, 0)
  const htri_t is_hdf5 = H5Fis_accessible(path.c_str(), H5P_DEFAULT);
#else
  const htri_t is_hdf5 = H5Fis_hdf5(path.c_str());
#endif
  if (is_hdf5 <= 0) core::fail("cannot read '{}': not an HDF5 file (or not readable)", path.string());
  const hid_t id = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (failed(id))
    core::fail("cannot open HDF5 file '{}': damaged (truncated, or its superblock or root group unreadable)",
               path.string());
  return File(Handle(id, H5Fclose), path.string(), "/");
}

void File::close() {
  if (!handle_.reset()) core::fail("cannot close (flush) HDF5 file '{}'", file_);
}

// ---- Dataspace and Datatype -------------------------------------------------

Dataspace Dataspace::scalar() {
  const hid_t id = H5Screate(H5S_SCALAR);
  if (failed(id)) core::fail("HDF5: cannot create a scalar dataspace");
  return Dataspace(Handle(id, H5Sclose));
}

Dataspace Dataspace::simple_1d(hsize_t n) {
  const hsize_t dims[1] = {n};
  const hid_t id = H5Screate_simple(1, dims, nullptr);
  if (failed(id)) core::fail("HDF5: cannot create a 1-D dataspace of {} elements", n);
  return Dataspace(Handle(id, H5Sclose));
}

bool Dataspace::is_scalar() const { return H5Sget_simple_extent_type(id()) == H5S_SCALAR; }

int Dataspace::rank() const { return H5Sget_simple_extent_ndims(id()); }

hsize_t Dataspace::size() const {
  const hssize_t n = H5Sget_simple_extent_npoints(id());
  return n < 0 ? 0 : static_cast<hsize_t>(n);
}

Datatype Datatype::utf8_string(std::size_t bytes) {
  // Fixed length: the text sits in the (checksummed) object header, not in the global heap that
  // variable-length strings use, whose damaged lengths crash H5Aread.
  Datatype type(Handle(H5Tcopy(H5T_C_S1), H5Tclose));
  if (failed(type.id()) || failed(H5Tset_size(type.id(), std::max<std::size_t>(bytes, 1))) ||
      failed(H5Tset_strpad(type.id(), H5T_STR_NULLPAD)) || failed(H5Tset_cset(type.id(), H5T_CSET_UTF8))) {
    core::fail("HDF5: cannot create a UTF-8 string type of {} bytes", bytes);
  }
  return type;
}

}  // namespace contra::store::h5
