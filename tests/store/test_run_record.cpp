#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>

#include "contra/core/error.h"
#include "contra/store/hdf5.h"
#include "contra/store/run_record.h"

namespace fs = std::filesystem;
using namespace contra::store;
using contra::core::ContraError;

namespace {

// A fresh directory under the system temp directory, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    const auto stamp = std::chrono::steady_clock::now().time_since_epoch().count();
    path_ =
        fs::temp_directory_path() / ("contra-store-test-" + std::to_string(stamp) + "-" + std::to_string(counter++));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

RunRecord sample_record() {
  RunRecord r;
  r.attributes["run_id"] = std::string("simclr-m0.99-s1");
  r.attributes["status"] = std::string("complete");
  r.attributes["reason"] = std::string("");
  r.attributes["config"] = std::string("[method]\nname = \"simclr\"\n# naïve — ünïcode ✓\n");
  r.attributes["seed"] = std::int64_t{-42};
  r.attributes["big"] = std::numeric_limits<std::int64_t>::max();
  r.attributes["temperature"] = 0.07;
  r.axes["method.momentum"] = 0.99;
  r.axes["data.batch_size"] = std::int64_t{256};
  r.axes["method.name"] = std::string("byol");
  r.steps["step"] = std::vector<std::int64_t>{0, 10, 20};
  r.steps["loss"] = std::vector<double>{2.5, 1.25, -0.0};
  r.steps["lr"] = std::vector<double>{0.1, std::numeric_limits<double>::quiet_NaN(), 1e-300};
  r.epochs["epoch"] = std::vector<std::int64_t>{1};
  r.epochs["knn_top1"] = std::vector<double>{0.5};
  r.epochs["empty"] = std::vector<double>{};
  r.summary["train_seconds"] = 12.5;
  r.summary["peak_memory_bytes"] = std::int64_t{1} << 40;
  r.summary["note"] = std::string("ok");
  return r;
}

// Columns compare equal, NaN matching NaN.
bool same_column(const Column& a, const Column& b) {
  if (a.index() != b.index()) return false;
  if (a.index() == 0) return std::get<0>(a) == std::get<0>(b);
  const auto& x = std::get<1>(a);
  const auto& y = std::get<1>(b);
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!(x[i] == y[i] || (std::isnan(x[i]) && std::isnan(y[i])))) return false;
  }
  return true;
}

void check_columns(const Columns& got, const Columns& want) {
  REQUIRE(got.size() == want.size());
  for (const auto& [name, column] : want) {
    INFO("column " << name);
    REQUIRE(got.count(name) == 1);
    CHECK(same_column(got.at(name), column));
  }
}

template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const ContraError& e) {
    return e.what();
  }
  FAIL("expected a ContraError");
  return {};
}

}  // namespace

TEST_CASE("write_run and read_run round-trip every type", "[store]") {
  TempDir dir;
  const fs::path path = dir.path() / "run.h5";
  const RunRecord written = sample_record();
  write_run(path, written);
  CHECK_FALSE(fs::exists(dir.path() / "run.h5.tmp"));

  const RunRecord read = read_run(path);
  Attributes want = written.attributes;
  want["schema_version"] = kSchemaVersion;
  CHECK(read.attributes == want);
  CHECK(read.axes == written.axes);
  CHECK(read.summary == written.summary);
  check_columns(read.steps, written.steps);
  check_columns(read.epochs, written.epochs);
  CHECK(std::signbit(std::get<std::vector<double>>(read.steps.at("loss"))[2]));

  SECTION("writing a record read back keeps the current schema version") {
    write_run(path, read);  // overwrites
    CHECK(get_int(read_run(path).attributes, "schema_version", "x") == kSchemaVersion);
  }
}

TEST_CASE("save_partial then commit leave only <id>.h5", "[store]") {
  TempDir dir;
  RunRecord record = sample_record();
  save_partial(dir.path(), "r1", record);
  CHECK(fs::exists(partial_path(dir.path(), "r1")));
  CHECK(partial_path(dir.path(), "r1").filename() == "r1.h5.partial");
  record.attributes["status"] = std::string("fail");
  save_partial(dir.path(), "r1", record);  // overwrites
  commit(dir.path(), "r1", record);

  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir.path())) names.push_back(entry.path().filename().string());
  CHECK(names == std::vector<std::string>{"r1.h5"});
  CHECK(final_path(dir.path(), "r1") == dir.path() / "r1.h5");
  CHECK(get_string(read_run(final_path(dir.path(), "r1")).attributes, "status", "r1") == "fail");
  CHECK_THROWS_AS(final_path(dir.path(), "a/b"), ContraError);
}

TEST_CASE("commit keeps the record it replaces as <id>.h5.previous, and only the last one", "[store]") {
  TempDir dir;
  RunRecord record = sample_record();
  const auto committed = [&](const std::string& status) {
    record.attributes["status"] = status;
    save_partial(dir.path(), "r1", record);
    commit(dir.path(), "r1", record);
  };
  const fs::path final = final_path(dir.path(), "r1"), previous = dir.path() / "r1.h5.previous";
  committed("complete");
  CHECK_FALSE(fs::exists(previous));  // nothing was replaced
  committed("fail");
  REQUIRE(fs::exists(previous));
  CHECK(get_string(read_run(previous).attributes, "status", "previous") == "complete");
  CHECK(get_string(read_run(final).attributes, "status", "final") == "fail");
  // Failed attempts in a row never push the complete record out of .previous.
  committed("error");
  CHECK(get_string(read_run(previous).attributes, "status", "previous") == "complete");
  CHECK(get_string(read_run(final).attributes, "status", "final") == "error");
  CHECK_FALSE(fs::exists(partial_path(dir.path(), "r1")));
  // A complete record replaced by another takes .previous: one generation, the newer.
  record.attributes["reason"] = std::string("second");
  committed("complete");
  committed("complete");
  CHECK(get_string(read_run(previous).attributes, "reason", "previous") == "second");
  // Over a .previous that is not complete, any record replaced takes its place.
  fs::remove(previous);
  fs::remove(final);
  committed("fail");
  committed("error");
  CHECK(get_string(read_run(previous).attributes, "status", "previous") == "fail");
  committed("error");
  CHECK(get_string(read_run(previous).attributes, "status", "previous") == "error");
}

TEST_CASE("a schema_version 1 record that carries a digest is refused: no such record was ever written", "[store]") {
  TempDir dir;
  const fs::path path = dir.path() / "run.h5";
  write_run(path, sample_record());
  {
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    REQUIRE(file >= 0);
    const hid_t attr = H5Aopen(file, "schema_version", H5P_DEFAULT);
    const std::int64_t one = 1;
    REQUIRE(H5Awrite(attr, H5T_NATIVE_INT64, &one) >= 0);
    H5Aclose(attr);
    REQUIRE(H5Fclose(file) >= 0);
  }
  const std::string message = error_of([&] { read_run(path); });
  CHECK_THAT(message, Catch::Contains(path.string()) &&
                          Catch::Contains("schema_version 1, which predates checksums, beside a root attribute "
                                          "'record_sha256'"));
}

TEST_CASE("commit never leaves a partial record that says complete, even when the final write fails", "[store]") {
  // A kill between writing the finished record and renaming it used to leave <id>.h5.partial with
  // status complete; a final path that cannot be written stands in for that moment here.
  TempDir dir;
  RunRecord record = sample_record();
  record.attributes["status"] = std::string("running");
  save_partial(dir.path(), "r1", record);
  fs::create_directories(final_path(dir.path(), "r1") / "blocker");  // a non-empty folder: rename onto it fails
  record.attributes["status"] = std::string("complete");
  CHECK_THROWS_AS(commit(dir.path(), "r1", record), ContraError);
  CHECK(get_string(read_run(partial_path(dir.path(), "r1")).attributes, "status", "r1") == "running");
}

TEST_CASE("read_run rejects missing, non-HDF5, truncated and foreign files, naming the path", "[store]") {
  TempDir dir;
  const fs::path missing = dir.path() / "missing.h5";
  std::string message = error_of([&] { read_run(missing); });
  CHECK_THAT(message, Catch::Contains(missing.string()) && Catch::Contains("no such file"));

  const fs::path text = dir.path() / "garbage.h5";
  std::ofstream(text) << "this is not HDF5\n";
  message = error_of([&] { read_run(text); });
  CHECK_THAT(message, Catch::Contains(text.string()) && Catch::Contains("not an HDF5 file"));

  // Truncated: its signature reads, the rest does not; the message says damaged.
  const fs::path truncated = dir.path() / "truncated.h5";
  write_run(truncated, sample_record());
  fs::resize_file(truncated, fs::file_size(truncated) / 2);
  message = error_of([&] { read_run(truncated); });
  CHECK_THAT(message, Catch::Contains(truncated.string()) && Catch::Contains("damaged"));

  const fs::path foreign = dir.path() / "foreign.h5";
  {
    h5::File file = h5::File::create(foreign);
    h5::Group::root(file).write_string("title", "someone else's file");
    file.close();
  }
  message = error_of([&] { read_run(foreign); });
  CHECK_THAT(message, Catch::Contains(foreign.string()) && Catch::Contains("schema_version"));
  CHECK(message.find('\n') == std::string::npos);
}

TEST_CASE("write_run into a missing directory throws, naming the path", "[store]") {
  TempDir dir;
  const fs::path path = dir.path() / "no" / "such" / "run.h5";
  CHECK_THAT(error_of([&] { write_run(path, sample_record()); }), Catch::Contains(path.string()));
}

TEST_CASE("a file of an older, minimal schema reads with empty groups", "[store]") {
  TempDir dir;
  const fs::path path = dir.path() / "old.h5";
  {
    // Only the root attributes; no /axes, /steps, /epochs or /summary.
    h5::File file = h5::File::create(path);
    {
      const h5::Group root = h5::Group::root(file);
      root.write_int("schema_version", 1);
      root.write_string("run_id", "old");
    }
    file.close();
  }
  const RunRecord record = read_run(path);
  CHECK(get_string(record.attributes, "run_id", path.string()) == "old");
  CHECK(record.axes.empty());
  CHECK(record.steps.empty());
  CHECK(record.epochs.empty());
  CHECK(record.summary.empty());
  CHECK(column_as_double(record.steps, "loss").empty());

  // A record with empty maps round-trips to empty maps too.
  write_run(path, RunRecord{});
  const RunRecord empty = read_run(path);
  CHECK(empty.attributes == Attributes{{"schema_version", kSchemaVersion}});
  CHECK(empty.axes.empty());
  CHECK(empty.steps.empty());
  CHECK(empty.summary.empty());
}

TEST_CASE("typed attribute access names what and the key", "[store]") {
  const Attributes attrs{{"n", std::int64_t{3}}, {"x", 0.5}, {"s", std::string("hi")}};
  CHECK(get_string(attrs, "s", "f.h5") == "hi");
  CHECK(get_double(attrs, "x", "f.h5") == 0.5);
  CHECK(get_double(attrs, "n", "f.h5") == 3.0);
  CHECK(get_int(attrs, "n", "f.h5") == 3);

  CHECK_THAT(error_of([&] { get_string(attrs, "absent", "f.h5"); }),
             Catch::Contains("f.h5") && Catch::Contains("'absent'") && Catch::Contains("missing"));
  CHECK_THAT(error_of([&] { get_string(attrs, "n", "f.h5"); }),
             Catch::Contains("f.h5") && Catch::Contains("'n'") && Catch::Contains("int64"));
  CHECK_THAT(error_of([&] { get_int(attrs, "x", "f.h5"); }), Catch::Contains("f.h5") && Catch::Contains("'x'"));
  CHECK_THAT(error_of([&] { get_double(attrs, "s", "f.h5"); }), Catch::Contains("'s'"));

  const Columns cols{{"i", std::vector<std::int64_t>{1, 2}}, {"d", std::vector<double>{0.25}}};
  CHECK(column_as_double(cols, "i") == std::vector<double>{1.0, 2.0});
  CHECK(column_as_double(cols, "d") == std::vector<double>{0.25});
  CHECK(column_as_double(cols, "absent").empty());
}

TEST_CASE("attributes and columns of other tools' types read back", "[store]") {
  // h5py and pandas may write fixed-length strings and 32-bit numbers; the reader converts them.
  TempDir dir;
  const fs::path path = dir.path() / "other.h5";
  {
    h5::File file = h5::File::create(path);
    {
      const h5::Group root = h5::Group::root(file);
      root.write_int("schema_version", 1);
      const h5::Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
      REQUIRE(H5Tset_size(type.get(), 8) >= 0);
      REQUIRE(H5Tset_strpad(type.get(), H5T_STR_SPACEPAD) >= 0);
      const h5::Dataspace scalar = h5::Dataspace::scalar();
      const h5::Handle fixed(H5Acreate2(root.id(), "fixed", type.get(), scalar.id(), H5P_DEFAULT, H5P_DEFAULT),
                             H5Aclose);
      REQUIRE(H5Awrite(fixed.get(), type.get(), "abc     ") >= 0);
      const std::int32_t small = -7;
      const h5::Handle i32(H5Acreate2(root.id(), "i32", H5T_STD_I32BE, scalar.id(), H5P_DEFAULT, H5P_DEFAULT),
                           H5Aclose);
      REQUIRE(H5Awrite(i32.get(), H5T_NATIVE_INT32, &small) >= 0);
      const h5::Group steps = root.create_group("steps");
      const float values[2] = {0.5f, 1.5f};
      const h5::Dataspace two = h5::Dataspace::simple_1d(2);
      const h5::Handle f32(
          H5Dcreate2(steps.id(), "f32", H5T_IEEE_F32LE, two.id(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose);
      REQUIRE(H5Dwrite(f32.get(), H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values) >= 0);
    }
    file.close();
  }
  const RunRecord record = read_run(path);
  CHECK(get_string(record.attributes, "fixed", "other") == "abc");
  CHECK(get_int(record.attributes, "i32", "other") == -7);
  CHECK(column_as_double(record.steps, "f32") == std::vector<double>{0.5, 1.5});
}

TEST_CASE("a damaged record reads as an error or as itself, never as a crash or another record", "[store]") {
  // Checksummed metadata (HDF5 1.8+ format), Fletcher-32 columns and strings in the object headers:
  // flip bytes all over a record and read each copy in a child process, which must exit normally.
  TempDir dir;
  const fs::path path = dir.path() / "run.h5";
  const RunRecord written = sample_record();
  write_run(path, written);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  REQUIRE(bytes.size() > 1000);
  int errors = 0, same = 0;
  for (std::size_t pos = 0; pos < bytes.size(); pos += 37) {
    INFO("byte " << pos << " of " << bytes.size());
    std::string copy = bytes;
    copy[pos] = static_cast<char>(copy[pos] ^ 0x5a);
    const fs::path damaged = dir.path() / "damaged.h5";
    {
      std::ofstream out(damaged, std::ios::binary | std::ios::trunc);
      out << copy;
    }
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
      try {
        const RunRecord r = read_run(damaged);
        const bool equal = r.axes == written.axes && r.summary == written.summary &&
                           r.attributes.size() == written.attributes.size() + 1 &&
                           r.attributes.at("config") == written.attributes.at("config");
        _exit(equal ? 0 : 3);
      } catch (const ContraError&) {
        _exit(1);
      } catch (...) {
        _exit(4);
      }
    }
    int status = 0;
    waitpid(pid, &status, 0);
    REQUIRE(WIFEXITED(status));       // no crash
    CHECK(WEXITSTATUS(status) != 3);  // never another record
    CHECK(WEXITSTATUS(status) != 4);  // only ContraError
    (WEXITSTATUS(status) == 1 ? errors : same) += 1;
  }
  CHECK(errors > 0);
  INFO(errors << " errors, " << same << " read as the original");
}
