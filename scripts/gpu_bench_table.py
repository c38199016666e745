#!/usr/bin/env python3
"""The GPU table of bench/README.md from one run of bench_gpu_step (its Google Benchmark JSON).

Each step row: images/s, seconds per 60 000-image epoch, counted training TFLOP/s, and utilisation:
those FLOP/s over the GEMM ceiling measured in the same run for the step's precision (bf16 steps:
the bf16 GEMM; fp32 steps: the fp32 GEMM with TF32 allowed, which a step's convolutions use; its
matrix products stay in full float32). A precision with a suffix ("bf16-nhwc": the memory order
forced) is held to its precision's ceiling.
A benchmark that reported an error (error_occurred) is listed as such, never as a figure.

Usage: gpu_bench_table.py BENCH.json                       the Markdown table
       gpu_bench_table.py BENCH.json --epoch-seconds NAME  one row's epoch seconds (device-check.sh)
Exit status 2, with one line on stderr, for a bad argument, a missing or malformed file, or a
row that is not there or has no figure.
"""
import json
import math
import sys

# Google Benchmark appends the options of a benchmark to its name: /min_time:1.000, /real_time, ...
_OPTION_SUFFIXES = ("min_time:", "min_warmup_time:", "real_time", "manual_time", "iterations:", "repeats:",
                    "threads:", "process_time")


class BenchError(Exception):
    """One line for the user: what is wrong, and where."""


def one_line(text):
    """`text` with what would break a line or a Markdown cell (newlines, '|') replaced."""
    return " ".join(str(text).split()).replace("|", "/")


def base_name(name):
    """'BM_GpuStep/moco/resnet18/bf16/min_time:1.000/real_time' -> 'BM_GpuStep/moco/resnet18/bf16'."""
    parts = name.split("/")
    while len(parts) > 1 and parts[-1].startswith(_OPTION_SUFFIXES):
        parts.pop()
    return "/".join(parts)


def read(path):
    """(rows by base name, the JSON's context); rows that errored carry 'error_occurred'."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        raise BenchError(f"{path}: cannot read: {e.strerror}")
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        raise BenchError(f"{path}: not Google Benchmark JSON: {one_line(e)}")
    if not isinstance(data, dict) or not isinstance(data.get("benchmarks"), list):
        raise BenchError(f"{path}: not Google Benchmark JSON: no 'benchmarks' list")
    rows = {}
    for i, b in enumerate(data["benchmarks"]):
        if not isinstance(b, dict) or not isinstance(b.get("name"), str):
            raise BenchError(f"{path}: benchmarks[{i}] has no name string")
        if not isinstance(b.get("error_occurred", False), bool):
            raise BenchError(f"{path}: benchmarks[{i}] ({one_line(b['name'])}): error_occurred is not true or false")
        if b.get("run_type", "iteration") == "iteration":
            name = base_name(b["name"])
            if name in rows:
                raise BenchError(f"{path}: {one_line(name)} is there twice (a repeated run: give one)")
            rows[name] = b
    context = data.get("context") if isinstance(data.get("context"), dict) else {}
    return rows, context


def figure(path, row, key):
    """A row's counter as a float; BenchError when the row errored or lacks it."""
    name = one_line(row["name"])
    if row.get("error_occurred"):
        raise BenchError(f"{path}: {name} reported an error: {one_line(row.get('error_message', '?'))}")
    value = row.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise BenchError(f"{path}: {name} has no number '{key}'")
    if not math.isfinite(value) or value <= 0:
        raise BenchError(f"{path}: {name}: '{key}' is {value}, not a positive finite figure")
    return float(value)


def table(path, rows, context):
    """The Markdown lines of the table."""
    ceilings = {}
    for p in ("bf16", "tf32"):
        row = rows.get(f"BM_GpuGemm/{p}/8192")
        try:
            ceilings[p] = figure(path, row, "flops_per_s") if row else None
        except BenchError:
            if not row.get("error_occurred"):
                raise  # a ceiling that is there but not a figure is a bad file, not "not measured"
            ceilings[p] = None
    when, host = one_line(context.get("date", "?")), one_line(context.get("host_name", "?"))
    lines = [f"GPU step benchmark ({when}, {host}): batch 512, 3x32x32 images.", ""]
    for p, label in (("bf16", "bf16"), ("tf32", "fp32 with TF32")):
        c = ceilings[p]
        lines.append(f"- GEMM ceiling, 8192^3 {label}: " + (f"{c / 1e12:.1f} TFLOP/s" if c else "not measured"))
    lines += ["", "| step | images/s | s per 60 000-image epoch | train TFLOP/s | utilisation |",
              "| --- | ---: | ---: | ---: | ---: |"]
    steps = [(name, row) for name, row in rows.items() if name.startswith("BM_GpuStep/")]
    if not steps:
        raise BenchError(f"{path}: no BM_GpuStep rows")
    for name, row in steps:
        parts = name.split("/")
        if len(parts) != 4:
            raise BenchError(f"{path}: {one_line(name)}: expected BM_GpuStep/METHOD/BACKBONE/PRECISION")
        _, method, backbone, precision = parts
        label = one_line(f"{method} {backbone} {precision}")
        if row.get("error_occurred"):
            lines.append(f"| {label} | error: {one_line(row.get('error_message', '?'))} | | | |")
            continue
        flops = figure(path, row, "train_flops_per_s")
        # "bf16-nhwc": a step with its memory order forced (bench_gpu_step), held to its precision's ceiling
        ceiling = ceilings["bf16" if precision.split("-")[0] == "bf16" else "tf32"]
        util = f"{100 * flops / ceiling:.1f}%" if ceiling else "—"
        lines.append(f"| {label} | {figure(path, row, 'images_per_s'):.0f} | "
                     f"{figure(path, row, 'epoch_seconds'):.2f} | {flops / 1e12:.2f} | {util} |")
    return lines


def main(argv):
    args = argv[1:]
    if len(args) == 1 and not args[0].startswith("-"):
        rows, context = read(args[0])
        print("\n".join(table(args[0], rows, context)))  # printed only once every row is computed
        return 0
    if len(args) == 3 and args[1] == "--epoch-seconds":
        rows, _ = read(args[0])
        name = base_name(args[2])
        if name not in rows:
            raise BenchError(f"{args[0]}: no row {name}")
        print(f"{figure(args[0], rows[name], 'epoch_seconds'):.3f}")
        return 0
    raise BenchError("usage: gpu_bench_table.py BENCH.json [--epoch-seconds NAME]")


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except BenchError as e:
        print(f"gpu_bench_table: {e}", file=sys.stderr)
        sys.exit(2)
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        sys.stderr.close()
        sys.exit(0)
