// The digest a run record carries (store/record_digest.h): its canonical bytes as documented, a
// known SHA-256, and every change made behind the writer's back through the HDF5 library itself
// (so the datasets' Fletcher-32 is recomputed and cannot see it) is refused by read_run in one line.
// scripts/bitflip.sh flips single bits in a real record's file and runs `contra inspect` on each.
#include <catch2/catch.hpp>

#include <hdf5.h>

#include <filesystem>
#include <functional>
#include <string>

#include "../support/temp_dir.h"
#include "contra/core/error.h"
#include "contra/store/hdf5.h"
#include "contra/store/record_digest.h"
#include "contra/store/run_record.h"

namespace fs = std::filesystem;
using namespace contra::store;

namespace {

RunRecord small_record() {
  RunRecord r;
  r.attributes["run_id"] = std::string("abc");
  r.attributes["status"] = std::string("complete");
  r.attributes["seed"] = std::int64_t{3};
  r.axes["method.momentum"] = 0.99;
  r.steps["loss"] = std::vector<double>{2.5, 1.25};
  r.steps["step"] = std::vector<std::int64_t>{0, 1};
  r.epochs["knn_top1"] = std::vector<double>{71.5};
  r.summary["knn_top1"] = 71.5;
  r.summary["linear_top1"] = 80.25;
  return r;
}

std::string u64(std::uint64_t v) {
  std::string out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xffu));
  return out;
}

/// Opens `path` read-write through the HDF5 library, lets `change` act on its root group, closes it.
void change_file(const fs::path& path, const std::function<void(hid_t root)>& change) {
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  REQUIRE(file >= 0);
  const hid_t root = H5Gopen2(file, "/", H5P_DEFAULT);
  REQUIRE(root >= 0);
  change(root);
  H5Gclose(root);
  REQUIRE(H5Fclose(file) >= 0);
}

std::string read_error(const fs::path& path) {
  try {
    read_run(path);
  } catch (const contra::core::ContraError& e) {
    return e.what();
  }
  return "(read without an error)";
}

void replace_double_attribute(hid_t group, const char* name, double value) {
  REQUIRE(H5Adelete(group, name) >= 0);
  const hid_t space = H5Screate(H5S_SCALAR);
  const hid_t attr = H5Acreate2(group, name, H5T_IEEE_F64LE, space, H5P_DEFAULT, H5P_DEFAULT);
  REQUIRE(attr >= 0);
  REQUIRE(H5Awrite(attr, H5T_NATIVE_DOUBLE, &value) >= 0);
  H5Aclose(attr);
  H5Sclose(space);
}

}  // namespace

TEST_CASE("digest: the canonical bytes are as documented, and the digest is their SHA-256", "[store]") {
  RunRecord r;
  r.attributes["b"] = std::string("xy");
  r.attributes["a"] = std::int64_t{-1};
  r.attributes[kDigestAttribute] = std::string("sha256:left out");
  r.summary["k"] = 0.5;
  r.epochs["e"] = std::vector<std::int64_t>{7};
  const std::string want = "/\n" + std::string("a\0i", 3) + u64(1) + u64(~std::uint64_t{0}) + std::string("b\0s", 3) +
                           u64(2) + "xy" + "/axes\n/steps\n/epochs\n" + std::string("e\0I", 3) + u64(1) + u64(7) +
                           "/summary\n" + std::string("k\0f", 3) + u64(1) + u64(0x3fe0000000000000ull);
  CHECK(canonical_bytes(r) == want);
  // A known answer: SHA-256 of the empty record's bytes "/\n/axes\n/steps\n/epochs\n/summary\n",
  // computed outside contra (Python's hashlib).
  CHECK(record_digest(RunRecord{}) == "sha256:b8dbe6e6a39feacc3b585bb894a256145d05be52d84aa74705be7cab2a1cbf3e");
  // Every value, name and type counts.
  auto other = r;
  other.summary["k"] = 0.5000000000000001;
  CHECK(record_digest(other) != record_digest(r));
  other = r;
  other.summary["k"] = std::int64_t{0};
  CHECK(record_digest(other) != record_digest(r));
  other = r;
  other.epochs["e"] = std::vector<double>{7.0};
  CHECK(record_digest(other) != record_digest(r));
  other = r;
  other.attributes.erase(kDigestAttribute);
  CHECK(record_digest(other) == record_digest(r));
}

TEST_CASE("digest: a record reads back verified, and every change behind the writer's back is refused", "[store]") {
  contra::testing::TempDir scratch;
  const fs::path path = scratch / "abc.h5";
  write_run(path, small_record());
  const RunRecord read = read_run(path);
  CHECK(read.attributes.count(kDigestAttribute) == 0);  // checked, then taken out
  CHECK(std::get<std::int64_t>(read.attributes.at("schema_version")) == kSchemaVersion);
  CHECK(read.summary == small_record().summary);
  // Writing a record read back (annotate_partial, a resumed run) gives it a digest of its own again.
  write_run(path, read);
  CHECK(read_run(path).summary == read.summary);

  const auto refused = [&](const std::string& what, const std::function<void(hid_t)>& change, const char* says) {
    write_run(path, small_record());
    change_file(path, change);
    const std::string message = read_error(path);
    INFO(what << ": " << message);
    CHECK(message.rfind("cannot read run file '" + path.string() + "'", 0) == 0);
    CHECK(message.find(says) != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  };
  const char* mismatch = "do not match the checksum written with them";
  refused(
      "a value of a column rewritten (its Fletcher-32 recomputed)",
      [](hid_t root) {
        const hid_t set = H5Dopen2(root, "steps/loss", H5P_DEFAULT);
        const double values[2] = {2.5, 1.0};
        REQUIRE(H5Dwrite(set, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values) >= 0);
        H5Dclose(set);
      },
      mismatch);
  refused(
      "the /summary group deleted", [](hid_t root) { REQUIRE(H5Ldelete(root, "summary", H5P_DEFAULT) >= 0); },
      mismatch);
  refused(
      "the /epochs group deleted", [](hid_t root) { REQUIRE(H5Ldelete(root, "epochs", H5P_DEFAULT) >= 0); }, mismatch);
  refused(
      "a column deleted", [](hid_t root) { REQUIRE(H5Ldelete(root, "steps/step", H5P_DEFAULT) >= 0); }, mismatch);
  refused(
      "a /summary attribute changed",
      [](hid_t root) {
        const hid_t summary = H5Gopen2(root, "summary", H5P_DEFAULT);
        replace_double_attribute(summary, "linear_top1", 500.0);
        H5Gclose(summary);
      },
      mismatch);
  refused(
      "a root attribute deleted", [](hid_t root) { REQUIRE(H5Adelete(root, "seed") >= 0); }, mismatch);
  refused(
      "the digest deleted", [](hid_t root) { REQUIRE(H5Adelete(root, kDigestAttribute) >= 0); },
      "its root attribute 'record_sha256' is missing");
  refused(
      "the digest made a number", [](hid_t root) { replace_double_attribute(root, kDigestAttribute, 1.0); },
      "its root attribute 'record_sha256' is not a string");
}
