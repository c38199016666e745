// The process group of one run (DESIGN.md, "Scale": several processes per run). LibTorch's C++ API
// has no data-parallel module, so a run's ranks meet through c10d, the distributed engine LibTorch
// ships: a TCPStore rendezvous and a gloo (CPU) or NCCL (CUDA) process group. This wrapper owns the
// concrete group, so the rest of contra sees neither c10d's headers nor the 1.13 / 2.x class
// change (ProcessGroup in 1.13, Backend in 2.x; the collectives have the same signatures).
// A World of one process makes every collective the identity, so single-process code paths call
// them unconditionally and stay bit for bit what they were.
#pragma once

#include <torch/types.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace contra::dist {

/// How this process joins its run's group: torchrun's variables (RANK, WORLD_SIZE, LOCAL_RANK,
/// MASTER_ADDR, MASTER_PORT), or SLURM's when an srun step starts the ranks.
struct Rendezvous {
  int rank = 0;                                   ///< in [0, world_size)
  int world_size = 1;                             ///< W, the number of processes of the run
  int local_rank = 0;                             ///< the rank on this node (its GPU on CUDA)
  int local_world_size = 0;                       ///< ranks on this node (LOCAL_WORLD_SIZE, or under SLURM the
                                                  ///< step's tasks on this node); 0 = not said
  std::string master_addr = "127.0.0.1";          ///< where rank 0's TCPStore listens
  int master_port = 29500;                        ///< its TCP port, in [1, 65535]
  std::string backend = "gloo";                   ///< the process group: gloo (CPU tensors) or nccl (CUDA)
  torch::Device device = torch::kCPU;             ///< where the collectives run: CPU for gloo, the rank's GPU
                                                  ///< for NCCL (dist::rank_device)
  std::chrono::milliseconds timeout{120 * 1000};  ///< rendezvous and every collective (run.dist_timeout_s)
  std::string source = "environment";             ///< what set these values, for messages
};

/// The rendezvous the environment describes. WORLD_SIZE (or, inside an srun step, SLURM_NTASKS
/// with SLURM_PROCID and SLURM_LOCALID) gives the group; unset, or 1, is one process. Throws
/// core::ContraError naming the variable and its value when one is not an integer, the rank lies
/// outside [0, WORLD_SIZE), the port outside [1, 65535], or MASTER_ADDR / MASTER_PORT is missing
/// for W > 1 (inside SLURM the port defaults to one derived from SLURM_JOB_ID and the address to
/// the first host of SLURM_JOB_NODELIST, both still overridable; the ranks on this node come from
/// SLURM_STEP_TASKS_PER_NODE and SLURM_NODEID, and must exceed SLURM_LOCALID).
Rendezvous rendezvous_from_environment();

/// Whether this build carries the gloo process group (CMake found gloo's headers).
bool has_gloo();
/// Whether this build carries the NCCL process group (a CUDA LibTorch, and CMake found nccl.h).
bool has_nccl();

/// The GPU of rank `r` on CUDA: `device` as given when it names an index (cuda:N), else
/// cuda:(local_rank mod the visible devices), so that ranks bound to one GPU each by SLURM
/// (--gpus-per-task) and ranks that see all of a node's GPUs (torchrun, --nproc, --gres) both get
/// their own. A CPU device is returned as it is. Throws core::ContraError, naming the variables,
/// when NCCL would put two ranks of this node on one GPU (LOCAL_WORLD_SIZE above the visible
/// devices; NCCL itself would stop at its first collective with "Duplicate GPU detected").
torch::Device rank_device(const Rendezvous& r, const torch::Device& device, bool explicit_index);

/// How many collectives a World has issued, by kind: what a test asserts of a step.
struct CollectiveCounts {
  std::int64_t all_reduce = 0, all_gather = 0, broadcast = 0, barrier = 0;
  std::int64_t total() const { return all_reduce + all_gather + broadcast + barrier; }
};

/// A run's ranks. Every collective takes contiguous dense tensors of the same shape and dtype on
/// every rank, on any device (a tensor elsewhere than the group's device is copied there and back,
/// which on CUDA waits for the device: the step keeps its scalars on the group's device), and
/// throws core::ContraError with one line ("collective all_reduce of 2 ranks failed: ...") when a
/// peer is gone or rank.timeout passes. A collective blocks the host until it completes, except
/// on NCCL inside a StreamOrdered scope (a training step), where it orders the current CUDA stream
/// after itself and settle() waits for it.
/// On NCCL, contra has NCCL's watchdog abort a failed or timed-out collective without ending the
/// process (dist/nccl_environment.h, set before the group is formed), so a stream stuck on a dead
/// peer drains and the failure is thrown where the collective is waited for, within rank.timeout.
class World {
 public:
  /// One process: rank 0 of 1, every collective the identity.
  World() = default;

  /// Joins the group `r` describes: rank 0 listens at master_addr:master_port, the others connect.
  /// Throws core::ContraError with one line when the port is in use, a rank does not arrive within
  /// r.timeout, the backend is unknown or not in this build, or W = 1.
  static std::shared_ptr<World> join(const Rendezvous& r);

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool single() const { return size_ == 1; }
  bool main() const { return rank_ == 0; }
  /// "gloo", "nccl", or "none" for one process.
  const std::string& backend() const { return backend_; }
  std::chrono::milliseconds timeout() const { return timeout_; }

  /// Sums each tensor over the ranks, in place (one collective per tensor: flatten many small
  /// ones into a bucket first, as dist/replicas.h does).
  void all_reduce_sum(std::vector<torch::Tensor>& tensors) const;
  /// The elementwise maximum over the ranks, in place.
  void all_reduce_max(torch::Tensor& tensor) const;
  /// x: N×… on every rank -> (W·N)×…, rank 0's rows first (rank-major). Without gradients.
  torch::Tensor all_gather(const torch::Tensor& x) const;
  /// Copies `root`'s tensors into every rank's, in place.
  void broadcast(std::vector<torch::Tensor>& tensors, int root = 0) const;
  /// Returns when every rank has called it.
  void barrier() const;

  /// Blocks until every collective issued inside a StreamOrdered scope has completed on the device,
  /// within rank.timeout; throws core::ContraError with one line (as a collective does) when one
  /// failed or timed out (NCCL's watchdog aborts it after rank.timeout, so a host that was held up
  /// behind the stuck stream still gets here). The loop calls it where it reads the step's scalars back (once per log
  /// window) and before anything else in a step reads the device. Nothing to wait for on gloo or
  /// with one process.
  void settle() const;

  /// The collectives this process has issued so far (zero for one process).
  CollectiveCounts counts() const;

  /// Whether the collectives can return before the communication is done (NCCL enqueues them on
  /// its stream): then the host's time inside them, collective_seconds, is enqueue time.
  bool enqueues() const { return backend_ == "nccl"; }

 private:
  friend class StreamOrdered;
  void stream_ordered(bool on) const;
  struct Group;
  std::shared_ptr<Group> group_;
  int rank_ = 0;
  int size_ = 1;
  std::string backend_ = "none";
  std::chrono::milliseconds timeout_{120 * 1000};
};

/// While one is alive, `world`'s collectives on NCCL do not block the host: each orders the current
/// CUDA stream after itself (c10d's Work::synchronize), so a step's gradient all-reduce and gathers
/// queue behind its kernels, and World::settle() waits for them. Gloo's collectives (CPU tensors)
/// always block; with one process there are none. Scopes nest.
class StreamOrdered {
 public:
  explicit StreamOrdered(const World& world) : world_(world) { world_.stream_ordered(true); }
  ~StreamOrdered() { world_.stream_ordered(false); }
  StreamOrdered(const StreamOrdered&) = delete;
  StreamOrdered& operator=(const StreamOrdered&) = delete;

 private:
  const World& world_;
};

/// The one-process World, shared (what a method or a step holds when no group was joined).
const std::shared_ptr<World>& single_process();

}  // namespace contra::dist
