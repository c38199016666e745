#!/usr/bin/env python3
"""The GPU table of bench/README.md from one run of bench_gpu_step (its Google Benchmark JSON).

Each step row: images/s, seconds per 60 000-image epoch, counted training TFLOP/s, and utilisation:
those FLOP/s over the GEMM ceiling measured in the same run for the step's precision (bf16 steps:
the bf16 GEMM; fp32 steps: the fp32 GEMM with TF32 allowed, which is what a step on CUDA uses).

Usage: gpu_bench_table.py BENCH.json                       the Markdown table
       gpu_bench_table.py BENCH.json --epoch-seconds NAME  one row's epoch seconds (device-check.sh)
"""
import json
import sys


def rows(path):
    with open(path) as f:
        data = json.load(f)
    return {b["name"]: b for b in data.get("benchmarks", []) if b.get("run_type", "iteration") == "iteration"}, data


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    bench, data = rows(argv[1])
    if len(argv) == 4 and argv[2] == "--epoch-seconds":
        row = bench.get(argv[3])
        if row is None:
            print(f"gpu_bench_table: {argv[3]} is not in {argv[1]}", file=sys.stderr)
            return 1
        print(f"{row['epoch_seconds']:.3f}")
        return 0
    ceilings = {p: bench.get(f"BM_GpuGemm/{p}/8192", {}).get("flops_per_s") for p in ("bf16", "tf32")}
    ctx = data.get("context", {})
    print(f"GPU step benchmark ({ctx.get('date', '?')}, {ctx.get('host_name', '?')}): batch 512, 3x32x32 images.")
    print()
    for p, name in (("bf16", "bf16"), ("tf32", "fp32 with TF32")):
        c = ceilings[p]
        print(f"- GEMM ceiling, 8192^3 {name}: " + (f"{c / 1e12:.1f} TFLOP/s" if c else "not measured"))
    print()
    print("| step | images/s | s per 60 000-image epoch | train TFLOP/s | utilisation |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, row in bench.items():
        if not name.startswith("BM_GpuStep/"):
            continue
        _, method, backbone, precision = name.split("/")[:4]
        ceiling = ceilings["bf16" if precision == "bf16" else "tf32"]
        util = f"{100 * row['train_flops_per_s'] / ceiling:.1f}%" if ceiling else "—"
        print(f"| {method} {backbone} {precision} | {row['images_per_s']:.0f} | {row['epoch_seconds']:.2f} | "
              f"{row['train_flops_per_s'] / 1e12:.2f} | {util} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
