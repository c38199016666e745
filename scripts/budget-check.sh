#!/usr/bin/env bash
# Does this machine fit each table in its [budget]? The fits in the sweeps' [budget] (fit = "...: X
# of Y minutes") were worked out from per-run costs measured on one machine: the recipe study's
# records at 599af83, an Intel Xeon with 2 runs side by side of 1 thread each, where the cpu
# preset's MoCo step (batch 64, width 16, K 1024; run 6ca8cda87a97) trained at a median 2880
# images/s. This script trains that same run for a few hundred steps here, twice side by side as
# `make regenerate` runs them (JOBS=2), reads the median images/s of its steps after the first 50
# from the partial records, and scales each table's fitted minutes by reference / measured:
#
#   scripts/budget-check.sh <contra binary> [sweep.toml ...]   # default: every sweep with a [budget]
#
# prints one line per table (its fit at the reference speed, the projection here, its budget) and
# exits 0 when every table fits, 1 when one would go over its budget (on such a machine a
# regeneration leaves tables OVER their budgets: regenerate on a faster one, or trim by a rule
# written before the runs), 2 on bad input. The projection scales evaluation and start-up with
# the training step, so it is an estimate, not a measurement; the tables' own budget notes measure.
# BUDGET_CHECK_STEPS (default 300, at least 100) sets the calibration's length (about 20 s per 300
# steps on the slowest machine seen); BUDGET_REFERENCE_IMAGES_PER_S replaces the reference.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: scripts/budget-check.sh <contra binary> [sweep.toml ...]" >&2
  exit 2
fi
bin=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$bin" ] || { echo "budget-check: '$bin' is no executable contra binary (make cli)" >&2; exit 2; }
steps=${BUDGET_CHECK_STEPS:-300}
reference=${BUDGET_REFERENCE_IMAGES_PER_S:-2880}
[[ $steps =~ ^[0-9]+$ ]] && [ "$steps" -ge 100 ] ||
  { echo "budget-check: BUDGET_CHECK_STEPS = '$steps': a whole number of steps, at least 100" >&2; exit 2; }
[[ $reference =~ ^[0-9]+([.][0-9]+)?$ ]] && awk -v r="$reference" 'BEGIN { exit !(r > 0) }' ||
  { echo "budget-check: BUDGET_REFERENCE_IMAGES_PER_S = '$reference': a positive number of images/s" >&2; exit 2; }

sweeps=("$@")
if [ ${#sweeps[@]} -eq 0 ]; then
  mapfile -t sweeps < <(grep -l '^\[budget\]' "$root"/sweeps/*.toml | sort)
fi
# Each sweep's budget and fitted minutes, read before any training so bad input costs nothing.
declare -a names budgets fitted
for s in "${sweeps[@]}"; do
  [ -f "$s" ] || { echo "budget-check: no sweep file '$s'" >&2; exit 2; }
  block=$(awk '/^\[/ { inside = ($0 == "[budget]") ; next } inside' "$s")
  [ -n "$block" ] || { echo "budget-check: $s has no [budget] table" >&2; exit 2; }
  minutes=$(sed -n 's/^minutes *= *\([0-9.]*\).*/\1/p' <<<"$block")
  fit=$(sed -n 's/^fit *= *"\(.*\)".*/\1/p' <<<"$block")
  x=$(grep -oE '[0-9]+([.][0-9]+)? of [0-9]+([.][0-9]+)? minutes' <<<"$fit" | tail -1 | cut -d' ' -f1) || true
  [ -n "$minutes" ] || { echo "budget-check: $s [budget] minutes: no number" >&2; exit 2; }
  [ -n "$x" ] || { echo "budget-check: $s [budget] fit = \"$fit\": no 'X of Y minutes' to scale" >&2; exit 2; }
  names+=("$(basename "$s" .toml)")
  budgets+=("$minutes")
  fitted+=("$x")
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The cpu preset's MoCo run of the recipe study's b64 candidate, seed 0 (the run the reference timed).
calibrate() {
  "$bin" train "$root/experiments/moco-fashion-mnist.toml" --out "$tmp/$1" --threads 1 --quiet \
    --stop-after-steps "$steps" --log-every 50 \
    --set data.validation=10000 --set eval.split=validation --set eval.knn_random_init=true \
    --set optim.lr_scaling=linear --set data.train_subset=20000 --set optim.epochs=6 --set optim.batch=64 \
    --set optim.lr=0.06 --set augment.crop_scale_min=0.5 --set model.width=16 --set method.name=moco \
    --set method.queue=1024 --set method.momentum=0.99 > "$tmp/$1.log" 2>&1
}
median_rate() {  # the median images/s of a partial record's steps after the first 50
  local partial
  partial=$(ls "$tmp/$1"/*.h5.partial 2>/dev/null | head -1)
  [ -n "$partial" ] || return 1
  h5dump -d /steps/images_per_s -w 0 "$partial" | sed -n 's/^ *([0-9]*): //p' | tr ',' '\n' |
    awk 'NF { n++; if (n > 50) print $1 }' | sort -g |
    awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}
echo "budget-check: training the cpu preset's MoCo step (batch 64) for $steps steps, 2 runs side by side ..."
calibrate a & pa=$!
calibrate b & pb=$!
status=0
wait $pa || status=$?
[ $status -eq 76 ] || { echo "budget-check: the calibration run did not stop after $steps steps (exit $status):" \
                          "$(tail -1 "$tmp/a.log")" >&2; exit 2; }
status=0
wait $pb || status=$?
[ $status -eq 76 ] || { echo "budget-check: the calibration run did not stop after $steps steps (exit $status):" \
                          "$(tail -1 "$tmp/b.log")" >&2; exit 2; }
ra=$(median_rate a) && rb=$(median_rate b) ||
  { echo "budget-check: the calibration's partial records hold no step rates" >&2; exit 2; }
id=$(basename "$(ls "$tmp"/a/*.h5.partial | head -1)" .h5.partial)
[ "$id" = 6ca8cda87a97 ] || echo "budget-check: note: the calibration is run $id, not the reference's 6ca8cda87a97" \
  "(its config changed since 599af83): the reference may no longer time the same step"
measured=$(awk -v a="$ra" -v b="$rb" 'BEGIN { printf "%.0f", (a + b) / 2 }')
ratio=$(awk -v r="$reference" -v m="$measured" 'BEGIN { printf "%.2f", r / m }')
echo "budget-check: $measured images/s here (runs: $ra, $rb) against the fits' $reference: each table takes about ${ratio}x its fitted minutes"
over=0
for i in "${!names[@]}"; do
  line=$(awk -v n="${names[$i]}" -v x="${fitted[$i]}" -v q="$ratio" -v b="${budgets[$i]}" 'BEGIN {
    p = x * q; printf "%-28s fit %5.1f min -> %6.1f min here, budget %g: %s", n, x, p, b, (p <= b ? "fits" : "OVER") }')
  echo "$line"
  [[ $line == *OVER ]] && over=$((over + 1))
done
if [ $over -gt 0 ]; then
  echo "budget-check: $over of ${#names[@]} tables would go over their budgets on this machine"
  exit 1
fi
echo "budget-check: every table fits its budget on this machine"
