#!/usr/bin/env python3
"""Sum LibTorch profiler traces (Chrome trace JSON, as bench_train_step --profile_trace writes them)
by operator: each operator's self time (its duration less its direct children's), in ms per step
and as a share of the step, the largest first. Prints one Markdown table with a column per trace.

usage: scripts/profile_table.py --steps 5 [--top 20] fp32.json bf16.json ...
"""
import argparse
import collections
import json
import os
import sys


def self_times(path):
    """Operator name -> total self time (µs) over the trace, and the whole traced time (µs)."""
    with open(path) as f:
        events = [e for e in json.load(f) if e.get("ph") == "X"]
    by_thread = collections.defaultdict(list)
    for e in events:
        by_thread[e["tid"]].append(e)
    totals = collections.Counter()
    for thread in by_thread.values():
        thread.sort(key=lambda e: (e["ts"], -e["dur"]))  # a parent before the children it encloses
        stack = []  # [event, children's time]
        for e in thread:
            while stack and e["ts"] >= stack[-1][0]["ts"] + stack[-1][0]["dur"]:
                parent, children = stack.pop()
                totals[parent["name"]] += parent["dur"] - children
            if stack:
                stack[-1][1] += e["dur"]
            stack.append([e, 0.0])
        while stack:
            parent, children = stack.pop()
            totals[parent["name"]] += parent["dur"] - children
    return totals


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, required=True, help="steps each trace holds")
    ap.add_argument("--top", type=int, default=20, help="operators shown (by the first trace's time)")
    ap.add_argument("traces", nargs="+")
    args = ap.parse_args()
    if args.steps < 1:
        sys.exit(f"profile_table.py: --steps = {args.steps} must be at least 1")
    tables = []
    for path in args.traces:
        try:
            tables.append(self_times(path))
        except (OSError, ValueError, KeyError) as err:
            sys.exit(f"profile_table.py: {path}: not a readable Chrome trace ({err})")
    names = [os.path.splitext(os.path.basename(p))[0] for p in args.traces]
    order = sorted(set().union(*tables), key=lambda n: -max(t.get(n, 0.0) for t in tables))[: args.top]
    step_ms = [sum(t.values()) / 1000.0 / args.steps for t in tables]
    print("| operator (self time) | " + " | ".join(f"{n}: ms/step (share)" for n in names) + " |")
    print("| --- |" + " --- |" * len(names))
    for op in order:
        cells = []
        for t, total in zip(tables, step_ms):
            ms = t.get(op, 0.0) / 1000.0 / args.steps
            cells.append(f"{ms:.1f} ({ms / total:.0%})" if ms > 0 else "—")
        print(f"| {op} | " + " | ".join(cells) + " |")
    print("| **all operators** | " + " | ".join(f"**{ms:.1f}**" for ms in step_ms) + " |")


if __name__ == "__main__":
    main()
