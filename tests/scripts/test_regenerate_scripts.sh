#!/usr/bin/env bash
# scripts/set-aside-stale.sh and scripts/compare-previous.py (make regenerate) on hand-made folders,
# and slurm-under-load.sh's refusals:
# two committed run records serve as fixtures, fake binaries stand in for contra's --version.
#
#   tests/scripts/test_regenerate_scripts.sh <repository root>
set -uo pipefail
root=$1
source "$(dirname "$0")/check-lib.sh"
fixtures=("$root"/results/ablation-momentum/cpu/runs/*.h5)
a=${fixtures[0]}
b=${fixtures[1]}
sha=$(h5dump -a /git_sha "$a" | sed -n 's/.*(0): "\(.*\)".*/\1/p')
fake() {  # a binary whose --version prints $2 and exits with $3
  printf '#!/bin/sh\necho "%s"\nexit %s\n' "$2" "$3" > "$tmp/$1"
  chmod +x "$tmp/$1"
}
fake same "contra $sha" 0
fake other "contra 0123456789ab" 0
fake dirty "contra $sha-dirty" 0
fake odd "contra 1.2.3" 0
fake failing "contra $sha" 3
aside=$root/scripts/set-aside-stale.sh

# set-aside-stale.sh
runs="$tmp/res ults/s/cpu/runs"  # a space in the path
mkdir -p "$runs"
cp "$a" "$runs/this.h5"
head -c 2000 "$a" > "$runs/broken.h5"
cp "$a" "$runs/kept.h5.partial" && echo ck > "$runs/kept.ckpt"
echo ck > "$runs/orphan.ckpt"
bash "$aside" "$tmp/same" "$tmp/res ults" > "$tmp/out" 2>&1
check "this commit's record kept, a broken one set aside" "0 broken.h5.previous this.h5" \
  "$? $(cd "$runs" && ls this.h5 broken.h5.previous 2>&1 | tr '\n' ' ' | sed 's/ $//')"
check "this commit's partial record and checkpoint kept, an orphan checkpoint set aside" \
  "kept.ckpt kept.h5.partial orphan.ckpt.previous" "$(cd "$runs" && ls kept.* orphan.* | tr '\n' ' ' | sed 's/ $//')"
bash "$aside" "$tmp/other" "$tmp/res ults" > "$tmp/out" 2>&1
check "another commit's record set aside" "0" "$?"
check "with its partial record and checkpoint" "kept.ckpt.previous kept.h5.partial.previous" \
  "$(cd "$runs" && ls kept.* | tr '\n' ' ' | sed 's/ $//')"
cp "$a" "$runs/this.h5"
bash "$aside" "$tmp/other" "$tmp/res ults" > /dev/null 2>&1
check "an existing .previous is never overwritten" "this.h5.previous this.h5.previous.1" \
  "$(cd "$runs" && ls this.* | tr '\n' ' ' | sed 's/ $//')"
for bin in dirty odd failing missing; do
  bash "$aside" "$tmp/$bin" "$tmp/res ults" > "$tmp/out" 2>&1
  check "binary '$bin' refused with exit 2 and one line" "2 1" "$? $(wc -l < "$tmp/out")"
done
bash "$aside" "$tmp/same" "$tmp/nowhere" > /dev/null 2>&1
check "a missing folder refused" "2" "$?"
mkdir -p "$tmp/opt/-r/s/cpu/runs" && cp "$a" "$tmp/opt/-r/s/cpu/runs/stale.h5"
(cd "$tmp/opt" && bash "$aside" "$tmp/other" -r > "$tmp/out" 2>&1)
check "a folder named like an option (-r) is a folder: its stale record set aside" "0 stale.h5.previous" \
  "$? $(ls "$tmp/opt/-r/s/cpu/runs")"

# compare-previous.py
cmp="python3 $root/scripts/compare-previous.py"
runs="$tmp/g[1]/s/cpu/runs"  # a glob character in the path
mkdir -p "$runs"
cp "$a" "$runs/x.h5" && cp "$a" "$runs/x.h5.previous"
$cmp "$tmp/g[1]" > "$tmp/out"
check "a record equal to its previous one" "0" "$?"
cp "$b" "$runs/x.h5.previous"
$cmp "$tmp/g[1]" > "$tmp/out"
check "a record that differs is named" "1 1" "$? $(grep -c 'x.h5: differs from x.h5.previous in' "$tmp/out")"
cp "$a" "$runs/x.h5.previous" && head -c 2000 "$a" > "$runs/x.h5"
$cmp "$tmp/g[1]" > "$tmp/out"
check "an unreadable record is not equal" "1 1" "$? $(grep -c 'h5dump cannot read it' "$tmp/out")"
rm "$runs/x.h5"
$cmp "$tmp/g[1]" > "$tmp/out"
check "a previous record with no regenerated one is not equal" "1 1" "$? $(grep -c "no x.h5 beside it" "$tmp/out")"
$cmp "$tmp/nowhere" > /dev/null 2>&1
check "a missing folder refused" "2" "$?"
# A column h5dump cannot read, on both sides, is no evidence that they are equal: its chunk's
# first value damaged in both copies (Fletcher-32 then refuses it), /summary still readable.
damage_loss() {  # damage_loss <record>: flips a bit of the first value of /epochs/loss
  python3 - "$1" "$(h5dump -d /epochs/loss -m %.17g "$1" | sed -n 's/.*(0): \([^,]*\),.*/\1/p')" <<'PY'
import struct, sys
path, first = sys.argv[1], float(sys.argv[2])
data = bytearray(open(path, 'rb').read())
at = data.find(struct.pack('<d', first))
assert at >= 0, 'value not found'
data[at] ^= 1
open(path, 'wb').write(data)
PY
}
cp "$a" "$runs/x.h5" && cp "$a" "$runs/x.h5.previous" && damage_loss "$runs/x.h5" && damage_loss "$runs/x.h5.previous"
$cmp "$tmp/g[1]" > "$tmp/out"
check "a column unreadable in both records is not equal" "1 1" "$? $(grep -c 'cannot read /epochs/loss' "$tmp/out")"
base=("$root"/results/baselines/runs/*.h5)
for f in "${base[@]}"; do h5dump -n "$f" | grep -q 'dataset    /steps/loss$' || { nosteps=$f; break; }; done
cp "$nosteps" "$runs/x.h5" && cp "$nosteps" "$runs/x.h5.previous"
$cmp "$tmp/g[1]" > "$tmp/out"
check "a column neither record has (a baseline's /steps) is no difference" "0" "$?"

# compare-previous.py --except: a default changed, so every run id did; pairs by config instead
runs="$tmp/e/s/cpu/runs"
mkdir -p "$runs"
cp "$a" "$runs/new.h5" && cp "$a" "$runs/old.h5.previous" && cp "$b" "$runs/other.h5.previous"
$cmp "$tmp/e" > "$tmp/out"
check "without --except, another id is not a regenerated record" "1 2" "$? $(grep -c 'beside it (not regenerated)' "$tmp/out")"
$cmp --except eval.knn_random_init "$tmp/e" > "$tmp/out"
check "with --except, the record with the same config is the regenerated one; another config is not" \
  "1 1 1" "$? $(grep -c '1 records equal' "$tmp/out") $(grep -c 'no other.h5 beside it' "$tmp/out")"
cp "$a" "$runs/twin.h5" && rm "$runs/other.h5.previous"
$cmp --except eval.knn_random_init "$tmp/e" > "$tmp/out"
check "two records with that config: neither is taken for the regenerated one" "1 1" \
  "$? $(grep -c 'no old.h5 beside it' "$tmp/out")"
$cmp --except knn_random_init "$tmp/e" > "$tmp/out" 2>&1
check "a key without its section refused" "2 1" "$? $(wc -l < "$tmp/out")"

# slurm-under-load.sh refuses what it cannot measure, before it starts any load
load=$root/scripts/slurm-under-load.sh
bash "$load" "$tmp" 3 extra > "$tmp/out" 2>&1
check "slurm-under-load: a third argument refused, one line" "2 1" "$? $(wc -l < "$tmp/out")"
bash "$load" "$tmp" > "$tmp/out" 2>&1
check "slurm-under-load: a folder that is no build refused, one line" "2 1" "$? $(wc -l < "$tmp/out")"
touch "$tmp/CTestTestfile.cmake"
bash "$load" "$tmp" 0 > "$tmp/out" 2>&1
check "slurm-under-load: N = 0 refused, one line" "2 1" "$? $(wc -l < "$tmp/out")"

[ "$failures" -eq 0 ] || { echo "$failures checks failed"; exit 1; }
