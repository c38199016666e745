#!/usr/bin/env bash
# The model step in each precision and memory order, side by side with current PyTorch (issue 39):
# per round, one after the other (A B A B …), contra's BM_ModelStep (fp32, NCHW: the step before
# NHWC became the CPU default), BM_ModelStepChannelsLast (fp32, NHWC: what a CPU without native
# bf16 runs), BM_ModelStepBf16ChannelsLast (bf16, NHWC: what run.precision = "auto" runs on a CPU
# with avx512_bf16 or AMX), then bench/reference_moco_step.py under PyPI's torch==2.13.0 (CPU
# build where pip finds it) in fp32 and in bf16 autocast, from a venv this script makes under
# .cache/torch213. Writes <build>/bench/results/precision_rounds.jsonl and the table between the
# precision markers of bench/README.md (scripts/precision_report.py).
# Usage: scripts/bench_precision.sh [build dir]   Environment: BENCH_ROUNDS (5).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ -d "${1:-build}" ] || { echo "bench_precision: build folder '${1:-build}' not found" >&2; exit 2; }
build=$(cd "${1:-build}" && pwd)
rounds=${BENCH_ROUNDS:-5}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "bench_precision: BENCH_ROUNDS = '$rounds' must be a whole number >= 1" >&2; exit 2; }
step="$build/bench/bench_train_step"
unset BENCH_STEP_ITERATIONS  # the minimum times below, not a fixed step count left in the environment
[ -x "$step" ] || { echo "bench_precision: $step was not built (make bench builds it)" >&2; exit 1; }

venv="$root/.cache/torch213"
if ! "$venv/bin/python" -c 'import torch, sys; sys.exit(torch.__version__.split("+")[0] != "2.13.0")' 2>/dev/null; then
  echo "== making $venv (torch==2.13.0 from pip)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet torch==2.13.0 numpy
fi

out="$build/bench/results"
mkdir -p "$out"
rows="$out/precision_rounds.jsonl"
: >"$rows"
contra() {  # $1 filter, $2 label
  "$step" --benchmark_filter="$1" --benchmark_min_time=4 --benchmark_format=json >"$out/precision_step.json" \
    2>"$out/precision_step.log" || { cat "$out/precision_step.log" >&2; exit 1; }
  python3 -c 'import json,sys; b=json.load(open(sys.argv[1]))["benchmarks"][0]; print(json.dumps({"round": int(sys.argv[2]), "who": sys.argv[3], "images_per_s": b["images_per_s"], "flops_per_s": b["train_flops_per_s"]}))' \
    "$out/precision_step.json" "$round" "$2" | tee -a "$rows"
}
reference() {  # $1 precision
  "$venv/bin/python" "$root/bench/reference_moco_step.py" --batch 256 --steps 40 --round "$round" \
    --precision "$1" --label "torch213_$1" | tee -a "$rows"
}
echo "== precision side by side, $rounds rounds"
for round in $(seq "$rounds"); do
  contra '^BM_ModelStep/' contra_fp32_nchw
  contra '^BM_ModelStepChannelsLast/' contra_fp32
  contra '^BM_ModelStepBf16ChannelsLast/' contra_bf16
  reference fp32
  reference bf16
done
python3 "$root/scripts/precision_report.py" "$rows" "$out" "$root/bench/README.md"
