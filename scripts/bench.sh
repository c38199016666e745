#!/usr/bin/env bash
# `make bench`: runs every Google Benchmark binary of a build (JSON under <build>/bench/results/),
# times contra's MoCo step side by side with the PyTorch reference (bench/reference_moco_step.py,
# Debian's python3-torch: the same LibTorch), times a clean build, a one-file rebuild and
# `make test` on a copy of the tree, then writes the figures into bench/README.md; last, each
# precision side by side with PyTorch 2.13 (scripts/bench_precision.sh).
# Usage: scripts/bench.sh [build dir]
# Environment: BENCH_ROUNDS (side-by-side rounds, 5), BENCH_SKIP_BUILD_TIMES=1 (keep the last
# build figures; the report dates them), BENCH_FILTER (a regex passed to every binary as
# --benchmark_filter, for a partial run: its JSON goes to <build>/bench/results-partial/ and
# bench/README.md is left alone).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ -d "${1:-build}" ] || { echo "bench: build folder '${1:-build}' not found (make bench configures and builds it)" >&2; exit 2; }
build=$(cd "${1:-build}" && pwd)
rounds=${BENCH_ROUNDS:-5}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "bench: BENCH_ROUNDS = '$rounds' must be a whole number >= 1" >&2; exit 2; }

# The binaries of today's sources, built now if they are older than them.
cmake --build "$build" -j "$(nproc)" >/dev/null

shopt -s nullglob
binaries=()
for src in "$root"/bench/bench_*.cpp; do
  b="$build/bench/$(basename "$src" .cpp)"
  [ -x "$b" ] || { echo "bench: $b was not built" >&2; exit 1; }
  binaries+=("$b")
done

filter=()
out="$build/bench/results"
if [ -n "${BENCH_FILTER:-}" ]; then
  filter=(--benchmark_filter="$BENCH_FILTER")
  # Checked before anything runs: a filter that matches nothing (or is not a valid regex) is one line.
  matched=0
  for b in "${binaries[@]}"; do
    if [ -n "$("$b" "${filter[@]}" --benchmark_list_tests 2>/dev/null)" ]; then matched=1; break; fi
  done
  [ "$matched" = 1 ] || { echo "bench: BENCH_FILTER = '$BENCH_FILTER' matches no benchmark (or is not a valid regex)" >&2; exit 2; }
  out="$build/bench/results-partial"
  rm -rf "$out"  # only this run's JSON
fi
python=""
if [ -z "${BENCH_FILTER:-}" ]; then
  # The full run ends with the PyTorch reference: a python3 that imports torch (python3-torch).
  for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import torch' 2>/dev/null; then python=$candidate; break; fi
  done
  [ -n "$python" ] || { echo "bench: no python3 with torch (Debian package python3-torch; scripts/setup.sh bench installs it)" >&2; exit 1; }
fi
mkdir -p "$out"
for b in "${binaries[@]}"; do
  name=$(basename "$b")
  [ -z "${BENCH_FILTER:-}" ] || [ -n "$("$b" "${filter[@]}" --benchmark_list_tests 2>/dev/null)" ] || continue
  echo "== $name"
  "$b" "${filter[@]}" --benchmark_out="$out/$name.json" --benchmark_out_format=json --benchmark_counters_tabular=true
done
if [ -n "${BENCH_FILTER:-}" ]; then
  echo "bench: partial run ($BENCH_FILTER); JSON in $out, bench/README.md left alone"
  exit 0
fi


# The GEMM ceiling once more with OpenBLAS choosing its kernels for this CPU itself, when the
# environment forces a core type (OPENBLAS_CORETYPE): the ceiling is the highest of these.
if [ -n "${OPENBLAS_CORETYPE:-}" ]; then
  echo "== bench_gemm without OPENBLAS_CORETYPE=$OPENBLAS_CORETYPE"
  env -u OPENBLAS_CORETYPE "$build/bench/bench_gemm" --benchmark_filter=BM_Sgemm \
    --benchmark_out="$out/bench_gemm_autodetect.json" --benchmark_out_format=json
else
  rm -f "$out/bench_gemm_autodetect.json"
fi

# Side by side, A B A B ...: contra's MoCo step on fixed views (BM_ModelStep) against the reference
# as written, with OpenBLAS's pool at one thread (contra's setting), and with that and an
# out-of-place ReLU (both of contra's changes).
echo "== side by side: contra BM_ModelStep against bench/reference_moco_step.py, $rounds rounds"
pairs="$out/side_by_side.jsonl"
: >"$pairs"
# bench_train_step with a filter, JSON to $out/NAME.json; its log is shown when it fails.
train_step() {
  if ! "$build/bench/bench_train_step" --benchmark_filter="$1" --benchmark_format=json >"$out/$2.json" 2>"$out/$2.log"; then
    cat "$out/$2.log" >&2
    exit 1
  fi
}
reference() { "$python" "$root/bench/reference_moco_step.py" --batch 256 --steps 60 --round "$round" "$@" | tee -a "$pairs"; }
for round in $(seq "$rounds"); do
  train_step '^BM_ModelStep/' side_by_side_ours
  "$python" -c 'import json,sys; b=json.load(open(sys.argv[1]))["benchmarks"][0]; print(json.dumps({"round": int(sys.argv[2]), "who": "contra", "images_per_s": b["images_per_s"]}))' \
    "$out/side_by_side_ours.json" "$round" | tee -a "$pairs"
  reference
  OPENBLAS_NUM_THREADS=1 reference --label reference_blas1
  OPENBLAS_NUM_THREADS=1 reference --label reference_tuned --relu out-of-place
done

# No cliff: the CPU default step at batch 256, 512 and 1024, and 512 and 1024 with the batch whole
# (no split chunks), one after the other in each round (one process), so each round's ratios are
# taken minutes apart at most, not across the whole run.
echo "== batch 256, 512, 1024 side by side, $rounds rounds"
batches="$out/batch_rounds.jsonl"
: >"$batches"
for round in $(seq "$rounds"); do
  train_step '^BM_Step(WholeBatch)?/moco/small_cnn/' batch_round
  "$python" -c 'import json,sys; r={("whole " if b["name"].startswith("BM_StepWholeBatch") else "") + str(int(b["batch"])): b["images_per_s"] for b in json.load(open(sys.argv[1]))["benchmarks"]}; print(json.dumps({"round": int(sys.argv[2]), "images_per_s": r}))' \
    "$out/batch_round.json" "$round" | tee -a "$batches"
done

# Data-parallel, side by side: the CPU default's MoCo step at global batch 256 on 2 gloo ranks of
# one thread each against one process with both threads (bench_collectives, BM_DataParallelStep).
echo "== data-parallel step: 2 ranks x 1 thread against 1 process x 2 threads, $rounds rounds"
dp="$out/data_parallel_rounds.jsonl"
: >"$dp"
for round in $(seq "$rounds"); do
  for nproc in 2 1; do
    CONTRA_BENCH_NPROC=$nproc "$build/bench/bench_collectives" --benchmark_filter='^BM_DataParallelStep/' \
      --benchmark_format=json >"$out/data_parallel_round.json" 2>"$out/data_parallel_round.log" ||
      { cat "$out/data_parallel_round.log" >&2; exit 1; }
    "$python" -c 'import json,sys; b=json.load(open(sys.argv[1]))["benchmarks"][0]; print(json.dumps({"round": int(sys.argv[2]), "ranks": int(b["ranks"]), "threads_per_rank": int(b["threads_per_rank"]), "images_per_s": b["images_per_s"], "collective_seconds_per_step": b["collective_seconds_per_step"], "collective_share": b["collective_share"]}))' \
      "$out/data_parallel_round.json" "$round" | tee -a "$dp"
  done
done

if [ "${BENCH_SKIP_BUILD_TIMES:-0}" != 1 ]; then
  bash "$root/scripts/build_times.sh" "$out/build_times.json"
fi

"$python" "$root/scripts/bench_report.py" "$out" "$root/bench/README.md"

# Each precision and memory order against PyTorch 2.13 (a venv of its own): its own table.
bash "$root/scripts/bench_precision.sh" "$build"
