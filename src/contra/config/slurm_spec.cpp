#include "contra/config/slurm_spec.h"

#include <regex>

#include "contra/core/error.h"

namespace contra::config {

void validate_slurm(const SlurmSpec& o, const std::string& where) {
  CONTRA_CHECK(o.cpus >= 1, "{}: slurm.cpus = {} must be >= 1", where, o.cpus);
  CONTRA_CHECK(o.gpus >= 0, "{}: slurm.gpus = {} must be >= 0", where, o.gpus);
  CONTRA_CHECK(o.nodes >= 1 && o.nodes <= 100000, "{}: slurm.nodes = {} must be in [1, 100000]", where, o.nodes);
  CONTRA_CHECK(o.ntasks_per_node >= 1 && o.ntasks_per_node <= 4096,
               "{}: slurm.ntasks_per_node = {} must be in [1, 4096] (ranks per node)", where, o.ntasks_per_node);
  CONTRA_CHECK(o.nodes * o.ntasks_per_node <= (1 << 20),
               "{}: slurm.nodes = {} x slurm.ntasks_per_node = {} ranks: at most {} ranks in one run", where, o.nodes,
               o.ntasks_per_node, 1 << 20);
  CONTRA_CHECK(o.gpus_per_task >= 0 && o.gpus_per_task <= 64, "{}: slurm.gpus_per_task = {} must be in [0, 64]", where,
               o.gpus_per_task);
  CONTRA_CHECK(o.gpus <= 64, "{}: slurm.gpus = {} must be in [0, 64]", where, o.gpus);
  CONTRA_CHECK(o.cpus <= 4096, "{}: slurm.cpus = {} must be in [1, 4096]", where, o.cpus);
  CONTRA_CHECK(o.gpus == 0 || o.gpus_per_task == 0,
               "{}: slurm.gpus = {} (per node) and slurm.gpus_per_task = {} (per rank) are both set: set one", where,
               o.gpus, o.gpus_per_task);
  CONTRA_CHECK(o.max_parallel >= 0, "{}: slurm.max_parallel = {} must be >= 0", where, o.max_parallel);
  CONTRA_CHECK(o.signal_seconds >= 0, "{}: slurm.signal_seconds = {} must be >= 0", where, o.signal_seconds);
  // sbatch's forms: minutes, minutes:seconds, hours:minutes:seconds, days-hours[:minutes[:seconds]].
  static const std::regex time(R"(^(\d+-)?\d+(:\d{1,2}){0,2}$)");
  CONTRA_CHECK(std::regex_match(o.time, time),
               "{}: slurm.time = '{}' is not a SLURM time (e.g. 04:00:00, 90, 2-00:00:00)", where, o.time);
  static const std::regex memory(R"(^\d+[KMGT]?$)");
  CONTRA_CHECK(std::regex_match(o.memory, memory),
               "{}: slurm.memory = '{}' is not a SLURM memory size (e.g. 16G, 4000M)", where, o.memory);
  static const std::regex name(R"(^[A-Za-z0-9_.,:-]*$)");
  CONTRA_CHECK(std::regex_match(o.partition, name), "{}: slurm.partition = '{}' is not a partition name", where,
               o.partition);
  CONTRA_CHECK(std::regex_match(o.account, name), "{}: slurm.account = '{}' is not an account name", where, o.account);
}

}  // namespace contra::config
