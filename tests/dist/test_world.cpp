// dist/: the collectives, the gathers with and without gradients, the replicas' synchronisation
// and the rendezvous failures, on gloo with 2 ranks as processes. The ranks are this test binary
// re-run on a hidden case ("[.dist-worker]") with torchrun's variables; each checks its identities
// with Catch, so a rank's exit code says whether they held.
#include <unistd.h>

#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>

#include "../support/experiment.h"
#include "../support/cli.h"
#include "../support/gloo.h"
#include "../support/ranks.h"
#include "contra/augment/two_view.h"
#include "contra/core/error.h"
#include "contra/core/seed.h"
#include "contra/core/stop_signal.h"
#include "contra/dist/batch_shard.h"
#include "contra/dist/replicas.h"
#include "contra/dist/stop_agreement.h"
#include "contra/dist/world.h"
#include "contra/methods/registry.h"
#include "contra/train/step.h"
#include "contra/train/trainer.h"

namespace {

using namespace contra;
using contra::testing::free_port;
using contra::testing::require_all_passed;
using contra::testing::run_ranks;
using contra::testing::skip_without_gloo;

std::shared_ptr<dist::World> join_from_env(std::chrono::milliseconds timeout = std::chrono::seconds(30)) {
  auto r = dist::rendezvous_from_environment();
  r.timeout = timeout;
  return dist::World::join(r);
}

}  // namespace

TEST_CASE("dist worker: collectives and gathers", "[.dist-worker]") {
  const auto world = join_from_env();
  const int rank = world->rank(), w = world->size();
  // all_reduce: the sum of 1..W in every element.
  std::vector<torch::Tensor> t{torch::full({5}, rank + 1.0), torch::full({2, 2}, 2.0 * rank)};
  world->all_reduce_sum(t);
  REQUIRE(torch::allclose(t[0], torch::full({5}, w * (w + 1) / 2.0)));
  REQUIRE(torch::allclose(t[1], torch::full({2, 2}, 1.0 * w * (w - 1))));
  auto m = torch::full({1}, static_cast<std::int64_t>(rank * 7), torch::kInt64);
  world->all_reduce_max(m);
  REQUIRE(m.item<std::int64_t>() == 7 * (w - 1));
  // all_gather: rank-major.
  const auto g = world->all_gather(torch::full({2, 3}, static_cast<double>(rank)));
  REQUIRE(g.sizes() == torch::IntArrayRef({2 * w, 3}));
  for (int r = 0; r < w; ++r) REQUIRE(torch::allclose(g.slice(0, 2 * r, 2 * r + 2), torch::full({2, 3}, 1.0 * r)));
  // bf16 (activations under CPU autocast): gloo carries it as float32, and it comes back bf16.
  const auto gb = world->all_gather(torch::full({2, 3}, 0.5 + rank, torch::kBFloat16));
  REQUIRE(gb.scalar_type() == torch::kBFloat16);
  for (int r = 0; r < w; ++r) REQUIRE(torch::equal(gb.slice(0, 2 * r, 2 * r + 2), torch::full({2, 3}, 0.5 + r, torch::kBFloat16)));
  std::vector<torch::Tensor> sb{torch::full({3}, 1.5, torch::kBFloat16)};
  world->all_reduce_sum(sb);
  REQUIRE(torch::equal(sb[0], torch::full({3}, 1.5 * w, torch::kBFloat16)));
  // broadcast: rank 0's values everywhere.
  std::vector<torch::Tensor> b{torch::full({4}, 10.0 + rank)};
  world->broadcast(b);
  REQUIRE(torch::allclose(b[0], torch::full({4}, 10.0)));
  world->barrier();
  // shard and gather: the strided share, and back in global order.
  const auto global = torch::arange(4 * w, torch::kFloat64).view({4 * w, 1});
  const auto mine = dist::shard(global, *world);
  REQUIRE(torch::equal(mine.flatten(), dist::own_rows(4, *world, torch::kCPU).to(torch::kFloat64)));
  REQUIRE(torch::equal(dist::gather(mine, *world), global));
  // gather_with_grad: the gradient of Σ_ranks Σ_j c_rank,j·y_j reaches row j's owner as Σ_ranks c_rank,j.
  const auto x = mine.clone().requires_grad_(true);
  const auto y = dist::gather_with_grad(x, *world);  // 4W×1
  REQUIRE(torch::equal(y.detach(), global));
  const auto c = torch::arange(4 * w, torch::kFloat64).view({4 * w, 1}) * (rank + 1);  // rank r: (r+1)·j
  (y * c).sum().backward();
  const double ranks_sum = w * (w + 1) / 2.0;  // Σ_r (r + 1)
  REQUIRE(torch::allclose(x.grad(), mine * ranks_sum));
  // a gather without gradients leaves none.
  const auto x2 = mine.clone().requires_grad_(true);
  const auto y2 = dist::gather(x2, *world);
  REQUIRE_FALSE(y2.requires_grad());
}

TEST_CASE("dist worker: replicas", "[.dist-worker]") {
  const auto world = join_from_env();
  const int rank = world->rank(), w = world->size();
  torch::manual_seed(100 + static_cast<std::uint64_t>(rank));  // replicas built differently on purpose
  torch::nn::Sequential net(torch::nn::Linear(3, 4), torch::nn::BatchNorm1d(4), torch::nn::Linear(4, 2));
  dist::broadcast_module(*net, *world);
  // Every rank now holds rank 0's weights: their all-reduced sum is W times the own.
  for (const auto& p : net->parameters()) {
    std::vector<torch::Tensor> s{p.detach().clone()};
    world->all_reduce_sum(s);
    REQUIRE(torch::allclose(s[0], p.detach() * w));
  }
  // Gradients: rank r sets every gradient to r + 1; the mean is (W + 1) / 2, through several buckets.
  for (auto& p : net->parameters()) p.mutable_grad() = torch::full_like(p, rank + 1.0);
  dist::average_gradients(net->parameters(), *world, /*bucket_bytes=*/64);
  for (const auto& p : net->parameters()) REQUIRE(torch::allclose(p.grad(), torch::full_like(p, (w + 1) / 2.0)));
  // BN running statistics: the mean over the ranks; other buffers untouched.
  auto bn = net[1]->as<torch::nn::BatchNorm1d>();
  bn->running_mean.fill_(2.0 * rank);
  bn->num_batches_tracked.fill_(rank + 5);
  dist::average_bn_statistics(*net, *world);
  REQUIRE(torch::allclose(bn->running_mean, torch::full({4}, w - 1.0)));
  REQUIRE(bn->num_batches_tracked.item<std::int64_t>() == rank + 5);
  // A stop signal on the last rank stops every rank, with its signal.
  core::install_stop_handlers();
  if (rank == w - 1) std::raise(SIGUSR1);
  REQUIRE(dist::agree_on_stop(*world));
  REQUIRE(core::stop_signal() == SIGUSR1);
}

TEST_CASE("dist worker: collectives per step", "[.dist-worker]") {
  // A training step of W ranks issues a fixed set of collectives (train/step.cpp): the gradient
  // mean (one bucket for a small CNN), the BN statistics mean, the scalars with the stop votes, the
  // gather of the embeddings, and the method's own: MoCo's keys through shuffled BN (one gather:
  // every rank holds the global views and draws the same permutation, so neither the images are
  // gathered nor the permutation broadcast), end-to-end's keys with gradients (a gather, and an
  // all-reduce in the backward pass).
  const auto world = join_from_env();
  struct Expected {
    std::string method;
    std::int64_t all_reduce, all_gather;
  };
  for (const auto& e : {Expected{"moco", 3, 2}, Expected{"end_to_end", 4, 2}}) {
    INFO(e.method);
    auto exp = testing::small_experiment(e.method, /*bn_splits=*/4);
    exp.model.bn_splits /= world->size();  // as train/run_start.cpp builds each rank's encoders
    torch::manual_seed(0);
    auto method = methods::make_method(exp, {1, 512, 10, 28, 28});
    method->set_world(world);
    dist::broadcast_module(*method, *world);
    torch::optim::SGD optimizer(method->trainable_parameters(), torch::optim::SGDOptions(0.03).momentum(0.9));
    const augment::TwoViewAugment augment(exp.augment, {0.286}, {0.353});
    auto augment_gen = core::make_generator(0, 1);  // the same stream on every rank
    auto data_gen = core::make_generator(0, 0);
    const auto images = torch::randint(0, 256, {512, 1, 28, 28}, data_gen, torch::kUInt8);
    const torch::Tensor labels;
    train::StepParts parts{*method, optimizer, augment, augment_gen, images, labels, *world};
    core::install_stop_handlers();
    for (int step = 1; step <= 3; ++step) {
      INFO("step " << step);
      if (step == 3 && world->rank() == 1) std::raise(SIGUSR1);  // its vote rides in step 3's all-reduce
      const auto before = world->counts();
      const auto index = torch::randperm(512, data_gen, torch::kInt64).slice(0, 0, 32);
      const auto out = train::train_step(parts, index, 0.03);
      const auto after = world->counts();
      CHECK(after.all_reduce - before.all_reduce == e.all_reduce);
      CHECK(after.all_gather - before.all_gather == e.all_gather);
      CHECK(after.broadcast - before.broadcast == 0);
      CHECK(after.barrier - before.barrier == 0);
      // The stop votes stay on the device, unread by the step; read back, every rank sees rank 1's signal.
      CHECK_FALSE(out.stop);
      REQUIRE(out.stop_votes.defined());
      CHECK(out.stop_votes.item<double>() == (step == 3 ? SIGUSR1 : 0));
    }
    core::remove_stop_handlers();
  }
}

TEST_CASE("dist worker: ranks reading back at different intervals", "[.dist-worker]") {
  // The ranks agree on a stop where they read the steps back (every --log-every steps): ranks that
  // read back at different steps would stop at different steps and meet in different collectives.
  const char* out = std::getenv("CONTRA_TEST_OUT");
  REQUIRE(out != nullptr);
  const auto exp = testing::experiment_with({"data.train_subset=256", "data.test_subset=64", "optim.epochs=1",
                                             "optim.batch=64", "model.width=4", "method.queue=128"});
  train::RunContext ctx;
  ctx.out_dir = out;
  ctx.quiet = true;
  ctx.threads = 1;
  const int rank = std::atoi(std::getenv("RANK"));
  ctx.log_every = rank == 0 ? 10 : 5;
  std::string message;
  try {
    train::run_experiment(exp, ctx);
  } catch (const core::ContraError& e) {
    message = e.what();
  }
  INFO(message);
  REQUIRE(message.find("rank 1 starts afresh reading back every 5 steps but rank 0 starts afresh reading back every "
                       "10 steps") != std::string::npos);
  REQUIRE(message.find("--log-every") != std::string::npos);
}

TEST_CASE("dist: ranks that read the steps back at different intervals are refused before training", "[dist]") {
  skip_without_gloo();
  testing::TempDir dir;
  require_all_passed(
      run_ranks("dist worker: ranks reading back at different intervals", 2, {"CONTRA_TEST_OUT=" + dir.path().string()}));
  CHECK(testing::files_with(dir.path(), ".h5").empty());  // nothing claims to be complete
}

TEST_CASE("dist: a step's collectives, and its stop votes on the device, 2 ranks", "[dist]") {
  skip_without_gloo();
  require_all_passed(run_ranks("dist worker: collectives per step", 2));
}

TEST_CASE("dist: collectives, gathers with and without gradients, 2 ranks", "[dist]") {
  skip_without_gloo();
  require_all_passed(run_ranks("dist worker: collectives and gathers", 2));
}

TEST_CASE("dist: broadcast, bucketed gradient mean, BN statistics mean, stop agreement, 2 ranks", "[dist]") {
  skip_without_gloo();
  require_all_passed(run_ranks("dist worker: replicas", 2));
}

TEST_CASE("dist: a rendezvous that cannot form fails with one line within the timeout", "[dist]") {
  skip_without_gloo();
  dist::Rendezvous r;
  r.world_size = 2;
  r.timeout = std::chrono::seconds(2);
  SECTION("the port is in use") {
    int keep = -1;
    r.master_port = free_port(&keep);
    r.rank = 0;
    const auto start = std::chrono::steady_clock::now();
    CHECK_THROWS_AS(dist::World::join(r), core::ContraError);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    close(keep);
  }
  SECTION("rank 0 never arrives") {
    r.master_port = free_port();
    r.rank = 1;
    const auto start = std::chrono::steady_clock::now();
    try {
      dist::World::join(r);
      FAIL("joined a group without rank 0");
    } catch (const core::ContraError& e) {
      const std::string what = e.what();
      CHECK(what.find('\n') == std::string::npos);
      CHECK_THAT(what, Catch::Contains("rendezvous") && Catch::Contains(std::to_string(r.master_port)));
    }
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(15));
  }
  SECTION("rank 1 never arrives") {
    r.master_port = free_port();
    r.rank = 0;
    const auto start = std::chrono::steady_clock::now();
    CHECK_THROWS_AS(dist::World::join(r), core::ContraError);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(15));
  }
}

TEST_CASE("dist: the environment's rendezvous variables are checked", "[dist]") {
  const auto with = [](std::vector<std::pair<const char*, const char*>> vars) {
    for (const char* v : {"WORLD_SIZE", "RANK", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT",
                          "SLURM_NTASKS", "SLURM_STEP_ID", "SLURM_PROCID", "SLURM_LOCALID", "SLURM_NODEID",
                          "SLURM_STEP_TASKS_PER_NODE", "SLURM_TASKS_PER_NODE", "SLURM_JOB_NODELIST", "SLURM_JOB_ID"})
      unsetenv(v);
    for (const auto& [k, v] : vars) setenv(k, v, 1);
  };
  with({});
  CHECK(dist::rendezvous_from_environment().world_size == 1);
  with({{"WORLD_SIZE", "2"}, {"RANK", "1"}, {"MASTER_ADDR", "10.0.0.1"}, {"MASTER_PORT", "29555"}});
  const auto r = dist::rendezvous_from_environment();
  CHECK((r.world_size == 2 && r.rank == 1 && r.master_addr == "10.0.0.1" && r.master_port == 29555));
  with({{"WORLD_SIZE", "2"}, {"RANK", "2"}, {"MASTER_ADDR", "a"}, {"MASTER_PORT", "1"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(), Catch::Contains("RANK=2"));
  with({{"WORLD_SIZE", "two"}, {"RANK", "0"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(), Catch::Contains("WORLD_SIZE=two"));
  with({{"WORLD_SIZE", "2"}, {"RANK", "0"}, {"MASTER_ADDR", "h"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(), Catch::Contains("MASTER_PORT"));
  with({{"WORLD_SIZE", "2"}, {"RANK", "0"}, {"MASTER_ADDR", "h"}, {"MASTER_PORT", "70000"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(), Catch::Contains("MASTER_PORT=70000"));
  with({{"WORLD_SIZE", "2"}, {"RANK", "0"}, {"LOCAL_WORLD_SIZE", "3"}, {"MASTER_ADDR", "h"}, {"MASTER_PORT", "1"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(), Catch::Contains("LOCAL_WORLD_SIZE=3"));
  with({{"WORLD_SIZE", "4"},
        {"RANK", "3"},
        {"LOCAL_RANK", "1"},
        {"LOCAL_WORLD_SIZE", "2"},
        {"MASTER_ADDR", "h"},
        {"MASTER_PORT", "1"}});
  const auto two_nodes = dist::rendezvous_from_environment();
  CHECK((two_nodes.local_rank == 1 && two_nodes.local_world_size == 2));
  with({{"WORLD_SIZE", "4"},
        {"RANK", "3"},
        {"LOCAL_RANK", "2"},
        {"LOCAL_WORLD_SIZE", "2"},
        {"MASTER_ADDR", "h"},
        {"MASTER_PORT", "1"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(),
                    Catch::Contains("LOCAL_RANK=2 is not below LOCAL_WORLD_SIZE=2"));
  // An srun step: the ranks on this node (torchrun's LOCAL_WORLD_SIZE) from the step's tasks per node.
  const std::vector<std::pair<const char*, const char*>> step{{"SLURM_NTASKS", "7"},
                                                              {"SLURM_STEP_ID", "0"},
                                                              {"SLURM_PROCID", "6"},
                                                              {"SLURM_LOCALID", "0"},
                                                              {"SLURM_JOB_NODELIST", "gpu[03-06]"},
                                                              {"SLURM_JOB_ID", "1234"}};
  const auto step_with = [&](std::vector<std::pair<const char*, const char*>> more) {
    more.insert(more.end(), step.begin(), step.end());
    with(more);
  };
  step_with({{"SLURM_STEP_TASKS_PER_NODE", "2(x3),1"}, {"SLURM_NODEID", "3"}});
  const auto slurm = dist::rendezvous_from_environment();
  CHECK((slurm.source == "SLURM" && slurm.world_size == 7 && slurm.rank == 6 && slurm.local_world_size == 1 &&
         slurm.master_addr == "gpu03"));
  step_with({{"SLURM_STEP_TASKS_PER_NODE", "2(x3),1"}, {"SLURM_NODEID", "1"}});
  CHECK(dist::rendezvous_from_environment().local_world_size == 2);
  step_with({{"SLURM_TASKS_PER_NODE", "4,3"}});  // the job's, without the step's; node 0
  CHECK(dist::rendezvous_from_environment().local_world_size == 4);
  step_with({{"SLURM_STEP_TASKS_PER_NODE", "2(x3),1"}, {"SLURM_NODEID", "4"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(), Catch::Contains("lists 4 node(s), but SLURM_NODEID is 4"));
  step_with({{"SLURM_STEP_TASKS_PER_NODE", "2(x3"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(), Catch::Contains("SLURM_STEP_TASKS_PER_NODE=2(x3"));
  step_with({{"SLURM_STEP_TASKS_PER_NODE", "two"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(), Catch::Contains("SLURM_STEP_TASKS_PER_NODE=two"));
  with({{"SLURM_NTASKS", "4"}, {"SLURM_STEP_ID", "0"}, {"SLURM_PROCID", "1"}, {"SLURM_LOCALID", "1"},
        {"SLURM_STEP_TASKS_PER_NODE", "1(x4)"}});
  CHECK_THROWS_WITH(dist::rendezvous_from_environment(),
                    Catch::Contains("SLURM_LOCALID=1 is not below the 1 task(s) SLURM placed on this node"));
  with({});
}

TEST_CASE("dist: the backend must be in this build and suit the device, in one line before any rendezvous", "[dist]") {
  skip_without_gloo();
  dist::Rendezvous r;
  r.world_size = 2;
  r.master_port = free_port();  // nothing listens: a rendezvous would wait for the timeout
  r.timeout = std::chrono::seconds(30);
  const auto start = std::chrono::steady_clock::now();
  r.backend = "nccl";  // on the CPU
  try {
    dist::World::join(r);
    FAIL("joined an NCCL group on the CPU");
  } catch (const core::ContraError& e) {
    const std::string what = e.what();
    CHECK(what.find('\n') == std::string::npos);
    CHECK_THAT(what, Catch::Contains("run.dist_backend = \"nccl\""));
    CHECK_THAT(what,
               dist::has_nccl() ? Catch::Contains("needs run.device on CUDA") : Catch::Contains("not in this build"));
  }
  r.backend = "mpi";
  CHECK_THROWS_WITH(dist::World::join(r), Catch::Contains("run.dist_backend = \"mpi\" is not in this build"));
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  // A rank's device: the CPU stays the CPU, whatever the ranks.
  r.local_rank = 1;
  r.local_world_size = 8;
  CHECK(dist::rank_device(r, torch::kCPU, false) == torch::Device(torch::kCPU));
}
