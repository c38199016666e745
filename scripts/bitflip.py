#!/usr/bin/env python3
"""Flips one random bit in each of N copies of a run record and runs `contra inspect` on each.

For every copy, either inspect prints exactly what it prints for the original, or it refuses the
copy: a non-zero exit with a message naming the file. Anything else fails: a silent change
(inspect exited 0 and printed something else), or a crash (killed by a signal). The script prints
the counts and exits 1 on any failure, 2 on bad input.

    scripts/bitflip.py RECORD [--flips 500] [--seed 1] [--contra build/bin/contra]

RECORD must carry a checksum (a record written by a contra with checksums: `contra inspect`
says "verified"); a record from before checksums is refused, since nothing guards its values.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile


def inspect(contra, folder, name):
    """(exit status, stdout) of `contra inspect NAME` run in FOLDER, so every copy prints one path."""
    done = subprocess.run([contra, "inspect", "--", name], cwd=folder, capture_output=True, text=True,
                          errors="replace", timeout=120)
    return done.returncode, done.stdout, done.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record")
    parser.add_argument("--flips", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--contra", default="build/bin/contra")
    args = parser.parse_args()
    if args.flips < 1:
        print(f"bitflip: --flips {args.flips} must be at least 1", file=sys.stderr)
        sys.exit(2)
    if not os.path.isfile(args.record):
        what = "a folder, not a record" if os.path.isdir(args.record) else "no such record"
        print(f"bitflip: {args.record}: {what}", file=sys.stderr)
        sys.exit(2)
    if not os.access(args.record, os.R_OK):
        print(f"bitflip: {args.record}: cannot be read", file=sys.stderr)
        sys.exit(2)
    contra = os.path.abspath(args.contra)
    if not os.path.isfile(contra) or not os.access(contra, os.X_OK):
        print(f"bitflip: --contra {args.contra}: not an executable (build it: make cli)", file=sys.stderr)
        sys.exit(2)
    with open(args.record, "rb") as f:
        original = f.read()
    name = os.path.basename(args.record)
    rng = random.Random(args.seed)
    counts = {"same": 0, "refused": 0, "silent": 0, "crashed": 0}
    silent = []
    with tempfile.TemporaryDirectory(prefix="contra-bitflip-") as tmp:
        with open(os.path.join(tmp, name), "wb") as f:
            f.write(original)
        code, reference, err = inspect(contra, tmp, name)
        if code != 0:
            print(f"bitflip: {args.record}: {args.contra} inspect fails on the original (exit {code}): "
                  f"{err.strip() or 'no message'}", file=sys.stderr)
            sys.exit(2)
        if not reference.startswith(name + "\n"):
            print(f"bitflip: --contra {args.contra} does not print a record as contra inspect does", file=sys.stderr)
            sys.exit(2)
        if "(verified)" not in reference:
            print(f"bitflip: {args.record}: carries no checksum (written before records had one); "
                  "use a record written by this contra", file=sys.stderr)
            sys.exit(2)
        for trial in range(args.flips):
            bit = rng.randrange(len(original) * 8)
            damaged = bytearray(original)
            damaged[bit // 8] ^= 1 << (bit % 8)
            with open(os.path.join(tmp, name), "wb") as f:
                f.write(damaged)
            code, out, err = inspect(contra, tmp, name)
            if code == 0 and out == reference:
                counts["same"] += 1
            elif code > 0 and name in err:
                counts["refused"] += 1
            else:
                kind = "silent" if code == 0 else "crashed"
                counts[kind] += 1
                silent.append((trial, bit))
                keep = f"{args.record}.{kind}-{trial}"
                shutil.copyfile(os.path.join(tmp, name), keep)
                print(f"bitflip: {kind}: trial {trial}, bit {bit} (byte {bit // 8}), exit {code}, "
                      f"{err.strip()[:200]!r}; copy kept as {keep}")
    print(f"bitflip: {args.flips} single-bit flips of {name} ({len(original)} bytes, seed {args.seed}): "
          f"{counts['same']} printed as the original, {counts['refused']} refused (exit non-zero, naming it), "
          f"{counts['silent']} silent changes, {counts['crashed']} crashes")
    sys.exit(1 if silent else 0)


if __name__ == "__main__":
    main()
