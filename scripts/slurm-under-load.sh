#!/usr/bin/env bash
# The SLURM e2e test N times in a row beside a `ctest -j2` load (the rest of the suite, started
# again whenever it ends), as issue 40 measures it: each run's result and wall time, then a count.
#   scripts/slurm-under-load.sh [BUILD_DIR] [N]     (defaults: build, 10)
# A skipped run (no cluster) counts as failed: ctest would count it as passed.
# Exits non-zero unless all N passed. Needs root for the local cluster (scripts/slurm-local.sh).
set -uo pipefail
(( $# <= 2 )) || { echo "slurm-under-load: at most 2 arguments (BUILD_DIR N), got $#" >&2; exit 2; }
build=${1-build}
n=${2-10}
[[ -d $build ]] || { echo "slurm-under-load: no build folder '$build'" >&2; exit 2; }
[[ -f $build/CTestTestfile.cmake ]] || { echo "slurm-under-load: '$build' holds no CTestTestfile.cmake (not a contra build folder)" >&2; exit 2; }
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "slurm-under-load: N = '$n' must be a positive integer" >&2; exit 2; }
# Not root: the test would skip every time, and ctest counts a skip as a pass.
[[ $(id -u) -eq 0 ]] || { echo "slurm-under-load: the local cluster needs root (slurmd starts the jobs), this is uid $(id -u)" >&2; exit 2; }
cd -- "$build" || exit 2
set -m  # the load runs in a process group of its own, killed whole at the end
( while :; do ctest -j2 -LE slurm >/dev/null 2>&1; done ) &
load=$!
set +m
trap 'kill -- -$load 2>/dev/null' EXIT
passed=0
for i in $(seq 1 "$n"); do
  start=$SECONDS
  log="/tmp/slurm-under-load.$i.log"
  if ctest -R "^slurm: submission" --output-on-failure >"$log" 2>&1 && ! grep -q "Skipped\|Not Run\|No tests were found" "$log"; then
    result=passed; passed=$((passed + 1))
  else
    result="FAILED or skipped (log: $log)"
  fi
  echo "slurm-under-load: run $i of $n: $result in $((SECONDS - start)) s"
done
echo "slurm-under-load: $passed of $n passed beside a ctest -j2 load"
[[ $passed -eq $n ]]
