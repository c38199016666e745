#!/usr/bin/env bash
# The kill soak (issue 16; not in CI, about 15 minutes on 2 cores): kill -9 a small sweep (its runs
# and its baselines) and 2-rank data-parallel runs at random moments, at least 200 times, let each
# round finish, and check every record against an uninterrupted run of the same config. "Corrupt"
# counts a record that does not read back and one whose checksum fails (contra inspect).
#
# Usage: scripts/soak.sh [--kills N] [--seed S] [--contra PATH]
#   --kills N     sweep kills to reach (default 200); 2-rank kills come on top (about N / 8)
#   --seed S      seed of the random kill moments (default: the time), printed for a rerun
#   --contra PATH the contra executable (default: build/bin/contra)
#
# A round: start `contra sweep` (or `contra train --nproc 2`) in its own process group, kill the
# whole group with SIGKILL after a random 0.2-4 s, up to 5 times, then let it run to the end. After
# each kill every finished record must read back (h5dump -H); at the end of the round every
# planned run must have a finished record equal to the uninterrupted run's (its status, every
# step's and epoch's loss, the kNN per epoch, the final kNN and linear probe: bit for bit, as
# resume promises on the CPU), or be cleanly absent: never a record that reads but differs.
# Prints trials, kills, records checked, records lost and records corrupt; exits 1 when any record
# was lost or corrupt.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
contra="$root/build/bin/contra"
kills_wanted=200
seed=$(date +%s)
while [ $# -gt 0 ]; do
  case "$1" in
    --kills) kills_wanted=${2:?--kills needs a number}; shift 2 ;;
    --seed) seed=${2:?--seed needs a number}; shift 2 ;;
    --contra) contra=${2:?--contra needs a path}; shift 2 ;;
    *) echo "soak: unknown option '$1' (use --kills N, --seed S, --contra PATH)" >&2; exit 2 ;;
  esac
done
[[ "$kills_wanted" =~ ^[1-9][0-9]*$ ]] || { echo "soak: --kills must be a positive whole number, got '$kills_wanted'" >&2; exit 2; }
[[ "$seed" =~ ^[0-9]+$ ]] || { echo "soak: --seed must be a whole number, got '$seed'" >&2; exit 2; }
[ -x "$contra" ] || { echo "soak: $contra is not an executable (make build first, or --contra PATH)" >&2; exit 2; }
command -v h5dump >/dev/null || { echo "soak: h5dump is missing (Debian's hdf5-tools; scripts/setup.sh installs it)" >&2; exit 2; }
RANDOM=$((seed % 32768))
work=$(mktemp -d "${TMPDIR:-/tmp}/contra-soak.XXXXXX")
trap '[ -n "${SOAK_KEEP:-}" ] || rm -rf "$work"' EXIT  # SOAK_KEEP=1 keeps it for a look
echo "soak: seed $seed, work folder $work"

# A small sweep: 2 momenta x 2 seeds and the three baselines, each run a few seconds.
cat > "$work/soak.toml" <<EOF
name = "soak"
experiment = "$root/experiments/moco-fashion-mnist.toml"
seeds = [0, 1]
[grid]
"method.momentum" = [0.9, 0.99]
[preset.cpu]
"data.train_subset" = 512
"data.test_subset" = 200
"optim.epochs" = 3
"optim.batch" = 64
"optim.lr" = 0.3
"model.bn_splits" = 4
"model.width" = 4
"method.queue" = 256
EOF
rank_sets=(--set data.train_subset=512 --set data.test_subset=200 --set optim.epochs=3 --set optim.batch=64
  --set model.bn_splits=4 --set model.width=4 --set method.queue=256)
sweep_args=(sweep "$work/soak.toml" --jobs 2 --threads 1 --no-report)
rank_args=(train "$root/experiments/moco-fashion-mnist.toml" "${rank_sets[@]}" --nproc 2 --threads 1 --quiet)

# What a record must reproduce: its status, its losses, kNN and probe (no timings).
fingerprint() {
  local f=$1 status
  status=$(h5dump -a /status "$f" 2>/dev/null | grep -o '"[a-z]*"' | tail -n 1) || return 1
  echo "status $status"
  for d in /steps/loss /epochs/loss /epochs/knn_top1 /epochs/pretext_acc; do
    h5dump -d "$d" "$f" 2>/dev/null | sed -n '/DATA {/,/}/p' || true
  done
  for a in knn_top1 linear_top1 final_loss; do h5dump -a "/summary/$a" "$f" 2>/dev/null | sed -n '/DATA {/,/}/p' || true; done
}

# The uninterrupted reference runs.
echo "soak: the uninterrupted runs (reference)"
(cd "$work" && "$contra" "${sweep_args[@]}" --results "$work/ref" >/dev/null 2>&1) || [ $? -eq 3 ]
mkdir -p "$work/ref-ranks"
(cd "$work" && "$contra" "${rank_args[@]}" --out "$work/ref-ranks" >/dev/null)
declare -A reference
for f in "$work"/ref/*/runs/*.h5 "$work"/ref/*/*/runs/*.h5 "$work"/ref-ranks/*.h5; do
  [ -f "$f" ] || continue
  reference[$(basename "$f")]=$(fingerprint "$f")
done
planned=${#reference[@]}
[ "$planned" -ge 8 ] || { echo "soak: the reference sweep recorded $planned runs, expected 7 and a 2-rank run" >&2; exit 1; }
echo "soak: $planned reference records"

trials=0 kills=0 rank_kills=0 checked=0 lost=0 corrupt=0
# Whether `contra inspect` reads the record and its checksum (record_sha256) matches: what every
# reader of a record checks. A file seen verified before, unchanged since (same inode, size and
# time), is not read again.
declare -A verified
checksum_ok() {
  local key
  key=$(stat -c '%i.%s.%Y' "$1" 2>/dev/null) || return 1
  [ "${verified[$1]:-}" = "$key" ] && return 0
  "$contra" inspect "$1" >/dev/null 2>&1 || return 1
  verified[$1]=$key
}
# Every finished record in `dir` reads back and passes its checksum; counts the corrupt ones.
check_readable() {
  local f
  for f in $(find "$1" -name '*.h5' 2>/dev/null); do
    if ! h5dump -H "$f" >/dev/null 2>&1 || ! checksum_ok "$f"; then
      corrupt=$((corrupt + 1)); echo "soak: corrupt after a kill (unreadable, or its checksum fails): $f"
    fi
  done
}
# Starts `contra <args>` in its own process group; kills the group after a random delay unless it
# ended first. Returns 0 when it killed, 1 when the command had ended.
kill_round() {
  local out=$1; shift
  (cd "$work" && exec setsid "$contra" "$@" >>"$work/round.log" 2>&1) &
  local pid=$!
  sleep "$(printf '%d.%03d' $((RANDOM % 4)) $((200 + RANDOM % 800)))"  # 0.2 to 4 s
  if kill -0 "$pid" 2>/dev/null; then
    kill -9 -- "-$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    sleep 0.2  # the children of a killed group end with it (PDEATHSIG and the group kill)
    return 0
  fi
  wait "$pid" 2>/dev/null || true
  return 1
}
# Compares every record of a finished round with the reference.
check_round() {
  local f name
  for name in "${!reference[@]}"; do
    [ "$1" = ranks ] && [[ "$name" != "$rank_name" ]] && continue
    [ "$1" = sweep ] && [[ "$name" == "$rank_name" ]] && continue
    f=$(find "$2" -name "$name" | head -n 1)
    checked=$((checked + 1))
    if [ -z "$f" ]; then lost=$((lost + 1)); echo "soak: lost: $name"; continue; fi
    if ! h5dump -H "$f" >/dev/null 2>&1 || ! checksum_ok "$f"; then
      corrupt=$((corrupt + 1)); echo "soak: corrupt (unreadable, or its checksum fails): $f"; continue
    fi
    [ "$(fingerprint "$f")" = "${reference[$name]}" ] || { corrupt=$((corrupt + 1)); echo "soak: differs from the uninterrupted run: $f"; }
  done
}
rank_name=$(basename "$(ls "$work"/ref-ranks/*.h5)")

start=$SECONDS
while [ $kills -lt "$kills_wanted" ]; do
  trials=$((trials + 1))
  out="$work/trial-$trials"
  for _ in 1 2 3 4 5; do
    kill_round "$out" "${sweep_args[@]}" --results "$out" || break
    kills=$((kills + 1))
    check_readable "$out"
  done
  (cd "$work" && "$contra" "${sweep_args[@]}" --results "$out" >>"$work/round.log" 2>&1) || [ $? -eq 3 ] ||
    echo "soak: trial $trials: the finishing sweep exited with an error (see the records below)"
  check_round sweep "$out"
  # Every eighth trial, a 2-rank run killed the same way and resumed.
  if [ $((trials % 8)) -eq 0 ]; then
    rout="$work/ranks-$trials"
    mkdir -p "$rout"
    for _ in 1 2 3; do
      kill_round "$rout" "${rank_args[@]}" --out "$rout" || break
      rank_kills=$((rank_kills + 1))
      check_readable "$rout"
    done
    (cd "$work" && "$contra" "${rank_args[@]}" --out "$rout" >>"$work/round.log" 2>&1) ||
      echo "soak: trial $trials: the finishing 2-rank run exited with an error"
    check_round ranks "$rout"
  fi
  rm -rf "$out"
  printf 'soak: trial %d: %d sweep kills, %d 2-rank kills, %d records checked, %d lost, %d corrupt (%d s)\n' \
    "$trials" "$kills" "$rank_kills" "$checked" "$lost" "$corrupt" $((SECONDS - start))
done
echo "soak: trials $trials, kills $((kills + rank_kills)) ($kills of sweeps, $rank_kills of 2-rank runs), records checked $checked, records lost $lost, records corrupt $corrupt, $((SECONDS - start)) s (seed $seed)"
[ $lost -eq 0 ] && [ $corrupt -eq 0 ]
