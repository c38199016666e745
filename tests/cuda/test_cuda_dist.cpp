// A run's ranks on CUDA (dist/world.h): the collectives on GPU tensors through gloo (staged through
// the CPU, so it runs on one GPU) and through NCCL (one GPU per rank: Skipped, with the reason,
// where fewer than 2 are visible), a dead NCCL peer ending the other rank's wait with contra's
// one-line error, and the one-line refusal of two NCCL ranks on one GPU. The
// ranks are this binary re-run on a hidden case, as in tests/dist/.
#include <sys/wait.h>
#include <torch/cuda.h>
#include <torch/torch.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

#include "../support/ranks.h"
#include "contra/core/error.h"
#include "contra/dist/world.h"

namespace {

using namespace contra;

/// Exits with 77 (ctest: Skipped) when `why` is not empty.
void skip_if(bool skip, const std::string& why) {
  if (!skip) return;
  std::cout << "SKIPPED: " << why << '\n';
  std::exit(77);
}

}  // namespace

TEST_CASE("cuda dist worker: collectives on GPU tensors", "[.cuda-dist-worker]") {
  auto r = dist::rendezvous_from_environment();
  r.backend = std::getenv("CONTRA_TEST_BACKEND");
  r.timeout = std::chrono::seconds(60);
  const torch::Device device = dist::rank_device(r, torch::Device(torch::kCUDA, 0), false);
  if (r.backend == "nccl") r.device = device;
  const auto world = dist::World::join(r);
  const int rank = world->rank(), w = world->size();
  REQUIRE(world->backend() == r.backend);
  // all_reduce on the GPU, and on a CPU scalar (staged to the group's device and back).
  std::vector<torch::Tensor> t{torch::full({5}, rank + 1.0, torch::TensorOptions(device)),
                               torch::full({1}, 2.0 * rank)};
  world->all_reduce_sum(t);
  REQUIRE(t[0].device() == device);
  REQUIRE(t[1].device().is_cpu());
  REQUIRE(torch::allclose(t[0].cpu(), torch::full({5}, w * (w + 1) / 2.0)));
  REQUIRE(t[1].item<double>() == 1.0 * w * (w - 1));
  auto m = torch::full({1}, static_cast<std::int64_t>(rank * 7), torch::TensorOptions(torch::kInt64).device(device));
  world->all_reduce_max(m);
  REQUIRE(m.item<std::int64_t>() == 7 * (w - 1));
  const auto g = world->all_gather(torch::full({2, 3}, static_cast<double>(rank), torch::TensorOptions(device)));
  REQUIRE(g.device() == device);
  for (int k = 0; k < w; ++k)
    REQUIRE(torch::allclose(g.slice(0, 2 * k, 2 * k + 2).cpu(), torch::full({2, 3}, 1.0 * k)));
  std::vector<torch::Tensor> b{torch::full({4}, 10.0 + rank, torch::TensorOptions(device))};
  world->broadcast(b);
  REQUIRE(torch::allclose(b[0].cpu(), torch::full({4}, 10.0)));
  world->barrier();
}

TEST_CASE("cuda: 2 gloo ranks take GPU tensors (staged through the CPU), on one GPU", "[cuda]") {
  skip_if(!dist::has_gloo(), "this build has no gloo process group");
  testing::require_all_passed(
      testing::run_ranks("cuda dist worker: collectives on GPU tensors", 2, {"CONTRA_TEST_BACKEND=gloo"}));
}

TEST_CASE("cuda: 2 NCCL ranks, one GPU each", "[cuda]") {
  skip_if(!dist::has_nccl(), "this build has no NCCL process group (nccl.h was not found when it was built)");
  skip_if(torch::cuda::device_count() < 2,
          "NCCL needs one GPU per rank and this machine shows " + std::to_string(torch::cuda::device_count()));
  testing::require_all_passed(testing::run_ranks("cuda dist worker: collectives on GPU tensors", 2,
                                                 {"CONTRA_TEST_BACKEND=nccl", "LOCAL_WORLD_SIZE=2"}));
}

TEST_CASE("cuda dist worker: a dead NCCL peer", "[.cuda-dist-worker]") {
  // Rank 1 leaves after one collective. Rank 0's next, stream-ordered as in a training step, must
  // fail as contra's one-line error where it is settled, within the timeout: not a process that
  // NCCL's watchdog takes down, nor a host that waits for ever behind the stuck stream.
  auto r = dist::rendezvous_from_environment();
  r.backend = "nccl";
  r.timeout = std::chrono::seconds(20);
  r.device = dist::rank_device(r, torch::Device(torch::kCUDA, 0), false);
  const auto world = dist::World::join(r);
  REQUIRE(std::string(std::getenv("TORCH_NCCL_ASYNC_ERROR_HANDLING")) == "2");  // set by join (the test asked 3)
  std::vector<torch::Tensor> t{torch::ones({4}, torch::TensorOptions(r.device))};
  world->all_reduce_sum(t);  // both ranks meet once
  if (world->rank() == 1) std::_Exit(0);
  const auto start = std::chrono::steady_clock::now();
  std::string said;
  {
    const dist::StreamOrdered in_a_step(*world);
    world->all_reduce_sum(t);  // returns at once: queued on NCCL's stream, which now waits for ever
    // A log window's worth of kernels behind it: more than CUDA's launch queue holds, so the host
    // blocks in a launch until NCCL's watchdog aborts the stuck collective and the stream drains.
    for (int i = 0; i < 5000; ++i) t[0].add_(1);
  }
  try {
    world->settle();
  } catch (const core::ContraError& e) {
    said = e.what();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO(said);
  REQUIRE(said.find("rank 0 of 2: collective all_reduce failed") != std::string::npos);
  REQUIRE(said.find('\n') == std::string::npos);
  REQUIRE(seconds < 60);
}

TEST_CASE("cuda: a dead NCCL peer ends the other rank's wait with contra's one-line error", "[cuda]") {
  skip_if(!dist::has_nccl(), "this build has no NCCL process group (nccl.h was not found when it was built)");
  skip_if(torch::cuda::device_count() < 2,
          "NCCL needs one GPU per rank and this machine shows " + std::to_string(torch::cuda::device_count()));
  const auto statuses =
      testing::run_ranks("cuda dist worker: a dead NCCL peer", 2,
                         {"LOCAL_WORLD_SIZE=2", "TORCH_NCCL_ASYNC_ERROR_HANDLING=3", "TORCH_NCCL_BLOCKING_WAIT=1"});
  REQUIRE(WIFEXITED(statuses[0]));
  CHECK(WEXITSTATUS(statuses[0]) == 0);  // rank 0's checks held (and NCCL did not abort it)
}

TEST_CASE("cuda: NCCL refuses more ranks on a node than it has GPUs, in one line", "[cuda]") {
  dist::Rendezvous r;
  r.world_size = 16;
  r.rank = 1;
  r.local_rank = 1;
  r.backend = "nccl";
  const auto visible = static_cast<int>(torch::cuda::device_count());
  r.local_world_size = visible + 1;
  CHECK_THROWS_WITH(dist::rank_device(r, torch::Device(torch::kCUDA, 0), false),
                    Catch::Contains("LOCAL_WORLD_SIZE=" + std::to_string(visible + 1)) &&
                        Catch::Contains("cannot put two ranks on one GPU"));
  // One rank per GPU: rank r takes cuda:(r mod visible); an index in run.device is kept.
  r.local_world_size = visible;
  CHECK(dist::rank_device(r, torch::Device(torch::kCUDA, 0), false).index() == 1 % visible);
  CHECK(dist::rank_device(r, torch::Device(torch::kCUDA, 0), true).index() == 0);
  r.backend = "gloo";  // gloo ranks may share a GPU
  r.local_world_size = visible + 1;
  CHECK(dist::rank_device(r, torch::Device(torch::kCUDA, 0), false).is_cuda());
}
