#!/usr/bin/env bash
# scripts/bitflip.py on a record trained here (a small run: the same groups, columns and
# attributes as any record): single-bit flips, each either printed by `contra inspect` as the
# original or refused, never a silent change. `make bitflip` runs 500 flips on a larger record.
#
#   tests/scripts/test_bitflip.sh <repository root> <contra> [flips]
set -euo pipefail
root=$1
contra=$2
flips=${3:-60}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$contra" train "$root/experiments/moco-fashion-mnist.toml" --quiet --threads 1 --out "$tmp/runs" \
  --set data.train_subset=512 --set data.test_subset=200 --set optim.epochs=2 --set optim.batch=64 \
  --set model.width=4 --set method.queue=256 --set model.bn_splits=4 >/dev/null || [ $? -eq 3 ]
records=("$tmp"/runs/*.h5)
[ -f "${records[0]}" ] || { echo "FAIL: the run wrote no record"; exit 1; }
# A record that predates checksums is refused by the script, not flipped.
python3 "$root/scripts/bitflip.py" "${records[0]}" --flips "$flips" --seed 7 --contra "$contra"
