// `contra sweep --launcher slurm` against a real single-node SLURM cluster (Debian's slurm-wlm,
// started by scripts/slurm-local.sh): submission, completion, and a preemption (scontrol requeue)
// that resumes from the checkpoint and continues the same record. Where the daemons cannot start
// (not root, no packages, a container that forbids them) the test exits with 77, which ctest shows
// as Skipped, after printing why.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <thread>

#include "../support/cli.h"
#include "../support/slurm_job.h"
#include "contra/dist/world.h"
#include "contra/store/run_record.h"

namespace fs = std::filesystem;
using namespace contra::testing;

namespace {

const std::string kScript = kSource + "/scripts/slurm-local.sh";

struct Cluster {
  fs::path dir;
  ~Cluster() { std::system(("bash " + quote(kScript) + " stop " + quote(dir.string()) + " >/dev/null 2>&1").c_str()); }
};

std::string sweep_file(const TempDir& dir, const std::string& name, const std::string& seeds, int subset, int epochs,
                       const std::string& slurm_extra = "") {
  return write_file(dir / (name + ".toml"),
                    "name = \"" + name + "\"\nexperiment = \"" + kExperiment + "\"\nseeds = [" + seeds +
                        "]\nbaselines = []\n"
                        "[grid]\n\"method.momentum\" = [0.99]\n[preset.cpu]\n\"data.train_subset\" = " +
                        std::to_string(subset) +
                        "\n\"data.test_subset\" = 200\n\"optim.epochs\" = " + std::to_string(epochs) +
                        "\n\"optim.batch\" = 64\n\"model.bn_splits\" = 4\n\"model.width\" = 4\n\"method.queue\" = 256\n"
                        "[slurm]\ncpus = 1\nmemory = \"2G\"\ntime = \"00:30:00\"\nmax_parallel = 2\n" +
                        slurm_extra);
}

/// Starts the local cluster under `cluster.dir` and points SLURM_CONF at it; exits the test with 77
/// (Skipped) where it cannot run.
void start(const TempDir& dir, const Cluster& cluster) {
  const int rc = std::system(("bash " + quote(kScript) + " start " + quote(cluster.dir.string()) + " >" +
                              quote((dir / "start.out").string()) + " 2>" + quote((dir / "start.err").string()))
                                 .c_str());
  if (WIFEXITED(rc) && WEXITSTATUS(rc) == 77) {
    std::cerr << "SKIPPED: " << read_file(dir / "start.err");
    std::exit(77);
  }
  INFO(read_file(dir / "start.err"));
  REQUIRE(rc == 0);
  setenv("SLURM_CONF", (cluster.dir / "slurm.conf").c_str(), 1);
}

/// On the running cluster: an array task of 2 ranks (an srun step), preempted once (scontrol
/// requeue: SIGTERM from SLURM to each rank, and srun's copy of it), resumes and trains the run that
/// `contra train --nproc 2` trains without a stop, to the bit. (One cluster per test binary run: two
/// local clusters on one machine disturb each other, so this is part of the case below.)
void two_ranks_by_srun(const TempDir& dir) {
  const auto file = sweep_file(dir, "slurm-ranks", "0", 2048, 6, "ntasks_per_node = 2\n");
  const fs::path results = dir / "results", runs = results / "slurm-ranks" / "cpu" / "runs";
  const auto submit = run_cli("sweep " + quote(file) + " --launcher slurm --results " + quote(results.string()), dir);
  INFO(submit.out << submit.err);
  REQUIRE(submit.code == 0);
  const std::string job = submitted_job(submit.out);
  const std::string script = read_file(results / "slurm-ranks" / "cpu" / "slurm" / "slurm-ranks.sbatch");
  CHECK_THAT(script, Catch::Contains("#SBATCH --nodes=1\n#SBATCH --ntasks-per-node=2\n") &&
                         Catch::Contains("srun --nodes=1 --ntasks-per-node=2 --cpus-per-task=1 --kill-on-bad-exit=0"));
  const auto checkpointed = wait_on_job(job, [&] { return files_with(runs, ".ckpt").size() == 1; });
  const auto logs = [&] {
    std::string text;
    for (const auto& f : files_with(results / "slurm-ranks" / "cpu" / "logs", ".log")) text += read_file(f);
    return text;
  };
  INFO("task log: " << logs());
  INFO(checkpointed.why);
  REQUIRE(checkpointed.done);
  REQUIRE(std::system(("scontrol requeue " + job + "_0").c_str()) == 0);
  const fs::path rec_file = runs / (files_with(runs, ".ckpt")[0].stem().string() + ".h5");
  const auto finished = [&] {
    try {
      const auto status = contra::store::get_string(contra::store::read_run(rec_file).attributes, "status", "rec");
      return status == "complete" || status == "fail" || status == "error";
    } catch (const std::exception&) {
      return false;  // not there yet, or being written
    }
  };
  const auto resumed = wait_on_job(job, finished);
  INFO("task log after the requeue: " << logs());
  INFO(resumed.why);
  REQUIRE(resumed.done);
  CHECK_THAT(logs(), Catch::Contains("stopped by SIGTERM"));

  // The same run on this machine without a stop: 2 ranks of 1 thread each, as the task's 2 ranks
  // of 1 CPU each.
  const fs::path config = results / "slurm-ranks" / "cpu" / "configs" / (rec_file.stem().string() + ".toml");
  const auto local = run_cli(
      "train " + quote(config.string()) + " --nproc 2 --threads 2 --out " + quote((dir / "local").string()), dir);
  INFO(local.out << local.err);
  REQUIRE((local.code == 0 || local.code == 3));
  const auto refs = files_with(dir / "local", ".h5");
  REQUIRE(refs.size() == 1);
  CHECK(refs[0].filename() == rec_file.filename());  // the run id does not depend on the launcher
  const auto rec = contra::store::read_run(rec_file), ref = contra::store::read_run(refs[0]);
  CHECK(contra::store::get_int(rec.attributes, "world_size", "rec") == 2);
  CHECK(contra::store::get_int(rec.attributes, "attempts", "rec") >= 2);
  CHECK(contra::store::get_string(rec.attributes, "status", "rec") ==
        contra::store::get_string(ref.attributes, "status", "ref"));
  CHECK(contra::store::column_as_double(rec.steps, "loss").size() == 6 * 32);
  CHECK(contra::store::column_as_double(ref.steps, "loss") == contra::store::column_as_double(rec.steps, "loss"));
  CHECK(contra::store::get_double(ref.summary, "knn_top1", "ref") ==
        contra::store::get_double(rec.summary, "knn_top1", "rec"));
}

}  // namespace

TEST_CASE("slurm: submission, completion, a preemption that resumes the same record, and a task of 2 ranks by srun",
          "[slurm][e2e]") {
  TempDir dir;
  Cluster cluster{dir / "cluster"};
  start(dir, cluster);

  // Submission and completion: two runs, one array task each.
  const auto small = sweep_file(dir, "slurm-small", "0, 1", 512, 2);
  const fs::path results = dir / "results", runs = results / "slurm-small" / "cpu" / "runs";
  const auto submit = run_cli("sweep " + quote(small) + " --launcher slurm --results " + quote(results.string()), dir);
  INFO(submit.out << submit.err);
  REQUIRE(submit.code == 0);
  CHECK_THAT(submit.out, Catch::Contains("submitted job array") && Catch::Contains("squeue -j"));
  const std::string script = read_file(results / "slurm-small" / "cpu" / "slurm" / "slurm-small.sbatch");
  CHECK_THAT(script, Catch::Contains("#SBATCH --array=0-1%2") && Catch::Contains("#SBATCH --cpus-per-task=1") &&
                         Catch::Contains("#SBATCH --signal=B:USR1@120") && Catch::Contains("#SBATCH --requeue"));
  const auto finished = wait_on_job(submitted_job(submit.out), [&] { return files_with(runs, ".h5").size() == 2; });
  INFO(finished.why);
  REQUIRE(finished.done);
  // Finished: complete, or fail when a tiny run ends within 10% of the chance loss (a result).
  for (const auto& f : files_with(runs, ".h5"))
    CHECK(contra::store::get_string(contra::store::read_run(f).attributes, "status", f.string()) != "error");
  const auto status = run_cli("status " + quote(small) + " --results " + quote(results.string()), dir);
  CHECK_THAT(status.out, !Catch::Contains("planned") && !Catch::Contains("running") && !Catch::Contains("error"));
  // Submitting again finds nothing to do.
  CHECK_THAT(run_cli("sweep " + quote(small) + " --launcher slurm --results " + quote(results.string()), dir).out,
             Catch::Contains("is done"));

  // Two longer runs (12 epochs of 32 steps). Task 0 is preempted (scontrol requeue: SIGTERM, then
  // SLURM requeues it); task 1 gets the time-limit warning (SIGUSR1 to the batch script, as
  // --signal=B:USR1@s sends it), checkpoints and requeues itself. Both resume, and their records
  // equal uninterrupted local runs.
  const auto longer = sweep_file(dir, "slurm-preempt", "0, 1", 2048, 12);
  const fs::path pre_runs = results / "slurm-preempt" / "cpu" / "runs";
  // One task at a time (the node has a CPU per core): a task that requeues itself while the other
  // is being requeued can lose its credential and end.
  const auto sub2 = run_cli(
      "sweep " + quote(longer) + " --launcher slurm --max-parallel 1 --results " + quote(results.string()), dir);
  INFO(sub2.out << sub2.err);
  REQUIRE(sub2.code == 0);
  const std::string job = submitted_job(sub2.out);
  // Task i trains the run on line i+1 of tasks.txt; its checkpoint is runs/<id>.ckpt. SLURM may
  // start the two tasks one after the other, so each is interrupted once its own run has one.
  const auto lines = lines_of(read_file(results / "slurm-preempt" / "cpu" / "slurm" / "tasks.txt"));
  REQUIRE(lines.size() == 2);
  const auto run_of = [&](const std::string& line) {
    const auto end = line.find(".toml");
    return line.substr(end - 12, 12);
  };
  const fs::path ckpt0 = pre_runs / (run_of(lines[0]) + ".ckpt"), ckpt1 = pre_runs / (run_of(lines[1]) + ".ckpt");
  const auto first = wait_on_job(job, [&] { return fs::exists(ckpt0); });
  INFO(first.why);
  REQUIRE(first.done);
  REQUIRE(std::system(("scontrol requeue " + job + "_0").c_str()) == 0);
  const auto second = wait_on_job(job, [&] { return fs::exists(ckpt1); });
  INFO(second.why);
  REQUIRE(second.done);
  REQUIRE(std::system(("scancel --batch --signal=USR1 " + job + "_1").c_str()) == 0);
  const auto requeued_at = std::chrono::steady_clock::now();
  // SLURM holds a requeued task back for about two minutes (its begin time moves ahead); the wait
  // releases it at once, as an operator may, which keeps this test short.
  const auto resumed = wait_on_job(job, [&] { return files_with(pre_runs, ".h5").size() == 2; });
  (void)std::system(("squeue -a -o '%i %T %r %S' >" + quote((dir / "squeue").string()) + " 2>&1; tail -n 40 " +
                     quote((cluster.dir / "slurmctld.log").string()) + " >>" + quote((dir / "squeue").string()))
                        .c_str());
  INFO("squeue and the end of slurmctld.log: " << read_file(dir / "squeue"));
  std::string logs;
  for (const auto& f : files_with(results / "slurm-preempt" / "cpu" / "logs", ".log")) logs += read_file(f);
  INFO("task logs: " << logs);
  INFO(resumed.why);
  REQUIRE(resumed.done);
  CHECK_THAT(logs, Catch::Contains("requeueing task " + job + "_1"));  // the script requeued itself
  std::cout << "slurm: the requeued tasks finished their runs "
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - requeued_at).count()
            << " s after the preemption and the time-limit signal\n";

  const auto local =
      run_cli("sweep " + quote(longer) + " --threads 1 --no-report --results " + quote((dir / "local").string()), dir);
  REQUIRE((local.code == 0 || local.code == 3));  // 3: a run recorded as fail, a result too
  const auto refs = files_with(dir / "local" / "slurm-preempt" / "cpu" / "runs", ".h5");
  const auto recs = files_with(pre_runs, ".h5");
  REQUIRE(refs.size() == 2);
  REQUIRE(recs.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    INFO(recs[i].string());
    const auto rec = contra::store::read_run(recs[i]), ref = contra::store::read_run(refs[i]);
    CHECK(recs[i].filename() == refs[i].filename());
    CHECK(contra::store::get_string(rec.attributes, "status", "rec") != "error");
    CHECK(contra::store::get_int(rec.attributes, "attempts", "rec") >= 2);
    CHECK_FALSE(contra::store::get_string(rec.attributes, "resumed_from_epochs", "rec").empty());
    CHECK(contra::store::column_as_double(rec.steps, "loss").size() == 12 * 32);
    CHECK(contra::store::column_as_double(ref.steps, "loss") == contra::store::column_as_double(rec.steps, "loss"));
    CHECK(contra::store::get_double(ref.summary, "knn_top1", "ref") ==
          contra::store::get_double(rec.summary, "knn_top1", "rec"));
  }

  two_ranks_by_srun(dir);
}

TEST_CASE("slurm: a task whose run trains on CUDA asks for a GPU, unless [slurm] gpus says how many", "[slurm][e2e]") {
  // No cluster needed: the script is written, not submitted.
  TempDir dir;
  const fs::path results = dir / "results";
  const auto sbatch = [&](const std::string& name, const std::string& extra) {
    const auto file = sweep_file(dir, name, "0", 512, 1);
    const auto r = run_cli(
        "sweep " + quote(file) + " --launcher slurm --no-submit --results " + quote(results.string()) + " " + extra,
        dir);
    INFO(r.out << r.err);
    REQUIRE(r.code == 0);
    return read_file(results / name / "cpu" / "slurm" / (name + ".sbatch"));
  };
  CHECK_THAT(sbatch("on-cpu", ""), !Catch::Contains("--gres"));
  CHECK_THAT(sbatch("on-cuda", "--set run.device=cuda"), Catch::Contains("#SBATCH --gres=gpu:1\n"));
  CHECK_THAT(sbatch("on-two", "--set run.device=cuda --gres-gpus 2"), Catch::Contains("#SBATCH --gres=gpu:2\n"));
  // (gloo: every build has it; NCCL only one built against a CUDA LibTorch, below.)
  CHECK_THAT(
      sbatch("per-rank", "--set run.device=cuda --set run.dist_backend=gloo --gpus-per-task 1 --ntasks-per-node 2"),
      Catch::Contains("#SBATCH --gpus-per-task=1\n") && !Catch::Contains("--gres"));
  // Two ranks per node on CUDA: one GPU for each, and the ranks started by srun.
  const auto two_ranks = sbatch("two-ranks", "--set run.device=cuda --set run.dist_backend=gloo --ntasks-per-node 2");
  CHECK_THAT(two_ranks, Catch::Contains("#SBATCH --gres=gpu:2\n") && Catch::Contains("#SBATCH --ntasks-per-node=2\n") &&
                            Catch::Contains("srun --nodes=1 --ntasks-per-node=2"));
  CHECK_THAT(sbatch("one-rank", ""), Catch::Contains("#SBATCH --ntasks-per-node=1\n") && !Catch::Contains("srun"));
  // The logs folder quoted, its % doubled (sbatch reads %x as a pattern), checked by sbatch below
  // where a cluster runs; one it cannot carry is refused before anything is written.
  const fs::path odd = dir / "re sults%x";
  const auto spaced = run_cli("sweep " + quote(sweep_file(dir, "spaced", "0", 512, 1)) +
                                  " --launcher slurm --no-submit --results " + quote(odd.string()),
                              dir);
  REQUIRE(spaced.code == 0);
  CHECK_THAT(read_file(odd / "spaced" / "cpu" / "slurm" / "spaced.sbatch"),
             Catch::Contains("#SBATCH --output=\"" + (dir / "re sults%%x").string() + "/spaced/cpu/logs/slurm-%A_%a.log\"\n"));
  const fs::path quoted = dir / "a\"b";
  const auto refused = run_cli("sweep " + quote(sweep_file(dir, "quoted", "0", 512, 1)) +
                                   " --launcher slurm --no-submit --results " + quote(quoted.string()),
                               dir);
  CHECK(refused.code == 2);
  CHECK_THAT(refused.err, Catch::Contains("cannot carry a double quote"));
  CHECK(lines_of(refused.err).size() == 1);
  CHECK_FALSE(fs::exists(quoted / "quoted" / "cpu" / "configs"));
}

TEST_CASE("slurm: a run on cuda:N, and CPU and CUDA runs in one array, are refused in one line", "[slurm][e2e]") {
  TempDir dir;
  const fs::path results = dir / "results";
  // SLURM gives a task its GPUs as cuda:0, cuda:1, ... (CUDA_VISIBLE_DEVICES): cuda:1 would be a GPU not given.
  const auto indexed = run_cli("sweep " + quote(sweep_file(dir, "indexed", "0", 512, 1)) +
                                   " --launcher slurm --no-submit --set 'run.device=\"cuda:1\"' --results " +
                                   quote(results.string()),
                               dir);
  CHECK(indexed.code == 2);
  CHECK_THAT(indexed.err, Catch::Contains("run.device = \"cuda:1\"") && Catch::Contains("use run.device = \"cuda\""));
  CHECK(lines_of(indexed.err).size() == 1);
  CHECK_FALSE(fs::exists(results / "indexed" / "cpu" / "slurm"));
  CHECK_FALSE(fs::exists(results / "baselines" / "slurm"));  // the baselines' array is not written either
  // cuda:1 of 2 GPUs asked for is one the task has; with 2 ranks an index puts both on one GPU.
  const auto second = sweep_file(dir, "second", "0", 512, 1);
  const auto cli = [&](const std::string& file, const std::string& extra) {
    return run_cli("sweep " + quote(file) + " --launcher slurm --no-submit " + extra + " --results " +
                       quote(results.string()),
                   dir);
  };
  CHECK(cli(second, "--set 'run.device=\"cuda:1\"' --gres-gpus 2").code == 0);
  const auto ranks = cli(second, "--set 'run.device=\"cuda:0\"' --set run.dist_backend=gloo --ntasks-per-node 2");
  CHECK(ranks.code == 2);
  CHECK_THAT(ranks.err, Catch::Contains("with 2 ranks per task: every rank of a node would take that one GPU"));
  // One array asks every task for the same resources: the CPU runs would hold GPUs.
  std::string mixed = read_file(sweep_file(dir, "mixed", "0", 512, 1));
  const std::string axis = "\"method.momentum\" = [0.99]";
  mixed.replace(mixed.find(axis), axis.size(), "\"run.device\" = [\"cpu\", \"cuda\"]");
  const auto both = run_cli("sweep " + quote(write_file(dir / "mixed.toml", mixed)) +
                                " --launcher slurm --no-submit --results " + quote(results.string()),
                            dir);
  CHECK(both.code == 2);
  CHECK_THAT(both.err, Catch::Contains("(run.device = \"cpu\")") && Catch::Contains("(run.device = \"cuda\")") &&
                           Catch::Contains("sweep the CPU and the CUDA runs separately"));
  CHECK(lines_of(both.err).size() == 1);
  CHECK_FALSE(fs::exists(results / "mixed" / "cpu" / "slurm"));
  // --dry-run with --launcher slurm makes the same checks, and says what it leaves to the tasks.
  const auto dry = run_cli("sweep " + quote((dir / "mixed.toml").string()) + " --launcher slurm --dry-run", dir);
  CHECK(dry.code == 2);
  CHECK_THAT(dry.err, Catch::Contains("sweep the CPU and the CUDA runs separately"));
  const auto dry_ok = run_cli("sweep " + quote(second) + " --launcher slurm --dry-run", dir);
  CHECK(dry_ok.code == 0);
  CHECK_THAT(dry_ok.out, Catch::Contains("which each array task checks when it starts on its node"));
  // GPUs asked for runs that train on the CPU.
  const auto held = cli(second, "--set run.device=cpu --gres-gpus 2");
  CHECK(held.code == 2);
  CHECK_THAT(held.err, Catch::Contains("trains on the CPU (run.device = \"cpu\") but [slurm] asks for GPUs"));
  // "auto" (the default) is neither: it takes a GPU where the task has one.
  std::string with_auto = mixed;
  with_auto.replace(with_auto.find("\"cpu\", "), 7, "\"auto\", ");
  const auto fine = cli(write_file(dir / "auto.toml", with_auto), "");
  INFO(fine.err);
  CHECK(fine.code == 0);
}

TEST_CASE(
    "slurm: ranks that cannot split a run's batch, or GPUs asked for twice, are refused before anything is written",
    "[slurm][e2e]") {
  TempDir dir;
  const fs::path results = dir / "results";
  const auto file = sweep_file(dir, "bad-ranks", "0", 512, 1);  // optim.batch 64, model.bn_splits 4
  const auto three = run_cli(
      "sweep " + quote(file) + " --launcher slurm --no-submit --ntasks-per-node 3 --results " + quote(results.string()),
      dir);
  CHECK(three.code != 0);
  CHECK_THAT(three.err, Catch::Contains("ntasks_per_node = 3 = 3 ranks") && Catch::Contains("optim.batch = 64"));
  CHECK(lines_of(three.err).size() == 1);
  CHECK_FALSE(fs::exists(results / "bad-ranks" / "cpu" / "slurm"));
  const auto eight = run_cli("sweep " + quote(file) + " --launcher slurm --no-submit --nodes 2 --ntasks-per-node 4 " +
                                 "--results " + quote(results.string()),
                             dir);
  CHECK(eight.code != 0);
  CHECK_THAT(eight.err, Catch::Contains("8 ranks") && Catch::Contains("model.bn_splits = 4"));
  const auto both = run_cli("sweep " + quote(file) + " --launcher slurm --no-submit --gres-gpus 1 --gpus-per-task 1 " +
                                "--results " + quote(results.string()),
                            dir);
  CHECK(both.code != 0);
  CHECK_THAT(both.err, Catch::Contains("slurm.gpus = 1 (per node) and slurm.gpus_per_task = 1 (per rank)"));
  // The last batch of 500 images (52) must split into whole BN groups on 2 ranks, as contra train checks.
  const auto odd = sweep_file(dir, "odd-last", "0", 500, 1);
  const auto last = run_cli("sweep " + quote(odd) + " --launcher slurm --no-submit --ntasks-per-node 2 --set " +
                                "data.drop_last=false --set model.bn_splits=8 --results " + quote(results.string()),
                            dir);
  CHECK(last.code != 0);
  CHECK_THAT(last.err, Catch::Contains("data.drop_last = false keeps a last batch of 52 images"));
  // The process group: NCCL on CUDA (one GPU per rank), never off it; refused where this build lacks it.
  const auto shared_gpu = run_cli("sweep " + quote(file) + " --launcher slurm --no-submit --ntasks-per-node 2 " +
                                      "--gres-gpus 1 --set run.device=cuda --results " + quote(results.string()),
                                  dir);
  CHECK(shared_gpu.code != 0);
  CHECK_THAT(shared_gpu.err, contra::dist::has_nccl() ? Catch::Contains("NCCL needs one GPU per rank")
                                                      : Catch::Contains("this build of contra has gloo only"));
  const auto nccl_cpu = run_cli("sweep " + quote(file) + " --launcher slurm --no-submit --ntasks-per-node 2 " +
                                    "--set run.dist_backend=nccl --results " + quote(results.string()),
                                dir);
  CHECK(nccl_cpu.code != 0);
  CHECK_THAT(nccl_cpu.err, contra::dist::has_nccl() ? Catch::Contains("needs run.device on CUDA")
                                                    : Catch::Contains("this build of contra has gloo only"));
  CHECK_FALSE(fs::exists(results / "bad-ranks" / "cpu" / "slurm"));
  const auto huge = write_file(dir / "huge.toml", read_file(file) + "nodes = 4294967296\n");
  CHECK_THAT(
      run_cli("sweep " + quote(huge) + " --launcher slurm --no-submit --results " + quote(results.string()), dir).err,
      Catch::Contains("slurm.nodes = 4294967296 must be in [1, 100000]"));
  // SLURM options are for the SLURM launcher.
  const auto local = run_cli("sweep " + quote(file) + " --ntasks-per-node 2 --dry-run", dir);
  CHECK(local.code != 0);
  CHECK_THAT(local.err, Catch::Contains("--ntasks-per-node is a SLURM option, for --launcher slurm"));
  const auto no_submit = run_cli("sweep " + quote(file) + " --no-submit --dry-run", dir);
  CHECK(no_submit.code == 2);
  CHECK_THAT(no_submit.err, Catch::Contains("--no-submit is a SLURM option"));
  const auto zero = write_file(dir / "zero.toml", read_file(file) + "nodes = 0\n");
  const auto z =
      run_cli("sweep " + quote(zero) + " --launcher slurm --no-submit --results " + quote(results.string()), dir);
  CHECK(z.code != 0);
  CHECK_THAT(z.err, Catch::Contains("slurm.nodes = 0 must be in [1, 100000]"));
}
