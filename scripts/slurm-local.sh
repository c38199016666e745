#!/usr/bin/env bash
# A real single-node SLURM cluster on localhost, from Debian's slurm-wlm packages, for the tests:
# munged, slurmctld and slurmd with a config of their own under DIR, nothing system-wide changed.
#
#   scripts/slurm-local.sh start DIR   configure and start; prints `export SLURM_CONF=DIR/slurm.conf`
#   scripts/slurm-local.sh stop DIR    stop the daemons started from DIR
#
# Exit codes: 0 started (or stopped), 77 this machine cannot run the cluster (the reason is printed
# on stderr: not root, packages missing, a daemon that would not start), 1 anything else.
set -uo pipefail

cmd=${1:-}
dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  echo "usage: $0 start|stop DIR" >&2
  exit 1
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

skip() {
  echo "slurm-local: cannot run a local SLURM cluster here: $*" >&2
  exit 77
}

stop() {
  for d in slurmd slurmctld munged; do
    if [ -f "$dir/$d.pid" ]; then
      kill "$(cat "$dir/$d.pid")" 2>/dev/null || true
    fi
  done
  sleep 1
  for d in slurmd slurmctld munged; do
    if [ -f "$dir/$d.pid" ]; then
      kill -9 "$(cat "$dir/$d.pid")" 2>/dev/null || true
      rm -f "$dir/$d.pid"
    fi
  done
}

if [ "$cmd" = stop ]; then
  stop
  exit 0
fi
[ "$cmd" = start ] || { echo "usage: $0 start|stop DIR" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || skip "slurmd must run as root to start jobs (this is uid $(id -u))"
for b in munged mungekey slurmctld slurmd sbatch squeue scontrol; do
  command -v "$b" >/dev/null 2>&1 || skip "'$b' is not installed (apt-get install slurmctld slurmd slurm-client munge)"
done

host=$(hostname -s)
cpus=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)  # GNU nproc honours OMP_NUM_THREADS, which ctest sets to 1
mem_mb=$(awk '/MemTotal/ {print int($2 / 1024 * 0.8)}' /proc/meminfo)
# Ports of our own, so a system cluster (or a second test) on this machine is left alone.
base=$((20000 + RANDOM % 20000))
mkdir -p "$dir/state" "$dir/spool" "$dir/munge"
chmod 700 "$dir/munge"

# munge: a key and a socket of our own.
mungekey --create --keyfile "$dir/munge/munge.key" --force >/dev/null 2>&1 ||
  dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
chmod 400 "$dir/munge/munge.key"
munged --force --key-file "$dir/munge/munge.key" --socket "$dir/munge/munge.socket" \
  --pid-file "$dir/munged.pid" --log-file "$dir/munged.log" --seed-file "$dir/munge/munge.seed" 2>"$dir/munged.err" ||
  skip "munged would not start: $(tail -n 1 "$dir/munged.err" "$dir/munged.log" 2>/dev/null | tr '\n' ' ')"

cat >"$dir/slurm.conf" <<EOF
# Written by scripts/slurm-local.sh for contra's tests.
ClusterName=contra-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobRequeue=1
KillWait=20
MinJobAge=300
SlurmdTimeout=60
InactiveLimit=0
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$dir/slurm.conf

slurmctld -f "$SLURM_CONF" 2>"$dir/slurmctld.err" ||
  { stop; skip "slurmctld would not start: $(tail -n 2 "$dir/slurmctld.err" "$dir/slurmctld.log" 2>/dev/null | tr '\n' ' ')"; }
slurmd -f "$SLURM_CONF" 2>"$dir/slurmd.err" ||
  { stop; skip "slurmd would not start: $(tail -n 2 "$dir/slurmd.err" "$dir/slurmd.log" 2>/dev/null | tr '\n' ' ')"; }

# Wait until the node takes jobs.
for _ in $(seq 1 60); do
  state=$(sinfo -h -N -o '%t' 2>/dev/null | head -n 1)
  case "$state" in
    idle*|mix*|alloc*) echo "export SLURM_CONF=$SLURM_CONF"; exit 0 ;;
  esac
  sleep 1
done
reason="the node did not become idle (state '${state:-none}'): $(tail -n 3 "$dir/slurmd.log" "$dir/slurmctld.log" 2>/dev/null | tr '\n' ' ')"
stop
skip "$reason"
