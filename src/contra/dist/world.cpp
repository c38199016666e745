#include "contra/dist/world.h"

#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <utility>

#include "contra/core/error.h"
#include "contra/dist/collective_clock.h"
#include "contra/dist/nccl_environment.h"

#include "contra/dist_config.h"  // generated: CONTRA_WITH_GLOO, CONTRA_WITH_NCCL

#if CONTRA_WITH_GLOO
#ifndef USE_C10D_GLOO
#define USE_C10D_GLOO 1  // ProcessGroupGloo.hpp's whole body sits inside #ifdef USE_C10D_GLOO
#endif
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#endif
#if CONTRA_WITH_NCCL
#ifndef USE_C10D_NCCL
#define USE_C10D_NCCL 1  // as USE_C10D_GLOO, for ProcessGroupNCCL.hpp
#endif
#include <c10/cuda/CUDAFunctions.h>
#include <torch/csrc/distributed/c10d/ProcessGroupNCCL.hpp>
#endif
#if CONTRA_WITH_GLOO || CONTRA_WITH_NCCL
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#endif

namespace contra::dist {

namespace {

std::optional<std::string> env(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return std::nullopt;
  return std::string(v);
}

int env_int(const char* name, const std::string& value, long lo, long hi) {
  char* end = nullptr;
  const long v = std::strtol(value.c_str(), &end, 10);
  CONTRA_CHECK(end != value.c_str() && *end == '\0' && v >= lo && v <= hi,
               "environment variable {}={}: expected an integer in [{}, {}]", name, value, lo, hi);
  return static_cast<int>(v);
}

/// The first host of a SLURM node list: "gpu[03-04,07],cpu1" -> "gpu03".
std::string first_host(const std::string& nodelist) {
  const auto bracket = nodelist.find('[');
  const auto comma = nodelist.find(',');
  if (bracket == std::string::npos || (comma != std::string::npos && comma < bracket)) return nodelist.substr(0, comma);
  const auto end = nodelist.find_first_of("-,]", bracket + 1);
  return nodelist.substr(0, bracket) + nodelist.substr(bracket + 1, end - bracket - 1);
}

/// The ranks SLURM placed on this node: entry SLURM_NODEID of the step's tasks per node
/// (SLURM_STEP_TASKS_PER_NODE, else SLURM_TASKS_PER_NODE), a list such as "2(x3),1" (2 tasks on
/// each of the first 3 nodes, 1 on the fourth); nullopt when neither is set. Throws
/// core::ContraError naming the variable when the list does not parse or has no entry for the node.
std::optional<int> slurm_tasks_on_node(int world_size) {
  const char* name = "SLURM_STEP_TASKS_PER_NODE";
  auto list = env(name);
  if (!list) list = env(name = "SLURM_TASKS_PER_NODE");
  if (!list) return std::nullopt;
  const int node = env("SLURM_NODEID") ? env_int("SLURM_NODEID", *env("SLURM_NODEID"), 0, 1 << 20) : 0;
  int first = 0;  // the node index the next entry starts at
  for (std::size_t at = 0; at <= list->size();) {
    const auto end = std::min(list->find(',', at), list->size());
    const std::string item = list->substr(at, end - at);
    const auto times = item.find("(x");
    const int tasks = env_int(name, times == std::string::npos ? item : item.substr(0, times), 1, world_size);
    int repeat = 1;
    if (times != std::string::npos) {
      CONTRA_CHECK(item.back() == ')', "environment variable {}={}: expected entries such as 2(x3) or 2", name, *list);
      repeat = env_int(name, item.substr(times + 2, item.size() - times - 3), 1, 1 << 20);
    }
    if (node < first + repeat) return tasks;
    first += repeat;
    at = end + 1;
  }
  core::fail("environment variable {}={} lists {} node(s), but SLURM_NODEID is {}", name, *list, first, node);
}

/// First line of a library's message (c10::Error appends a backtrace).
std::string first_line(const std::exception& e) {
  const std::string what = e.what();
  return what.substr(0, what.find('\n'));
}

}  // namespace

Rendezvous rendezvous_from_environment() {
  Rendezvous r;
  const bool torchrun = env("WORLD_SIZE").has_value();
  CONTRA_CHECK(torchrun || !env("RANK") || env("SLURM_STEP_ID"),
               "environment variable RANK={} is set but WORLD_SIZE is not: set both (torchrun's variables), or neither "
               "for one process",
               env("RANK").value_or(""));
  const auto slurm_tasks = env("SLURM_NTASKS");
  const bool slurm = !torchrun && slurm_tasks && env("SLURM_STEP_ID") && env("SLURM_PROCID");
  if (!torchrun && !slurm) return r;
  if (torchrun) {
    r.world_size = env_int("WORLD_SIZE", *env("WORLD_SIZE"), 1, 1 << 20);
    const auto rank = env("RANK");
    CONTRA_CHECK(rank || r.world_size == 1, "environment variable WORLD_SIZE={} is set but RANK is not", r.world_size);
    if (rank) r.rank = env_int("RANK", *rank, 0, r.world_size - 1);
    if (const auto local = env("LOCAL_RANK")) r.local_rank = env_int("LOCAL_RANK", *local, 0, r.world_size - 1);
    if (const auto local = env("LOCAL_WORLD_SIZE")) {
      r.local_world_size = env_int("LOCAL_WORLD_SIZE", *local, 1, r.world_size);
      CONTRA_CHECK(r.local_rank < r.local_world_size,
                   "environment variable LOCAL_RANK={} is not below LOCAL_WORLD_SIZE={} (the ranks on this node)",
                   r.local_rank, r.local_world_size);
    }
  } else {
    r.source = "SLURM";
    r.world_size = env_int("SLURM_NTASKS", *slurm_tasks, 1, 1 << 20);
    r.rank = env_int("SLURM_PROCID", *env("SLURM_PROCID"), 0, r.world_size - 1);
    if (const auto local = env("SLURM_LOCALID")) r.local_rank = env_int("SLURM_LOCALID", *local, 0, r.world_size - 1);
    // What torchrun calls LOCAL_WORLD_SIZE: the ranks on this node (NCCL's one GPU per rank, rank_device).
    if (const auto local = slurm_tasks_on_node(r.world_size)) {
      r.local_world_size = *local;
      CONTRA_CHECK(r.local_rank < r.local_world_size,
                   "environment variable SLURM_LOCALID={} is not below the {} task(s) SLURM placed on this node",
                   r.local_rank, r.local_world_size);
    }
    if (const auto nodes = env("SLURM_JOB_NODELIST")) r.master_addr = first_host(*nodes);
    if (const auto job = env("SLURM_JOB_ID"))
      r.master_port = 20000 + env_int("SLURM_JOB_ID", *job, 0, 1 << 30) % 12000;  // below 32768
  }
  if (r.world_size == 1) return r;
  const auto addr = env("MASTER_ADDR");
  const auto port = env("MASTER_PORT");
  CONTRA_CHECK(addr || slurm,
               "environment variable MASTER_ADDR is not set (WORLD_SIZE={}): the ranks need rank 0's "
               "address",
               r.world_size);
  CONTRA_CHECK(port || slurm,
               "environment variable MASTER_PORT is not set (WORLD_SIZE={}): the ranks need rank 0's "
               "port",
               r.world_size);
  if (addr) r.master_addr = *addr;
  if (port) r.master_port = env_int("MASTER_PORT", *port, 1, 65535);
  return r;
}

bool has_gloo() { return CONTRA_WITH_GLOO != 0; }
bool has_nccl() { return CONTRA_WITH_NCCL != 0; }

torch::Device rank_device(const Rendezvous& r, const torch::Device& device, bool explicit_index) {
  if (!device.is_cuda() || r.world_size == 1 || explicit_index) return device;
  const auto visible = static_cast<int>(torch::cuda::device_count());
  CONTRA_CHECK(r.backend != "nccl" || r.local_world_size <= visible,
               "rank {} of {}: LOCAL_WORLD_SIZE={} ranks on this node but {} visible CUDA device(s): NCCL cannot put "
               "two ranks on one GPU; start at most {} rank(s) per node, or set run.dist_backend = \"gloo\"",
               r.rank, r.world_size, r.local_world_size, visible, visible);
  return {torch::kCUDA, static_cast<c10::DeviceIndex>(r.local_rank % std::max(1, visible))};
}

#if CONTRA_WITH_GLOO || CONTRA_WITH_NCCL

#if TORCH_VERSION_MAJOR >= 2
using GroupBase = c10d::Backend;  // ProcessGroupGloo and ProcessGroupNCCL derive from Backend in 2.x
#else
using GroupBase = c10d::ProcessGroup;
#endif

using WorkPtr = decltype(std::declval<GroupBase&>().barrier());  // c10::intrusive_ptr<c10d::Work>

struct World::Group {
  c10::intrusive_ptr<c10d::TCPStore> store;
  c10::intrusive_ptr<GroupBase> pg;
  torch::Device device = torch::kCPU;  // where the group's tensors must be
  bool nccl = false;
  int stream_ordered = 0;   // open StreamOrdered scopes
  WorkPtr pending;          // the last stream-ordered collective not yet settled
  const char* pending_name = "";
  CollectiveCounts counts;
};

namespace {

/// The process group `r.backend` names, over `store`. Throws core::ContraError with one line.
c10::intrusive_ptr<GroupBase> make_group(const Rendezvous& r, const c10::intrusive_ptr<c10d::TCPStore>& store) {
#if CONTRA_WITH_GLOO
  if (r.backend == "gloo") {
    auto opts = c10d::ProcessGroupGloo::Options::create(r.timeout);
    const bool loopback = r.master_addr == "localhost" || r.master_addr.rfind("127.", 0) == 0;
    if (const char* ifname = std::getenv("GLOO_SOCKET_IFNAME"); ifname != nullptr && *ifname != '\0') {
      opts->devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(ifname));
    } else if (loopback) {
      opts->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
    } else {
      opts->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
    }
    return c10::make_intrusive<c10d::ProcessGroupGloo>(store, r.rank, r.world_size, opts);
  }
#endif
#if CONTRA_WITH_NCCL
  if (r.backend == "nccl") {
    c10::cuda::set_device(r.device.index());  // NCCL's communicators, and its barrier, use the current device
    auto opts = c10d::ProcessGroupNCCL::Options::create();
    opts->timeout = r.timeout;
    return c10::make_intrusive<c10d::ProcessGroupNCCL>(store, r.rank, r.world_size, opts);
  }
#endif
  core::fail("rank {} of {}: no process group named \"{}\" in this build", r.rank, r.world_size, r.backend);
}

}  // namespace

std::shared_ptr<World> World::join(const Rendezvous& r) {
  CONTRA_CHECK(r.world_size >= 2, "dist: a group of {} process needs no rendezvous", r.world_size);
  CONTRA_CHECK((r.backend == "gloo" && has_gloo()) || (r.backend == "nccl" && has_nccl()),
               "rank {} of {}: run.dist_backend = \"{}\" is not in this build (it has: {}){}", r.rank, r.world_size,
               r.backend, has_gloo() && has_nccl() ? "gloo, nccl" : (has_gloo() ? "gloo" : "nccl"),
               r.backend == "nccl" ? "; NCCL needs a CUDA LibTorch and nccl.h when contra is built" : "");
  CONTRA_CHECK(r.backend != "nccl" || r.device.is_cuda(),
               "rank {} of {}: run.dist_backend = \"nccl\" needs run.device on CUDA (it is {}); gloo runs on the CPU",
               r.rank, r.world_size, r.device.str());
  if (r.backend == "nccl")  // before any thread of the group starts, and before the group reads them
    for (const auto& line : apply_nccl_error_environment())
      if (r.rank == 0) fmt::print(stderr, "contra: warning: {}\n", line);
  auto world = std::make_shared<World>();
  world->rank_ = r.rank;
  world->size_ = r.world_size;
  world->backend_ = r.backend;
  world->timeout_ = r.timeout;
  world->group_ = std::make_shared<Group>();
  const std::string where = fmt::format("{}:{}", r.master_addr, r.master_port);
  try {
    c10d::TCPStoreOptions o;
    o.port = static_cast<std::uint16_t>(r.master_port);
    o.isServer = r.rank == 0;
    o.numWorkers = r.world_size;
    o.waitWorkers = false;  // the process group's own rendezvous waits for the ranks, within the same timeout
    o.timeout = r.timeout;
#if TORCH_VERSION_MAJOR >= 2
    o.useLibUV = false;  // the same server as 1.13's; a LibTorch without libuv refuses it otherwise
#endif
    world->group_->store = c10::make_intrusive<c10d::TCPStore>(r.master_addr, o);
  } catch (const std::exception& e) {
    core::fail("rank {} of {}: the rendezvous at {} ({}) failed within {} s: {}", r.rank, r.world_size, where, r.source,
               r.timeout.count() / 1000, first_line(e));
  }
  try {
    world->group_->pg = make_group(r, world->group_->store);
  } catch (const core::ContraError&) {
    throw;
  } catch (const std::exception& e) {
    core::fail("rank {} of {}: the {} process group at {} could not be formed within {} s: {}", r.rank, r.world_size,
               r.backend, where, r.timeout.count() / 1000, first_line(e));
  }
  world->group_->device = r.backend == "nccl" ? r.device : torch::Device(torch::kCPU);
  world->group_->nccl = r.backend == "nccl";
  return world;
}

namespace {

double g_collective_seconds = 0;  // dist/collective_clock.h

/// `t` where the group needs it: itself when it is there, else a copy (written back by `land`).
/// t on the group's device, in a dtype its backend carries: gloo has no bfloat16 (c10d answers
/// "Invalid scalar type"), so a bf16 tensor (an activation under CPU autocast) travels as float32,
/// which holds every bf16 value exactly, and lands back in bf16 (land, all_gather).
torch::Tensor staged(const torch::Tensor& t, const torch::Device& device) {
  auto on = t.device() == device ? t : t.to(device);
  return on.scalar_type() == torch::kBFloat16 && device.is_cpu() ? on.to(torch::kFloat32) : on;
}
void land(torch::Tensor& t, const torch::Tensor& on_group) {
  if (!on_group.is_same(t)) t.copy_(on_group);
}

/// Throws the one-line error of a collective that failed.
[[noreturn]] void collective_failed(const World& w, const char* name, const std::exception& e) {
  core::fail("rank {} of {}: collective {} failed: {} (a peer that died, or none answering within {} s, fails it so)",
             w.rank(), w.size(), name, first_line(e), w.timeout().count() / 1000);
}

/// Host seconds inside the collectives: on NCCL the time to enqueue them (World::enqueues).
struct HostClock {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  ~HostClock() {
    g_collective_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
};

/// Issues one collective (`issue` returns its Work) and waits for it: blocking the host, or on
/// NCCL inside a StreamOrdered scope by ordering the current stream after it (settled later).
/// G is World::Group.
template <class G, class F>
void collective(const World& w, G& g, const char* name, std::int64_t CollectiveCounts::*kind, F&& issue) {
  const HostClock clock;
  ++(g.counts.*kind);
  try {
    auto work = issue();
    if (g.nccl && g.stream_ordered > 0) {
      work->synchronize();  // NCCL: the current stream waits for it; the host goes on
      g.pending = std::move(work);
      g.pending_name = name;
    } else if (g.nccl) {
      work->wait(w.timeout());  // NCCL: the host blocks until it completes, or throws at the timeout
    } else {
      work->wait();  // gloo: blocks, and gloo's own timeout (the group's options) fails it
    }
  } catch (const core::ContraError&) {
    throw;
  } catch (const std::exception& e) {
    collective_failed(w, name, e);
  }
}

}  // namespace

void World::all_reduce_sum(std::vector<torch::Tensor>& tensors) const {
  if (single()) return;
  for (auto& t : tensors) {  // c10d's list is one tensor per device, not a list of tensors: one call each
    std::vector<torch::Tensor> one{staged(t, group_->device)};
    collective(*this, *group_, "all_reduce", &CollectiveCounts::all_reduce, [&] { return group_->pg->allreduce(one); });
    land(t, one[0]);
  }
}

void World::all_reduce_max(torch::Tensor& tensor) const {
  if (single()) return;
  std::vector<torch::Tensor> t{staged(tensor, group_->device)};
  c10d::AllreduceOptions opts;
  opts.reduceOp = c10d::ReduceOp::MAX;
  collective(*this, *group_, "all_reduce", &CollectiveCounts::all_reduce,
             [&] { return group_->pg->allreduce(t, opts); });
  land(tensor, t[0]);
}

torch::Tensor World::all_gather(const torch::Tensor& x) const {
  if (single()) return x;
  std::vector<torch::Tensor> input{staged(x, group_->device).contiguous()};
  std::vector<std::vector<torch::Tensor>> output(1);
  for (int i = 0; i < size_; ++i) output[0].push_back(torch::empty_like(input[0]));
  collective(*this, *group_, "all_gather", &CollectiveCounts::all_gather,
             [&] { return group_->pg->allgather(output, input); });
  return torch::cat(output[0], 0).to(x.device(), x.scalar_type());  // (W·N)×…, where and as x was
}

void World::broadcast(std::vector<torch::Tensor>& tensors, int root) const {
  if (single() || tensors.empty()) return;
  c10d::BroadcastOptions opts;
  opts.rootRank = root;
  for (auto& t : tensors) {  // one call per tensor, as in all_reduce_sum
    std::vector<torch::Tensor> one{staged(t, group_->device)};
    collective(*this, *group_, "broadcast", &CollectiveCounts::broadcast,
               [&] { return group_->pg->broadcast(one, opts); });
    land(t, one[0]);
  }
}

void World::barrier() const {
  if (single()) return;
  collective(*this, *group_, "barrier", &CollectiveCounts::barrier, [&] { return group_->pg->barrier(); });
}

void World::settle() const {
  if (single() || !group_->pending) return;
  auto work = std::move(group_->pending);
  group_->pending = WorkPtr();
  try {
    // Blocks until it completes (NCCL runs the group's collectives in order, so the earlier ones
    // have too), or throws: at the timeout, or at once where NCCL's watchdog already aborted it.
    work->wait(timeout_);
  } catch (const std::exception& e) {
    collective_failed(*this, group_->pending_name, e);
  }
}

CollectiveCounts World::counts() const { return single() ? CollectiveCounts{} : group_->counts; }

void World::stream_ordered(bool on) const {
  if (single()) return;
  group_->stream_ordered += on ? 1 : -1;
}

double collective_seconds() { return g_collective_seconds; }

#else  // a build without gloo's or NCCL's headers: one process only

double collective_seconds() { return 0; }

struct World::Group {};

std::shared_ptr<World> World::join(const Rendezvous& r) {
  core::fail(
      "rank {} of {}: this build of contra has no process group (gloo's headers were not found when it was "
      "built: install libgloo-dev and rebuild); it runs one process per run",
      r.rank, r.world_size);
}

void World::all_reduce_sum(std::vector<torch::Tensor>&) const {}
void World::all_reduce_max(torch::Tensor&) const {}
torch::Tensor World::all_gather(const torch::Tensor& x) const { return x; }
void World::broadcast(std::vector<torch::Tensor>&, int) const {}
void World::barrier() const {}
void World::settle() const {}
CollectiveCounts World::counts() const { return {}; }
void World::stream_ordered(bool) const {}

#endif

const std::shared_ptr<World>& single_process() {
  static const auto one = std::make_shared<World>();
  return one;
}

}  // namespace contra::dist
