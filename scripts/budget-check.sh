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
# The sweeps are read with Python's tomllib (3.11, Debian 12's python3) before any training: a
# file that is not TOML, a missing [budget], a budget that is not a number above 0, or a fit with
# no "X of <its minutes> minutes" is refused in one line with exit 2; so is a binary whose
# --version is not contra's. Stopped (SIGTERM, Ctrl-C) or failing, it stops its calibration runs.
# BUDGET_CHECK_STEPS (default 300, from 100 to 999999) sets the calibration's length (about 20 s per 300
# steps on the slowest machine seen); BUDGET_REFERENCE_IMAGES_PER_S replaces the reference.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: scripts/budget-check.sh <contra binary> [sweep.toml ...]" >&2
  exit 2
fi
bin=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
case $bin in */*) ;; *) bin=./$bin ;; esac  # a bare name is the file here, not one on PATH
{ [ -f "$bin" ] && [ -x "$bin" ] && [[ $("$bin" --version 2>/dev/null) == contra\ * ]]; } ||
  { echo "budget-check: '$bin' is no contra binary (its --version does not say 'contra ...'; make cli)" >&2; exit 2; }
command -v h5dump > /dev/null || { echo "budget-check: h5dump is missing (scripts/setup.sh installs hdf5-tools)" >&2; exit 2; }
steps=${BUDGET_CHECK_STEPS:-300}
reference=${BUDGET_REFERENCE_IMAGES_PER_S:-2880}
[[ $steps =~ ^[1-9][0-9]{2,5}$ ]] ||
  { echo "budget-check: BUDGET_CHECK_STEPS = '$steps': a whole number of steps from 100 to 999999" >&2; exit 2; }
[[ $reference =~ ^[0-9]+([.][0-9]+)?$ ]] && awk -v r="$reference" 'BEGIN { exit !(r > 0) }' ||
  { echo "budget-check: BUDGET_REFERENCE_IMAGES_PER_S = '$reference': images/s above 0, written as 2880 or 2880.5" >&2
    exit 2; }

# Each sweep's budget and fitted minutes, read by Python's TOML parser before any training, so bad
# input costs nothing: one line "<name> <minutes> <fitted minutes>" per sweep. The fitted minutes are
# the X of the fit's last "X of <minutes> minutes".
budgets=$(python3 - "$root" "$@" <<'PY'
import pathlib, re, sys, tomllib
root, files = pathlib.Path(sys.argv[1]), sys.argv[2:]
def fail(message):
    print(f"budget-check: {message}", file=sys.stderr)
    sys.exit(2)
def read(path):
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        fail(f"no sweep file '{path}'")
    except (IsADirectoryError, PermissionError) as e:
        fail(f"'{path}' cannot be read: {e.strerror}")
    except tomllib.TOMLDecodeError as e:
        fail(f"{path}: not TOML: {e}")
if not files:
    files = [str(p) for p in sorted((root / "sweeps").glob("*.toml")) if "budget" in read(p)]
phrase = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?) of (\d+(?:\.\d+)?) minutes\b")
for path in files:
    budget = read(path).get("budget")
    if not isinstance(budget, dict):
        fail(f"{path} has no [budget] table")
    minutes = budget.get("minutes")
    if isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or not minutes > 0:
        fail(f"{path} [budget] minutes = {minutes!r}: the table's budget, a number of minutes above 0")
    fit = budget.get("fit")
    if not isinstance(fit, str):
        fail(f"{path} [budget] fit = {fit!r}: a line of text ending in 'X of {minutes:g} minutes'")
    xs = [x for x, y in phrase.findall(fit) if float(y) == float(minutes)]
    if not xs:
        fail(f"{path} [budget] fit = {fit!r}: no 'X of {minutes:g} minutes' (its budget) to scale")
    print(pathlib.Path(path).stem.replace(" ", "_"), f"{minutes:g}", xs[-1])
PY
) || exit 2
[ -n "$budgets" ] || { echo "budget-check: no sweep with a [budget] under $root/sweeps" >&2; exit 2; }

tmp=$(mktemp -d)
pids=()
# The calibration runs end with the script, however it ends.
trap '[ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2> /dev/null || true; wait 2> /dev/null || true; rm -rf "$tmp"' EXIT
trap 'exit 143' TERM INT
# The cpu preset's MoCo run of the recipe study's b64 candidate, seed 0 (the run the reference timed).
calibrate() {
  exec "$bin" train "$root/experiments/moco-fashion-mnist.toml" --out "$tmp/$1" --threads 1 --quiet \
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
calibrate a & pids+=($!)
calibrate b & pids+=($!)
for run in a b; do
  status=0
  wait "${pids[0]}" || status=$?
  pids=("${pids[@]:1}")
  [ $status -eq 76 ] || { echo "budget-check: the calibration run did not stop after $steps steps (exit $status):" \
                            "$(tail -1 "$tmp/$run.log" 2>/dev/null || echo no output)" >&2; exit 2; }
done
ra=$(median_rate a) && rb=$(median_rate b) ||
  { echo "budget-check: the calibration's partial records hold no step rates" >&2; exit 2; }
awk -v a="$ra" -v b="$rb" 'BEGIN { exit !(a + 0 > 0 && b + 0 > 0) }' ||
  { echo "budget-check: the calibration measured $ra and $rb images/s: no speed to scale by" >&2; exit 2; }
id=$(basename -- "$(ls "$tmp"/a/*.h5.partial | head -1)" .h5.partial)
[ "$id" = 6ca8cda87a97 ] || echo "budget-check: note: the calibration is run $id, not the reference's 6ca8cda87a97" \
  "(its config changed since 599af83): the reference may no longer time the same step"
measured=$(awk -v a="$ra" -v b="$rb" 'BEGIN { print (a + b) / 2 }')
echo "budget-check: $(awk -v m="$measured" 'BEGIN { printf "%.0f", m }') images/s here (runs: $ra, $rb) against the" \
  "fits' $reference: each table takes about $(awk -v r="$reference" -v m="$measured" 'BEGIN { printf "%.2f", r / m }')x" \
  "its fitted minutes"
# The projection unrounded (x * reference / measured) against the budget; rounded only when printed.
awk -v r="$reference" -v m="$measured" '{
  p = $3 * r / m; over += (p > $2 + 0)
  printf "%-28s fit %5.1f min -> %6.1f min here, budget %g: %s\n", $1, $3, p, $2, (p <= $2 + 0 ? "fits" : "OVER") }
  END {
  if (over) { printf "budget-check: %d of %d tables would go over their budgets on this machine\n", over, NR; exit 1 }
  print "budget-check: every table fits its budget on this machine" }' <<<"$budgets"
