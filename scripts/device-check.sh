#!/usr/bin/env bash
# The one prepared call on a lent GPU machine (issue 13). Run there as root from the repository
# root, with the folder scripts/device-pack.sh filled carried beside the working tree:
#   scripts/device-check.sh                 on the GPU machine (its python3 holds torch, CUDA inside)
#   scripts/device-check.sh --rehearse      here, against the torch 2.14.1 venv of
#                                           `scripts/setup.sh torch2`: every step that needs no GPU
# Steps, each with its own time limit and all within one budget of 530 s (DEVICE_CHECK_BUDGET_S):
#   1. unpack the packed .deb files into a prefix (never into /);
#   2. configure against the machine's torch (scripts/torch-cmake-args.sh) and the prefix, nothing
#      from /usr, and build the CLI, the [cuda] tests and the GPU benchmark with every core;
#   3. the [cuda] tests (ctest -L cuda; Skipped without a GPU);
#   4. bench_gpu_step: every mechanism's step with the small CNN and ResNet-18 at 32x32, fp32 and
#      bf16, and the bf16 and TF32 GEMM ceilings, in one run; a table with the utilisation;
#   5. the gpu-short preset of the momentum sweep (ResNet-18, all 60 000 Fashion-MNIST images,
#      batch 512, bf16, 5 values x 1 seed). Whether runs share the GPU, and how many epochs fit in
#      about 4 minutes, are measured first, by the rules written at that step. A probe that finds
#      no GPU fails this step (the rehearsal runs that probe too, and plans the sweep with --dry-run).
# The unpacked prefix's libraries reach contra's binaries only, by their RPATH (scripts/device-lib.sh):
# nothing sets LD_LIBRARY_PATH, so python3 and the system's tools never load them.
# Everything worth keeping goes to $OUT (default ./device-out), at most 8 files: device-check.log
# (all output), summary.txt, build.log, ctest-cuda.txt, bench-gpu.json, bench-gpu.md and
# gpu-short.tar.gz (the records, configs and table of results/ablation-momentum/gpu-short/).
# The exit code is 0 when every step that ran passed; summary.txt lists each step's status and time.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
caller=$PWD  # a relative pack folder is the caller's, not the repository's
cd "$root"
# shellcheck source=device-lib.sh
. "$root/scripts/device-lib.sh"

rehearse=0
pack="$root/.cache/device-pack"
usage="usage: scripts/device-check.sh [--rehearse] [pack folder]"
packs=0
for arg in "$@"; do
  case "$arg" in
    --rehearse) rehearse=1 ;;
    -h | --help) sed -n '2,/^set /p' "$0" | grep '^#'; exit 0 ;;
    -*) echo "device-check: unknown option '$arg'; $usage" >&2; exit 2 ;;
    "") echo "device-check: an empty pack folder argument; $usage" >&2; exit 2 ;;
    *) pack=$(cd "$caller" && realpath -m -- "$arg"); packs=$((packs + 1)) ;;
  esac
done
[ "$packs" -le 1 ] || { echo "device-check: one pack folder at most; $usage" >&2; exit 2; }

if [ "$rehearse" = 1 ]; then
  py=${PYTHON:-$root/.cache/torch2/bin/python}
  prefix=$root/.cache/device-prefix
  build=$root/build-device-rehearsal
else
  py=${PYTHON:-python3}
  prefix=/tmp/contra-prefix
  build=$root/build-device
fi

# What the call needs, checked before anything is written or removed: one line on stderr, exit 2.
refuse() { echo "device-check: $*" >&2; exit 2; }
where=$pack
case "$pack" in "$root"/*) where=${pack#"$root"/} ;; esac
[ -f "$pack/MANIFEST" ] || refuse "no pack in $pack (no MANIFEST): run scripts/device-pack.sh and carry $where"
debs=()
while IFS= read -r deb || [ -n "$deb" ]; do
  deb=${deb%$'\r'}  # a MANIFEST written on Windows
  [ -n "$deb" ] || continue
  case "$deb" in
    */* | .*) refuse "$pack/MANIFEST lists '$deb', which is not a .deb file name" ;;
    *.deb) ;;
    *) refuse "$pack/MANIFEST lists '$deb', which is not a .deb file name" ;;
  esac
  [ -s "$pack/debs/$deb" ] || refuse "the pack lacks $pack/debs/$deb (MANIFEST lists it): run scripts/device-pack.sh again"
  debs+=("$deb")
done <"$pack/MANIFEST"
[ "${#debs[@]}" -gt 0 ] || refuse "$pack/MANIFEST lists no .deb file: run scripts/device-pack.sh again"
[ "$(timeout 120 "$py" -c 'import torch; print("torch")' 2>/dev/null)" = torch ] || refuse "python '$py' cannot import torch (set PYTHON to the one that can)"

[ -n "${OUT-x}" ] || refuse "OUT is set and empty"
out=$(realpath -m "${OUT:-$root/device-out}")
{ mkdir -p "$out" && [ -w "$out" ]; } 2>/dev/null || refuse "cannot write into $out (OUT)"
log="$out/device-check.log"
summary="$out/summary.txt"
: >"$log"
: >"$summary"
exec > >(tee -a "$log") 2>&1

export root pack prefix build py  # for the steps' functions, which run in a child bash
status=0
started=$(date +%s)
# The whole call fits in one device command (600 s at most, less the transfers): each step's limit
# is its own cap or the time left before this deadline, whichever is less.
budget_s=${DEVICE_CHECK_BUDGET_S:-530}
deadline=$((started + budget_s))
left() { echo $((deadline - $(date +%s))); }

note() { echo "$*" | tee -a "$summary"; }
# step NAME LIMIT_SECONDS COMMAND...: runs it with a time limit, records its status and seconds.
step() {
  local name=$1 limit=$2 t0 rc
  shift 2
  [ "$(left)" -lt "$limit" ] && limit=$(left)
  if [ "$limit" -lt 5 ]; then note "$name: not run, the ${budget_s}s budget is spent"; status=1; return 124; fi
  t0=$(date +%s)
  echo "=== $name (limit ${limit}s): $*"
  if declare -F "$1" >/dev/null; then  # a function of this script: timeout runs it in a child bash
    timeout --signal=TERM --kill-after=10 "$limit" bash -c "$(declare -f "$1"); $(printf '%q ' "$@")"
  else
    timeout --signal=TERM --kill-after=10 "$limit" "$@"
  fi
  rc=$?
  local secs=$(($(date +%s) - t0))
  if [ "$rc" -eq 0 ]; then note "$name: ok (${secs}s)"; else
    note "$name: FAILED with exit code $rc (${secs}s)$([ "$rc" -eq 124 ] && echo ', time limit')"
    status=1
  fi
  return "$rc"
}

note "device-check $([ "$rehearse" = 1 ] && echo rehearsal || echo run) at $(date -u +%FT%TZ) on $(hostname), $(nproc) cores, git $(git rev-parse --short=12 HEAD 2>/dev/null || echo '?')"
note "torch: $(timeout 120 "$py" -c 'import torch; print(torch.__version__, "CUDA", torch.version.cuda, "devices", torch.cuda.device_count())' 2>/dev/null || echo "python '$py' cannot import torch")"
command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | sed 's/^/gpu: /' | tee -a "$summary"

# 1. The packed .deb files, unpacked into the prefix.
unpack() {
  # The pack was checked whole above (every .deb its MANIFEST lists), before the old prefix goes.
  rm -rf "$prefix" && mkdir -p "$prefix"
  local n=0 deb member
  while IFS= read -r deb || [ -n "$deb" ]; do
    deb=${deb%$'\r'}
    [ -n "$deb" ] || continue
    deb=$pack/debs/$deb
    if command -v dpkg >/dev/null; then
      dpkg -x "$deb" "$prefix" || return 1
    else  # no dpkg: a .deb is an ar archive whose data.tar.* holds the files
      member=$(ar t "$deb" | grep '^data\.tar') || return 1
      ar p "$deb" "$member" >"$prefix/$member" && tar -xf "$prefix/$member" -C "$prefix" || return 1
      rm -f "$prefix/$member"
    fi
    n=$((n + 1))
  done <"$pack/MANIFEST"
  echo "unpacked $n .deb files into $prefix"
}
step unpack 60 unpack || { note "stopping: nothing to build with"; exit 1; }
# The prefix's libraries reach only contra's binaries, through their RPATH (prefix_rpath_args,
# scripts/device-lib.sh): nothing sets LD_LIBRARY_PATH, so python3 and the system's tools never
# load them.
export arch_lib=$prefix/usr/lib/x86_64-linux-gnu
export -f prefix_rpath_args

# The default dataset where the default experiment looks for it (config::DataOptions::root).
dataset=/usr/share/datasets/fashion-mnist
if [ ! -f "$dataset/train-images-idx3-ubyte.gz" ]; then
  if [ "$rehearse" = 1 ]; then note "dataset: $dataset is missing here (scripts/setup.sh installs it)"; status=1; else
    mkdir -p "$(dirname "$dataset")" && ln -sfn "$pack/fashion-mnist" "$dataset" && note "dataset: $dataset -> $pack/fashion-mnist"
  fi
fi

# 2. Configure against the machine's torch and the prefix (CMAKE_IGNORE_PREFIX_PATH keeps /usr out
#    of every package search, so the rehearsal finds only what the pack brings), and build.
configure_and_build() {
  local torch_args generator=()
  torch_args=$(bash scripts/torch-cmake-args.sh "$py") || return 2
  # shellcheck disable=SC2206
  local args=($torch_args)
  local torch_prefix=${args[0]#-DCMAKE_PREFIX_PATH=}
  args[0]="-DCMAKE_PREFIX_PATH=$torch_prefix;$prefix/usr"
  command -v ninja >/dev/null && generator=(-G Ninja)
  rm -rf "$build"
  local rpath_args=()
  mapfile -t rpath_args < <(prefix_rpath_args "$arch_lib")
  cmake -S . -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release "${args[@]}" \
    "-DCMAKE_IGNORE_PREFIX_PATH=/usr;/usr/local;/" -DCONTRA_HDF5_ROOT="$arch_lib/hdf5/serial" \
    -DCONTRA_ENABLE_BENCH=ON -DCONTRA_ENABLE_TESTS=ON "${rpath_args[@]}" || return 1
  cmake --build "$build" -j "$(nproc)" --target contra_cli contra_cuda_tests bench_gpu_step
}
step build 330 configure_and_build >"$out/build.log" 2>&1
tail -n 5 "$out/build.log"
if [ ! -x "$build/bin/contra" ]; then note "stopping: the build failed (build.log)"; exit 1; fi

# 3. The [cuda] tests (Skipped, and reported so, without a GPU).
step cuda-tests 240 bash -c "cd '$build' && ctest -L cuda --output-on-failure --timeout 200" >"$out/ctest-cuda.txt" 2>&1
grep -E "tests passed|Skipped|Failed|\*\*\*" "$out/ctest-cuda.txt" | tail -n 12 | tee -a "$summary"

# 4. The GPU benchmark and its table.
step bench 150 "$build/bench/bench_gpu_step" --benchmark_out="$out/bench-gpu.json" --benchmark_out_format=json
if [ -s "$out/bench-gpu.json" ]; then
  python3 scripts/gpu_bench_table.py "$out/bench-gpu.json" >"$out/bench-gpu.md" && cat "$out/bench-gpu.md" | tee -a "$summary"
else
  note "bench: no GPU figures (no device)"
fi

# 5. The gpu-short momentum sweep. It needs the machine's torch to see a GPU: where the probe
#    fails on the device, the step fails, loudly; the rehearsal runs the same probe (which fails
#    here, without a GPU), checks that python3 runs without the prefix's libraries, and plans the
#    sweep with --dry-run.
sweep=("$build/bin/contra" sweep sweeps/ablation-momentum.toml --preset gpu-short)
export contra_bin="$build/bin/contra"  # for probe(), which runs in a child bash
probe_said=$(cuda_probe "$py"); probe_rc=$?
note "gpu probe: $probe_said"
mode=$(gpu_short_mode "$rehearse" "$probe_rc")
if [ "$mode" = plan ]; then
  [ "$probe_rc" = 0 ] || note "gpu probe: as expected without a GPU; on the device this fails step gpu-short"
  # The binaries find the prefix's libraries by their RPATH alone, and the rest of the script runs
  # without them.
  missing=$(env -u LD_LIBRARY_PATH ldd "$build/bin/contra" "$build/tests/contra_cuda_tests" 2>&1 | grep 'not found')
  seen=$(python3 -c 'import os; print(os.environ.get("LD_LIBRARY_PATH", ""))')
  if [ -n "$missing" ]; then
    note "library path: FAILED: without LD_LIBRARY_PATH the binaries miss $(echo "$missing" | tr -s ' \n' ' ')"; status=1
  elif [[ $seen == *"$prefix"* ]]; then
    note "library path: FAILED: python3 runs with the prefix's libraries ($seen)"; status=1
  else
    note "library path: ok (the binaries find the prefix's libraries by RPATH; python3 runs without them)"
  fi
  step gpu-short-plan 60 "${sweep[@]}" --dry-run
elif [ "$mode" = fail ]; then
  note "gpu-short: FAILED: the probe found no usable GPU ($probe_said); the sweep did not run"
  status=1
else
  # Sharing the GPU: one 40-step run alone, then two at once. Rule: when two at once take under 1.8x
  # one alone (the GPU does at least 10% more work per second shared), all 5 runs share it at once.
  probe() {
    "$contra_bin" train experiments/moco-fashion-mnist.toml --set run.device=cuda --set run.precision=bf16 \
      --set model.backbone=resnet18 --set optim.batch=512 --set data.train_subset=20480 --set optim.epochs=1 \
      --set method.queue=4096 --set eval.knn_random_init=false --set run.seed="$1" --quiet --fresh --out "/tmp/probe$1"
  }
  # Each probe has 60 s; a probe that fails or times out leaves the rule's defaults (one run at a
  # time, the preset's epochs), and says so.
  jobs=1 alone='' pair=''
  t0=$(date +%s.%N)
  if timeout 60 bash -c "$(declare -f probe); probe 100" >/dev/null; then
    t1=$(date +%s.%N)
    timeout 60 bash -c "$(declare -f probe); probe 101" >/dev/null & p1=$!
    timeout 60 bash -c "$(declare -f probe); probe 102" >/dev/null; r2=$?
    wait "$p1"; r1=$?
    t2=$(date +%s.%N)
    alone=$(python3 -c "print(round($t1 - $t0, 2))")
    if [ "$r1" = 0 ] && [ "$r2" = 0 ]; then
      pair=$(python3 -c "print(round($t2 - $t1, 2))")
      jobs=$(python3 -c "print(5 if $pair < 1.8 * $alone else 1)")
    fi
  fi
  [ -n "$pair" ] || note "gpu-short: a probe run failed or timed out (device-check.log): one run at a time"
  # Epochs: the bf16 MoCo ResNet-18 epoch measured in step 4 (t_e, 60 000 images), each run's fixed
  # cost taken as one probe's time (start, data, evaluation), a budget of 240 s for the 5 runs:
  # E = floor((240 - fixed * 5 / jobs) / (5 * t_e * share)), share = pair / (2 * alone) when the
  # runs share the GPU (1 otherwise), at least 1 and at most 100.
  # The budget is 240 s or the time left less 30 s, whichever is less. Without a measured epoch or
  # probe the preset's own epochs stand, and the summary says so.
  t_e=$(python3 scripts/gpu_bench_table.py "$out/bench-gpu.json" --epoch-seconds BM_GpuStep/moco/resnet18/bf16 2>/dev/null)
  epochs_set=() epochs=''
  if [ -n "$t_e" ] && [ -n "$alone" ]; then
    epochs=$(python3 -c "
budget = min(240, $(left) - 30)
share = ${pair:-0} / (2 * $alone) if $jobs > 1 else 1.0
e = int((budget - $alone * 5 / $jobs) / (5 * $t_e * share))
print(max(1, min(100, e)))" 2>/dev/null)
  fi
  if [[ ${epochs:-} =~ ^[0-9]+$ ]]; then
    epochs_set=(--set optim.epochs="$epochs")
    note "gpu-short: one probe run alone ${alone}s, two at once ${pair:-not measured}s: jobs $jobs; epoch ${t_e}s: optim.epochs = $epochs"
  else
    note "gpu-short: the epoch time or the probe was not measured: jobs $jobs, the preset's optim.epochs"
  fi
  step gpu-short 300 "${sweep[@]}" --jobs "$jobs" --rerun "${epochs_set[@]}" --log-every 20
  [ -d results/ablation-momentum/gpu-short ] && tar czf "$out/gpu-short.tar.gz" results/ablation-momentum/gpu-short &&
    note "gpu-short: records and table in gpu-short.tar.gz"
fi

note "device-check: done in $(($(date +%s) - started))s, $([ "$status" = 0 ] && echo 'every step passed' || echo 'a step FAILED')"
exit "$status"
