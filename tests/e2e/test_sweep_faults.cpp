// Sweeps that survive (issue: resume, crashes, concurrent runners): kill -9 at random moments never
// leaves a record that claims to be complete but isn't, and the sweep run again finishes with the
// same numbers as an uninterrupted one; a killed or throwing run does not stop the others; two
// sweeps at once never train a run twice; a damaged record is named and skipped.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "../support/cli.h"
#include "contra/store/run_record.h"

namespace fs = std::filesystem;
using namespace contra::testing;

namespace {

/// Four tiny runs (2 momenta × 2 seeds), each 3 epochs of 8 steps.
std::string tiny_sweep(const TempDir& dir, const std::string& axes = "[grid]\n\"method.momentum\" = [0.9, 0.99]\n") {
  return write_file(dir / "faults.toml",
                    "name = \"faults\"\n"
                    "experiment = \"" +
                        kExperiment +
                        "\"\n"
                        "references = \"" +
                        kSource +
                        "/analysis/references\"\n"
                        "seeds = [0, 1]\n"
                        "baselines = []\n" +  // the soak (scripts/soak.sh) kills sweeps with baselines
                        axes +
                        "[preset.cpu]\n"
                        "\"data.train_subset\" = 512\n"
                        "\"data.test_subset\" = 200\n"
                        "\"optim.epochs\" = 3\n"
                        "\"optim.batch\" = 64\n"
                        "\"model.bn_splits\" = 4\n"
                        "\"model.width\" = 4\n"
                        "\"method.queue\" = 256\n"
                        "[report]\n"
                        "reference = \"moco_v1.momentum_ablation\"\n"
                        "reference_x = \"momentum\"\n"
                        "reference_y = \"top1\"\n"
                        "x = \"method.momentum\"\n"
                        "claims = false\n");  // two of the paper's rows
}

/// Starts `contra <args>` in a process group of its own (so the whole sweep, children included,
/// can be killed at once), output to `log`.
pid_t start_group(const std::string& args, const fs::path& log) {
  const pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    const std::string command = "exec " + quote(kCli) + " " + args + " >>" + quote(log.string()) + " 2>&1";
    execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid, pid);
  return pid;
}

/// A sweep whose runs all finished: 0, or 3 when some were recorded as fail (the tiny runs here
/// can end within 10% of the chance loss, which the fail rule flags).
bool finished(int code) { return code == 0 || code == 3; }

int wait_exit_code(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/// Every file a sweep leaves in runs/ is a complete record, a partial one, a checkpoint, a lock or
/// a temporary file; every .h5 reads, says complete or fail, and holds every epoch and step.
/// Returns the ids with a final record.
std::set<std::string> check_records(const fs::path& runs, int& checked) {
  std::set<std::string> finals;
  if (!fs::is_directory(runs)) return finals;
  for (const auto& entry : fs::directory_iterator(runs)) {
    const std::string name = entry.path().filename().string();
    INFO(entry.path().string());
    const auto ends = [&](const std::string& s) {
      return name.size() >= s.size() && name.compare(name.size() - s.size(), s.size(), s) == 0;
    };
    CHECK((ends(".h5") || ends(".h5.partial") || ends(".ckpt") || ends(".lock") || ends(".tmp")));
    if (ends(".h5")) {
      ++checked;
      const auto rec = contra::store::read_run(entry.path());  // throws on a damaged file
      const auto status = contra::store::get_string(rec.attributes, "status", name);
      CHECK((status == "complete" || status == "fail"));
      CHECK(contra::store::column_as_double(rec.epochs, "epoch").size() == 3);
      CHECK(contra::store::column_as_double(rec.steps, "loss").size() == 24);
      CHECK(rec.summary.count("knn_top1") == 1);
      finals.insert(name.substr(0, name.size() - 3));
    } else if (ends(".h5.partial")) {
      ++checked;
      const auto rec = contra::store::read_run(entry.path());
      CHECK(contra::store::get_string(rec.attributes, "status", name) != "complete");
    }
  }
  return finals;
}

std::map<std::string, std::vector<double>> losses_by_run(const fs::path& runs) {
  std::map<std::string, std::vector<double>> out;
  for (const auto& f : files_with(runs, ".h5")) {
    const auto rec = contra::store::read_run(f);
    auto loss = contra::store::column_as_double(rec.steps, "loss");
    loss.push_back(contra::store::get_double(rec.summary, "knn_top1", f.string()));
    out[f.filename().string()] = loss;
  }
  return out;
}

}  // namespace

TEST_CASE("fault injection: kill -9 of the whole sweep at random moments loses nothing", "[e2e][fault]") {
  TempDir dir;
  const auto sweep = tiny_sweep(dir);
  // The reference: the same sweep, never interrupted.
  const auto reference =
      run_cli("sweep " + quote(sweep) + " --results " + quote((dir / "reference").string()) + " --jobs 2", dir);
  INFO(reference.out << reference.err);
  REQUIRE(finished(reference.code));

  const fs::path results = dir / "killed", runs = results / "faults" / "cpu" / "runs";
  const std::string args = "sweep " + quote(sweep) + " --results " + quote(results.string()) + " --jobs 2 --no-report";
  std::mt19937 rng(12345);
  std::uniform_int_distribution<int> delay_ms(50, 1800);
  const auto a = losses_by_run(dir / "reference" / "faults" / "cpu" / "runs");
  REQUIRE(a.size() == 4);
  int trials = 0, kills = 0, checked = 0, lost = 0, rounds = 0;
  std::set<std::string> complete;  // runs seen with a final record in this round
  const auto budget = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (trials < 40 && std::chrono::steady_clock::now() < budget) {
    ++trials;
    const pid_t pid = start_group(args, dir / "killed.log");
    std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms(rng)));
    if (kill(-pid, SIGKILL) == 0) ++kills;
    wait_exit_code(pid);
    const auto finals = check_records(runs, checked);
    for (const auto& id : complete) lost += finals.count(id) ? 0 : 1;
    complete.insert(finals.begin(), finals.end());
    if (complete.size() == 4) {
      // A round is over: every run finished through kills, with the uninterrupted numbers. Start over.
      CHECK(losses_by_run(runs) == a);
      ++rounds;
      complete.clear();
      fs::remove_all(results);
    }
  }
  // Then the sweep finishes what is left, resuming from the checkpoints.
  const auto last = run_cli(args, dir);
  INFO(last.out << last.err << read_file(dir / "killed.log"));
  CHECK(finished(last.code));
  check_records(runs, checked);
  CHECK(losses_by_run(runs) == a);  // every loss of every step and every kNN accuracy, bit for bit
  CHECK(lost == 0);
  CHECK(kills >= 1);
  CHECK(kills >= 10);
  std::cout << "fault injection: " << trials << " trials, " << kills << " kills (" << rounds
            << " rounds of 4 runs finished through kills), " << checked << " records checked, " << lost
            << " records lost\n";
}

TEST_CASE("a killed run and a throwing run do not stop the sweep, and the killed one resumes", "[e2e][fault]") {
  TempDir dir;
  // A first block whose runs throw at start-up (513 images in batches of 64 leave a batch of 1), a
  // second whose runs diverge (lr 1e30: a non-finite loss, recorded as fail), then four good runs.
  const auto sweep = tiny_sweep(dir,
                                "[[block]]\n\"method.momentum\" = [0.999]\n\"data.drop_last\" = false\n"
                                "\"data.train_subset\" = 513\n[[block]]\n\"method.momentum\" = [0.5]\n"
                                "\"optim.lr\" = 1e30\n[[block]]\n\"method.momentum\" = [0.9, 0.99]\n");
  const fs::path results = dir / "results", runs = results / "faults" / "cpu" / "runs";
  const pid_t pid = start_group(
      "sweep " + quote(sweep) + " --results " + quote(results.string()) + " --jobs 1 --no-report", dir / "sweep.log");
  // Kill the first run that gets a partial record (after its first epoch), and only that run.
  pid_t victim = 0;
  std::string victim_id;
  for (int i = 0; i < 7200 && victim == 0; ++i) {  // up to 3 minutes (a loaded machine is slow to get there)
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
    for (const auto& p : files_with(runs, ".ckpt")) {
      victim_id = p.filename().string().substr(0, 12);
      const std::string holder = read_file(runs / (victim_id + ".lock"));  // "host pid N"
      const auto at = holder.rfind("pid ");
      if (at != std::string::npos) victim = static_cast<pid_t>(std::stol(holder.substr(at + 4)));
    }
  }
  REQUIRE(victim > 0);
  kill(victim, SIGKILL);
  const int code = wait_exit_code(pid);
  const std::string log = read_file(dir / "sweep.log");
  INFO(log);
  CHECK(code == 1);  // some runs did not finish
  CHECK_THAT(log, Catch::Contains("killed by SIGKILL"));
  CHECK_THAT(log, Catch::Contains("exit code 2, no record"));  // the throwing runs
  CHECK(files_with(runs, ".h5").size() == 5);                  // the two diverged runs and the three other good runs
  const auto partial = contra::store::read_run(runs / (victim_id + ".h5.partial"));
  CHECK(contra::store::get_string(partial.attributes, "status", "partial") == "error");
  CHECK_THAT(contra::store::get_string(partial.attributes, "reason", "partial"), Catch::Contains("killed by SIGKILL"));

  const auto status = run_cli("status " + quote(sweep) + " --results " + quote(results.string()), dir);
  INFO(status.out << status.err);
  CHECK(status.code == 0);
  CHECK_THAT(status.out, Catch::Contains(victim_id + "  interrupted"));
  CHECK_THAT(status.out, Catch::Contains("1 interrupted") && !Catch::Contains("running"));
  CHECK_THAT(status.out, Catch::Contains("2 planned"));               // the throwing runs leave no record
  CHECK_THAT(status.out, Catch::Contains("loss became non-finite"));  // the diverged runs, recorded as fail

  // Again: the killed run resumes and completes in the same record; the throwing one throws again.
  const auto again =
      run_cli("sweep " + quote(sweep) + " --results " + quote(results.string()) + " --jobs 1 --no-report", dir);
  INFO(again.out << again.err);
  CHECK(again.code == 1);
  const auto rec = contra::store::read_run(runs / (victim_id + ".h5"));
  CHECK(contra::store::get_string(rec.attributes, "status", "rec") != "error");
  CHECK(contra::store::get_int(rec.attributes, "attempts", "rec") == 2);
  CHECK(contra::store::column_as_double(rec.steps, "loss").size() == 24);
}

TEST_CASE("two sweeps at once never train a run twice", "[e2e][fault]") {
  TempDir dir;
  const auto sweep = tiny_sweep(dir);
  const fs::path results = dir / "results", runs = results / "faults" / "cpu" / "runs";
  const std::string args = "sweep " + quote(sweep) + " --results " + quote(results.string()) + " --jobs 1 --no-report";
  const pid_t a = start_group(args, dir / "a.log"), b = start_group(args, dir / "b.log");
  const int code_a = wait_exit_code(a), code_b = wait_exit_code(b);
  INFO(read_file(dir / "a.log") << read_file(dir / "b.log"));
  CHECK(finished(code_a));
  CHECK(finished(code_b));
  const auto records = files_with(runs, ".h5");
  REQUIRE(records.size() == 4);
  for (const auto& f : records) {
    const auto rec = contra::store::read_run(f);
    CHECK(contra::store::get_string(rec.attributes, "status", f.string()) != "error");
    CHECK(contra::store::get_int(rec.attributes, "attempts", f.string()) == 1);
  }
}

TEST_CASE("a damaged record is named and skipped by report and status, and trained again by the sweep",
          "[e2e][fault]") {
  TempDir dir;
  const auto sweep = tiny_sweep(dir);
  const fs::path results = dir / "results", runs = results / "faults" / "cpu" / "runs";
  const std::string where = quote(sweep) + " --results " + quote(results.string());
  REQUIRE(finished(run_cli("sweep " + where + " --jobs 2", dir).code));
  const auto records = files_with(runs, ".h5");
  REQUIRE(records.size() == 4);
  const auto bytes = read_file(records[1]);
  write_file(records[1], bytes.substr(0, bytes.size() / 3));  // truncated

  const auto report = run_cli("report " + where, dir);
  INFO(report.out << report.err);
  CHECK(report.code == 0);
  CHECK_THAT(report.err, Catch::Contains("skipping a damaged record") && Catch::Contains(records[1].string()));
  CHECK_THAT(report.err, Catch::Contains("INCOMPLETE"));
  CHECK_THAT(report.out, Catch::Contains("3 of 4 planned runs recorded"));

  const auto status = run_cli("status " + where, dir);
  CHECK(status.code == 0);
  CHECK_THAT(status.out, Catch::Contains("unreadable record"));

  const auto again = run_cli("sweep " + where + " --jobs 2", dir);
  INFO(again.out << again.err);
  CHECK(finished(again.code));
  CHECK_THAT(again.out, Catch::Contains("4 of 4 planned runs recorded"));
  CHECK(contra::store::get_string(contra::store::read_run(records[1]).attributes, "status", "r") != "error");

  // Another run's record under this run's name: counted twice and never trained, were it trusted.
  write_file(records[2], read_file(records[0]));
  const auto copied = run_cli("report " + where, dir);
  INFO(copied.out << copied.err);
  CHECK_THAT(copied.err, Catch::Contains("skipping a damaged record") && Catch::Contains(records[2].string()) &&
                             Catch::Contains("is not the file's name: a record stored under another run's name"));
  CHECK_THAT(copied.out, Catch::Contains("3 of 4 planned runs recorded"));
  CHECK_THAT(run_cli("status " + where, dir).out, Catch::Contains("unreadable record"));
  const auto retrained = run_cli("sweep " + where + " --jobs 2", dir);
  INFO(retrained.out << retrained.err);
  CHECK(finished(retrained.code));
  CHECK_THAT(retrained.out, Catch::Contains("4 of 4 planned runs recorded"));
  CHECK(contra::store::get_string(contra::store::read_run(records[2]).attributes, "run_id", "r") ==
        records[2].stem().string());
}
