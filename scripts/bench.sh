#!/usr/bin/env bash
# Runs every Google Benchmark binary of a build and keeps their JSON under <build>/bench/results/.
# Usage: scripts/bench.sh [build dir]
set -euo pipefail
build=${1:-build}
out="$build/bench/results"
mkdir -p "$out"
shopt -s nullglob
for b in "$build"/bench/bench_*; do
  [ -x "$b" ] || continue
  name=$(basename "$b")
  echo "== $name"
  "$b" --benchmark_out="$out/$name.json" --benchmark_out_format=json --benchmark_counters_tabular=true
done
