// Bad input, by kind (tests/CASES.md C5 and C6 and the kinds they stand for): a wrong type, NaN
// or inf, an empty grid, a duplicate key, a grid key or preset that does not exist, a queue as
// large as the training set, an unreadable results folder and a full disk. Each is one line on
// stderr naming the file, the key and the value, a non-zero exit, and nothing recorded as complete.
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "../support/cli.h"
#include "contra/store/run_record.h"

namespace fs = std::filesystem;
using namespace contra::testing;

namespace {

const char* const kTiny =
    " --set data.train_subset=512 --set data.test_subset=200 --set optim.epochs=2 --set optim.batch=128"
    " --set model.width=4 --set method.queue=256 --set eval.knn_random_init=false --threads 1 --quiet";

/// Whatever a run that hit a full disk left behind, nothing says complete.
void no_complete_record(const fs::path& runs) {
  for (const auto& f : files_with(runs, ".h5")) {
    INFO(f.string());
    CHECK(contra::store::get_string(contra::store::read_run(f).attributes, "status", f.string()) == "error");
  }
}

std::string sweep_file(const TempDir& dir, const std::string& body) {
  return write_file(dir / "bad.toml", "name = \"bad\"\nexperiment = \"" + kExperiment + "\"\nseeds = [0]\n" + body);
}

}  // namespace

TEST_CASE("bad input: NaN and inf are refused for every real-valued key", "[e2e][bad-input]") {
  TempDir dir;
  for (const std::string set : {"method.temperature=nan", "method.momentum=inf", "optim.lr=-inf",
                                "augment.blur_sigma_max=inf", "optim.weight_decay=nan", "method.memory_momentum=nan"}) {
    INFO(set);
    const auto key = set.substr(0, set.find('='));
    check_one_line_error(run_cli("train " + quote(kExperiment) + " --dump-config --set " + set, dir),
                         {key, "--set " + set});
  }
  // In a file: the message names the file and its line.
  const auto exp = write_file(dir / "nan.toml", "[method]\ntemperature = nan\n");
  check_one_line_error(run_cli("train " + quote(exp.c_str()) + " --dump-config", dir),
                       {"nan.toml:2", "method.temperature", "nan"});
}

TEST_CASE("bad input: wrong types, duplicate keys and unknown keys in files", "[e2e][bad-input]") {
  TempDir dir;
  const auto wrong = write_file(dir / "wrong.toml", "[optim]\nbatch = \"many\"\n");
  check_one_line_error(run_cli("train " + quote(wrong) + " --dump-config", dir), {"wrong.toml:2", "optim.batch"});
  const auto duplicate = write_file(dir / "dup.toml", "[method]\nmomentum = 0.9\nmomentum = 0.99\n");
  check_one_line_error(run_cli("train " + quote(duplicate) + " --dump-config", dir), {"dup.toml", ":3", "momentum"});
  const auto dup_sweep = sweep_file(dir, "[grid]\n\"method.momentum\" = [0.9]\n\"method.momentum\" = [0.99]\n");
  check_one_line_error(run_cli("sweep " + quote(dup_sweep) + " --dry-run", dir), {"bad.toml", "method.momentum"});
}

TEST_CASE("bad input: sweep grids, keys and presets that do not exist", "[e2e][bad-input]") {
  TempDir dir;
  const auto empty = sweep_file(dir, "[grid]\n\"method.momentum\" = []\n");
  check_one_line_error(run_cli("sweep " + quote(empty) + " --dry-run", dir),
                       {"bad.toml", "method.momentum", "no values"});
  const auto unknown = sweep_file(dir, "[grid]\n\"method.momentm\" = [0.9]\n");
  check_one_line_error(run_cli("sweep " + quote(unknown) + " --dry-run", dir), {"method.momentm"});
  const auto ok = sweep_file(dir, "[grid]\n\"method.momentum\" = [0.9]\n[preset.cpu]\n\"optim.epochs\" = 1\n");
  check_one_line_error(run_cli("sweep " + quote(ok) + " --dry-run --preset gpux", dir), {"gpux", "cpu"});
  const auto nan_grid = sweep_file(dir, "[grid]\n\"method.momentum\" = [0.9, nan]\n");
  check_one_line_error(run_cli("sweep " + quote(nan_grid) + " --dry-run", dir), {"method.momentum", "nan"});
}

TEST_CASE("bad input: a queue as large as the training set is refused unless allowed", "[e2e][bad-input]") {
  TempDir dir;
  // 512 training images, a queue of 512: each query's own older keys would be negatives.
  check_one_line_error(
      run_cli("train " + quote(kExperiment) + " --dump-config --set data.train_subset=512 --set method.queue=512", dir),
      {"method.queue = 512", "512 training images", "own image", "method.allow_own_keys"});
  CHECK(
      run_cli("train " + quote(kExperiment) +
                  " --dump-config --set data.train_subset=512 --set method.queue=512 --set method.allow_own_keys=true",
              dir)
          .code == 0);
  CHECK(
      run_cli("train " + quote(kExperiment) + " --dump-config --set data.train_subset=512 --set method.queue=511", dir)
          .code == 0);
  // The whole training set (train_subset = 0, 60000 images) against the default K = 65536, found
  // by the sweep's preflight from the dataset's header before anything runs.
  const auto whole = sweep_file(dir, "[grid]\n\"method.queue\" = [65536]\n[preset.cpu]\n\"data.train_subset\" = 0\n");
  const auto r = run_cli("sweep " + quote(whole) + " --results " + quote((dir / "results").string()), dir);
  check_one_line_error(r, {"method.queue = 65536", "60000 training images"});
  CHECK(files_with(dir / "results" / "bad" / "cpu" / "runs", ".h5").empty());
}

TEST_CASE("bad input: a results folder that cannot be used is one line, before any run", "[e2e][bad-input]") {
  TempDir dir;
  const auto sweep = sweep_file(dir, "[grid]\n\"method.momentum\" = [0.9]\n");
  // A file where the results folder should be (fails for root too).
  write_file(dir / "blocked", "");
  check_one_line_error(run_cli("sweep " + quote(sweep) + " --results " + quote((dir / "blocked").string()), dir),
                       {"blocked", "is not a folder"});
  if (geteuid() != 0) {  // permissions do not stop root
    fs::create_directories(dir / "locked" / "bad" / "cpu" / "runs");
    fs::permissions(dir / "locked" / "bad" / "cpu" / "runs", fs::perms::none);
    check_one_line_error(run_cli("sweep " + quote(sweep) + " --results " + quote((dir / "locked").string()), dir),
                         {"runs", "cannot read the results folder"});
    fs::permissions(dir / "locked" / "bad" / "cpu" / "runs", fs::perms::owner_all);
  }
}

TEST_CASE("bad input: a disk that fills up mid-run leaves no record claiming completion", "[e2e][bad-input]") {
  TempDir dir;
  // A small tmpfs when this test may mount one (root, or an unprivileged mount namespace).
  const fs::path mnt = dir / "small";
  fs::create_directories(mnt);
  const std::string train =
      quote(kCli) + " train " + quote(kExperiment) + kTiny + " --out " + quote((mnt / "runs").string());
  std::string how;
  if (::mount("tmpfs", mnt.c_str(), "tmpfs", 0, "size=96k") == 0) {
    how = "tmpfs";
    const int status =
        std::system((train + " >" + quote((dir / "out").string()) + " 2>" + quote((dir / "err").string())).c_str());
    const std::string err = read_file(dir / "err");
    INFO("stderr: " << err);
    CHECK((WIFEXITED(status) && WEXITSTATUS(status) != 0));
    CHECK_THAT(err, Catch::Contains(mnt.string()));
    CHECK(lines_of(err).size() == 1);
    no_complete_record(mnt / "runs");
    ::umount(mnt.c_str());
  } else {
    WARN(
        "full-disk test on a tmpfs skipped: this process cannot mount one (not root, or no CAP_SYS_ADMIN in this "
        "container); the file-size limit below simulates the full disk instead");
  }
  // Everywhere: a file-size limit makes every write past 64 KiB fail as a full disk would (EFBIG).
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    rlimit limit{64 * 1024, 64 * 1024};
    setrlimit(RLIMIT_FSIZE, &limit);
    signal(SIGXFSZ, SIG_IGN);
    const std::string command = quote(kCli) + " train " + quote(kExperiment) + kTiny + " --out " +
                                quote((dir / "limited").string()) + " 2>" + quote((dir / "limited-err").string());
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  const std::string err = read_file(dir / "limited-err");
  INFO("file-size limit; stderr: " << err << (how.empty() ? "" : " (tmpfs also tested)"));
  CHECK((WIFEXITED(status) && WEXITSTATUS(status) != 0));
  CHECK(lines_of(err).size() == 1);
  CHECK_THAT(err, Catch::Contains((dir / "limited").string()));
  no_complete_record(dir / "limited");
}

TEST_CASE("bad input: a value or seed listed twice, and SLURM resources that are not SLURM's", "[e2e][bad-input]") {
  TempDir dir;
  const auto twice = sweep_file(dir, "[grid]\n\"method.momentum\" = [0.9, 0.9]\n");
  check_one_line_error(run_cli("sweep " + quote(twice) + " --dry-run", dir),
                       {"bad.toml:5", "method.momentum", "twice"});
  const auto seeds = write_file(dir / "seeds.toml", "name = \"s\"\nexperiment = \"" + kExperiment +
                                                        "\"\nseeds = [0, 0]\n[grid]\n\"method.momentum\" = [0.9]\n");
  check_one_line_error(run_cli("sweep " + quote(seeds) + " --dry-run", dir), {"seeds.toml:3", "seed 0 twice"});
  const auto ok = sweep_file(dir, "[grid]\n\"method.momentum\" = [0.9]\n");
  const std::string slurm =
      "sweep " + quote(ok) + " --launcher slurm --no-submit --results " + quote((dir / "r").string());
  check_one_line_error(run_cli(slurm + " --time abc", dir), {"slurm.time", "abc"});
  check_one_line_error(run_cli(slurm + " --mem lots", dir), {"slurm.memory", "lots"});
  check_one_line_error(run_cli(slurm + " --partition 'a b'", dir), {"slurm.partition"});
  CHECK(run_cli(slurm + " --time 1-00:00:00 --mem 4000M", dir).code == 0);
  // --log-every: a whole number >= 1, in one line (CLI11's own range check printed a float bound).
  for (const char* bad : {"0", "-1", "abc", "1.5", "0x10", "99999999999999999999"}) {
    INFO(bad);
    check_one_line_error(run_cli(slurm + " --log-every " + bad, dir), {"--log-every", "must be a whole number >= 1"});
  }
  // --log-every reaches every task (its ranks agree to stop where they read back).
  REQUIRE(run_cli(slurm + " --log-every 7", dir).code == 0);
  std::string tasks;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir / "r"))
    if (e.path().filename() == "tasks.txt") tasks += read_file(e.path());
  REQUIRE_FALSE(tasks.empty());
  for (const auto& line : contra::testing::lines_of(tasks)) CHECK_THAT(line, Catch::Contains(" --log-every 7 "));
  const auto file =
      write_file(dir / "soon.toml", "name = \"s\"\nexperiment = \"" + kExperiment +
                                        "\"\n[grid]\n\"method.momentum\" = [0.9]\n[slurm]\ntime = \"soon\"\n");
  check_one_line_error(run_cli("sweep " + quote(file) + " --launcher slurm --no-submit", dir),
                       {"soon.toml", "slurm.time", "soon"});
}

TEST_CASE("bad input: a sweep on a truncated dataset, or a subset larger than it, stops before any run",
          "[e2e][bad-input]") {
  TempDir dir;
  const fs::path data = copy_default_dataset(dir / "data");
  const std::string images = read_file(data / "train-images-idx3-ubyte.gz");
  write_file(data / "train-images-idx3-ubyte.gz", images.substr(0, 100000));  // case C6
  const auto sweep = sweep_file(dir, "[grid]\n\"method.momentum\" = [0.9]\n[preset.cpu]\n\"data.root\" = \"" +
                                         data.string() + "\"\n\"data.train_subset\" = 512\n\"method.queue\" = 256\n");
  const fs::path results = dir / "results";
  check_one_line_error(run_cli("sweep " + quote(sweep) + " --results " + quote(results.string()), dir),
                       {"train-images-idx3-ubyte.gz", "truncated"});
  CHECK_FALSE(fs::exists(results / "bad" / "cpu" / "runs"));
  // A subset larger than the dataset: refused by the sweep and by contra train, not silently capped.
  const auto big =
      sweep_file(dir, "[grid]\n\"method.momentum\" = [0.9]\n[preset.cpu]\n\"data.train_subset\" = 70000\n");
  check_one_line_error(run_cli("sweep " + quote(big) + " --results " + quote(results.string()), dir),
                       {"data.train_subset = 70000", "60000"});
  check_one_line_error(
      run_cli("train " + quote(kExperiment) + " --set data.test_subset=20000 --out " + quote((dir / "o").string()),
              dir),
      {"data.test_subset = 20000", "10000"});
}

TEST_CASE("bad input: [report] and [slurm] keys, types and kinds that do not exist", "[e2e][bad-input]") {
  TempDir dir;
  const std::string grid = "[grid]\n\"method.momentum\" = [0.9]\n";  // lines 4-5; the section is line 6
  const auto dry_run = [&](const std::string& body) {
    return run_cli("sweep " + quote(sweep_file(dir, grid + body)) + " --dry-run", dir);
  };
  // An unknown key lists the section's keys.
  check_one_line_error(
      dry_run("[report]\ntitel = \"x\"\n"),
      {"bad.toml:7", "report.titel", "[report] has keys: kind, title, reference,", "reference_columns", "metric"});
  check_one_line_error(dry_run("[slurm]\ncpu = 4\n"),
                       {"bad.toml:7", "slurm.cpu",
                        "[slurm] has keys: partition, account, time, nodes, ntasks_per_node, cpus,", "signal_seconds"});
  // A wrong type names the key, the value and the type expected.
  check_one_line_error(dry_run("[report]\ntitle = 3\n"), {"bad.toml:7", "report.title = 3", "expected a string"});
  check_one_line_error(dry_run("[report]\nlog_x = \"yes\"\n"),
                       {"bad.toml:7", "report.log_x", "yes", "expected a boolean"});
  check_one_line_error(dry_run("[report.reference_columns]\nmoco = 3\n"),
                       {"bad.toml", "report.reference_columns = { moco = 3 }", "expected a table of strings"});
  check_one_line_error(dry_run("[slurm]\ncpus = \"four\"\n"),
                       {"bad.toml:7", "slurm.cpus", "four", "expected an integer"});
  // An unknown report kind lists the kinds, for `contra sweep` and `contra report` alike.
  check_one_line_error(dry_run("[report]\nkind = \"pie\"\n"),
                       {"bad.toml:7", "report.kind = 'pie' is unknown", "valid: ablation, grid, cost, curves"});
  const auto pie = sweep_file(dir, grid + "[report]\nkind = \"pie\"\n");
  fs::create_directories(dir / "r");  // report reads a results folder that is there
  check_one_line_error(run_cli("report " + quote(pie) + " --results " + quote((dir / "r").string()), dir),
                       {"bad.toml:7", "report.kind = 'pie'", "valid: ablation, grid, cost, curves"});
  // The metric measured is a /summary attribute a run records, never a column of "—".
  check_one_line_error(dry_run("[report]\nmetric = \"foo\"\n"),
                       {"bad.toml:7", "report.metric = 'foo' names no /summary attribute", "knn_top1"});
}

TEST_CASE("bad input: a process group this build or device cannot have is one line naming the key", "[e2e]") {
  TempDir dir;
  const std::string train = "train " + quote(kExperiment) + " --nproc 2 --out " + quote((dir / "runs").string());
  check_one_line_error(run_cli(train + " --set run.dist_backend=nccl", dir),
                       {"run.dist_backend", "run.dist_backend = \"nccl\""});
  check_one_line_error(run_cli(train + " --set run.dist_backend=mpi", dir), {"run.dist_backend", "mpi"});
  CHECK_FALSE(std::filesystem::exists(dir / "runs"));
}

TEST_CASE("bad input: --claims-sha takes claim hashes only", "[e2e][bad-input]") {
  TempDir dir;
  for (const std::string v : {"zz", "0123456789ab  ba9876543210", "0123456789AB", "--fresh"}) {
    INFO(v);
    check_one_line_error(run_cli("train " + quote(kExperiment) + " --dump-config --claims-sha=" + quote(v), dir),
                         {"--claims-sha", "12 hex digits"});
  }
  CHECK(run_cli("train " + quote(kExperiment) + " --dump-config --claims-sha '0123456789ab ba9876543210'", dir).code ==
        0);
}
