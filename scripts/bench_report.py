#!/usr/bin/env python3
"""Writes the figures of one `make bench` run into bench/README.md, between the markers
<!-- bench:figures begin --> and <!-- bench:figures end --> (the prose around them is kept).

Usage: scripts/bench_report.py RESULTS_DIR README
RESULTS_DIR holds the Google Benchmark JSON files (bench_<name>.json), side_by_side.jsonl and
build_times.json that scripts/bench.sh wrote. Every figure comes from those files; the targets are
issue 5's. Exits 1 naming the file when one is missing or unreadable.
"""
import datetime
import json
import os
import re
import statistics
import sys

BEGIN, END = "<!-- bench:figures begin -->", "<!-- bench:figures end -->"
# The reference's runs per round: as written, with OpenBLAS at one thread (contra's setting), and
# with that and an out-of-place ReLU (both of contra's changes).
VARIANTS = {"reference": "as written (in-place ReLU, BLAS pool at every core)",
            "reference_blas1": "OPENBLAS_NUM_THREADS=1",
            "reference_tuned": "OPENBLAS_NUM_THREADS=1 and out-of-place ReLU"}
UNIT_TO_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}


def die(message):
    print(f"bench_report: {message}", file=sys.stderr)
    sys.exit(1)


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        die(f"{path}: {e}")


def load_benchmarks(results, sources):
    """name -> benchmark entry over the JSON of today's binaries (one per bench/bench_*.cpp, plus
    bench_gemm_autodetect.json when present), and the context of bench_train_step. A missing file
    or a benchmark that reported an error stops the report."""
    if not os.path.isdir(results):
        die(f"{results}: no such folder (run `make bench`)")
    names = sorted(n[:-len(".cpp")] for n in os.listdir(sources) if n.startswith("bench_") and n.endswith(".cpp"))
    if os.path.exists(os.path.join(results, "bench_gemm_autodetect.json")):
        names.append("bench_gemm_autodetect")
    found, context = {}, {}
    for name in names:
        path = os.path.join(results, name + ".json")
        if not os.path.exists(path):
            die(f"{path}: missing (run `make bench` whole, without BENCH_FILTER)")
        data = load_json(path)
        if name == "bench_train_step":
            context = data.get("context", {})
        for b in data.get("benchmarks", []):
            if b.get("error_occurred"):
                die(f"{path}: {b['run_name']} failed: {b.get('error_message', 'no message')}")
            key = b["run_name"] if name != "bench_gemm_autodetect" else "autodetect:" + b["run_name"]
            found[key] = b
    return found, context


def need(benchmarks, name):
    if name not in benchmarks:
        die(f"benchmark {name} is missing from the results (run `make bench` whole, without BENCH_FILTER)")
    return benchmarks[name]


def ms(b):
    return b["real_time"] * UNIT_TO_MS[b.get("time_unit", "ns")]


def si(x, unit=""):
    for scale, prefix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(x) >= scale:
            return f"{x / scale:.3g} {prefix}{unit}"
    return f"{x:.3g} {unit}".rstrip()


def when(text):
    """An ISO 8601 time (Z or an offset) as a UTC datetime; the epoch when missing or malformed."""
    try:
        t = datetime.datetime.fromisoformat(str(text).replace("Z", "+00:00"))
        return t if t.tzinfo else t.replace(tzinfo=datetime.timezone.utc)
    except ValueError:
        return datetime.datetime.fromtimestamp(0, datetime.timezone.utc)


def verdict(ok):
    return "met" if ok else "**not met**"


def complete_rounds(path, who, fail=die):
    """The rounds of a side-by-side JSONL file (one line per step timed: "round", "who", …), each a
    {who: line} dict, in round order, keeping only rounds that have every name in `who`."""
    rounds = {}
    try:
        with open(path) as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    rounds.setdefault(int(r["round"]), {})[r["who"]] = r
    except (OSError, ValueError, KeyError, TypeError) as e:
        fail(f"{path}: unreadable line ({type(e).__name__}: {e})")
    complete = [r for _, r in sorted(rounds.items()) if set(who) <= r.keys()]
    if not complete:
        fail(f"{path}: no complete round (each needs {', '.join(sorted(who))})")
    return complete


def side_by_side(results):
    return complete_rounds(os.path.join(results, "side_by_side.jsonl"), set(VARIANTS) | {"contra"})


BATCH_KEYS = ("256", "512", "1024", "whole 512", "whole 1024")


def batch_rounds(results):
    """Per round, images/s at batch 256, 512 and 1024 of the CPU default step, and at 512 and 1024
    with the batch whole (keys "whole 512", "whole 1024"; scripts/bench.sh)."""
    path = os.path.join(results, "batch_rounds.jsonl")
    try:
        with open(path) as f:
            rounds = [json.loads(line) for line in f if line.strip()]
        rounds = [r for r in rounds if set(BATCH_KEYS) <= r["images_per_s"].keys()]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        die(f"{path}: unreadable ({type(e).__name__}: {e})")
    if not rounds:
        die(f"{path}: no complete round")
    return rounds


def data_parallel_rounds(results):
    """[{1: one-process entry, 2: two-rank entry}] per round from data_parallel_rounds.jsonl."""
    path = os.path.join(results, "data_parallel_rounds.jsonl")
    if not os.path.exists(path):
        die(f"{path}: missing (run `make bench` whole)")
    by_round = {}
    with open(path) as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                by_round.setdefault(r["round"], {})[r["ranks"]] = r
    rounds = [by_round[k] for k in sorted(by_round)]
    if not rounds or any(set(r) != {1, 2} for r in rounds):
        die(f"{path}: each round needs a 1-process and a 2-rank entry")
    return rounds


def machine(context, rounds):
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            m = re.search(r"^model name\s*:\s*(.*)$", f.read(), re.M)
            cpu = m.group(1).strip() if m else cpu
    except OSError:
        pass
    caches = ", ".join(f"L{c['level']} {c['size'] // 1024} KiB"
                       for c in context.get("caches", []) if c.get("type") in ("Data", "Unified"))
    return (f"{cpu}, {context.get('num_cpus', '?')} cores at {context.get('mhz_per_cpu', '?')} MHz ({caches}); "
            f"LibTorch {rounds[0]['reference'].get('torch_version', '?')} (Debian), BLAS OpenBLAS "
            f"(OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE') or 'unset'}); run {context.get('date', '?')}")


def write_block(readme, begin, end, lines):
    """Puts lines (the first begin, the last end) in place of README's block between the two
    markers, or at its end when they are missing."""
    try:
        with open(readme) as f:
            text = f.read()
    except OSError:
        text = ""
    block = "\n".join(lines)
    if begin in text and end in text:
        text = text[:text.index(begin)] + block + text[text.index(end) + len(end):]
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    with open(readme, "w") as f:
        f.write(text)


def main():
    if len(sys.argv) != 3:
        die("usage: bench_report.py RESULTS_DIR README")
    results, readme = sys.argv[1], sys.argv[2]
    readme_dir = os.path.dirname(os.path.abspath(readme))
    if not os.path.isdir(readme_dir):
        die(f"{readme}: its folder does not exist")
    sources = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "bench")
    b, context = load_benchmarks(results, sources)
    rounds = side_by_side(results)
    builds = load_json(os.path.join(results, "build_times.json"))

    ceilings = [("BLAS sgemm 4096² (torch::mm), environment as given", need(b, "BM_Sgemm/4096/real_time")),
                ("oneDNN 1×1 convolution as a 4096² GEMM", need(b, "BM_Conv1x1Gemm/4096/real_time"))]
    if "autodetect:BM_Sgemm/4096/real_time" in b:
        ceilings.append(("BLAS sgemm 4096², OPENBLAS_CORETYPE unset (OpenBLAS detects the CPU)",
                         b["autodetect:BM_Sgemm/4096/real_time"]))
    ceiling = max(c["flops_per_s"] for _, c in ceilings)
    # bf16: the same products on bfloat16 tensors (oneDNN), the ceiling a bf16 step is measured against.
    bf16_ceilings = [(label, b[key]) for label, key in
                     (("oneDNN bf16 matmul 4096² (torch::mm on bfloat16)", "BM_GemmBf16/4096/real_time"),
                      ("oneDNN bf16 1×1 convolution as a 4096² GEMM", "BM_Conv1x1GemmBf16/4096/real_time")) if key in b]
    bf16_ceiling = max((c["flops_per_s"] for _, c in bf16_ceilings), default=float("nan"))

    default = need(b, "BM_Step/moco/small_cnn/256/min_time:2.000/real_time")
    utilisation = default["train_flops_per_s"] / ceiling
    batches = batch_rounds(results)
    per_batch = {n: statistics.median(r["images_per_s"][str(n)] / r["images_per_s"]["256"] for r in batches)
                 for n in (512, 1024)}
    augment_share = default["augment_seconds_per_step"] / (ms(default) / 1e3)
    blas_all = need(b, "BM_StepBlasAllCores/moco/small_cnn/256/min_time:2.000/real_time")
    vs = {v: statistics.median(r["contra"]["images_per_s"] / r[v]["images_per_s"] for r in rounds) for v in VARIANTS}
    builds_note = ""
    if when(builds.get("measured_at")) < when(context.get("date")):
        builds_note = f" (from an earlier run, {builds.get('measured_at', 'undated')})"

    out = [BEGIN, "", f"Machine: {machine(context, rounds)}.", ""]
    out += ["### Targets (issue 5)", "", "| target | measured | goal | |", "| --- | ---: | ---: | --- |"]
    out.append(f"| utilisation: counted training FLOP/s of the CPU default step (MoCo, small CNN, batch 256) "
               f"over the highest GEMM ceiling below | {si(default['train_flops_per_s'], 'FLOP/s')} / "
               f"{si(ceiling, 'FLOP/s')} = {utilisation:.2f} | ≥ 0.50 | {verdict(utilisation >= 0.5)} |")
    out.append(f"| our MoCo step over the PyTorch reference as written, images/s, batch 256, median of "
               f"{len(rounds)} A/B rounds | {vs['reference']:.2f}× | ≥ 1.5× | {verdict(vs['reference'] >= 1.5)} |")
    out.append(f"| the same against the reference with OPENBLAS_NUM_THREADS=1 | {vs['reference_blas1']:.2f}× "
               f"| (for information) | |")
    out.append(f"| the same against the reference with OPENBLAS_NUM_THREADS=1 and an out-of-place ReLU "
               f"| {vs['reference_tuned']:.2f}× | (for information) | |")
    for n in (512, 1024):
        ratio = per_batch[n]
        out.append(f"| no cliff: images/s at batch {n} over batch 256, median of {len(batches)} rounds "
                   f"| {ratio:.2f} | ≥ 0.90 | {verdict(ratio >= 0.9)} |")
    for n in (512, 1024):
        gain = statistics.median(r["images_per_s"][str(n)] / r["images_per_s"][f"whole {n}"] for r in batches)
        out.append(f"| the same step at batch {n} in split chunks over the batch whole, median of {len(batches)} "
                   f"rounds | {gain:.2f}× | (for information) | |")
    out.append(f"| data path: augmentation's share of the CPU default step | {100 * augment_share:.1f}% | ≤ 15% "
               f"| {verdict(augment_share <= 0.15)} |")
    out.append(f"| clean build (`make build`, ccache off, {builds['cores']} cores){builds_note} | {builds['clean_build_s']:.0f} s "
               f"| ≤ 600 s | {verdict(builds['clean_build_s'] <= 600)} |")
    out.append(f"| rebuild after touching src/contra/methods/moco.cpp{builds_note} | {builds['rebuild_one_method_s']:.0f} s | ≤ 60 s "
               f"| {verdict(builds['rebuild_one_method_s'] <= 60)} |")
    out.append(f"| `make test`{builds_note} | {builds['make_test_s']:.0f} s | ≤ 300 s | {verdict(builds['make_test_s'] <= 300)} |")

    out += ["", "### GEMM ceiling (`bench_gemm`, every core)", "", "| product | time | FLOP/s |", "| --- | ---: | ---: |"]
    out += [f"| {label} | {ms(c):.0f} ms | {si(c['flops_per_s'], 'FLOP/s')} |" for label, c in ceilings]
    out += [f"| {label} | {ms(c):.0f} ms | {si(c['flops_per_s'], 'FLOP/s')} |" for label, c in bf16_ceilings]

    out += ["", "### Whole training steps (`bench_train_step`; counted FLOPs as in README.md, \"Cost\")", "",
            "| step | batch | ms/step | images/s | training FLOP/s | of the ceiling (of its precision) | augmentation |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for name, s in b.items():
        if not (name.startswith("BM_Step") or name.startswith("BM_ModelStep")):
            continue
        label = re.sub(r"/min_time:[0-9.]+/real_time$", "", name)
        share = s["augment_seconds_per_step"] / (ms(s) / 1e3)
        own = bf16_ceiling if "Bf16" in name else ceiling
        out.append(f"| `{label}` | {int(s['batch'])} | {ms(s):.1f} | {s['images_per_s']:.0f} | "
                   f"{si(s['train_flops_per_s'], 'FLOP/s')} | {s['train_flops_per_s'] / own:.2f} | {100 * share:.1f}% |")
    out.append("")
    out.append(f"One BLAS thread against the BLAS pool at every core (LibTorch's default), same step: "
               f"{default['images_per_s'] / blas_all['images_per_s']:.2f}× the images/s.")

    out += ["", "### Hot paths", "", "| benchmark | time | rate |", "| --- | ---: | ---: |"]
    for name, s in b.items():
        if name.startswith(("BM_Step", "BM_ModelStep", "BM_DataParallelStep", "autodetect:")) or name.startswith(("BM_Sgemm", "BM_GemmBf16", "BM_Conv1x1")):
            continue
        rate = (si(s["items_per_second"], "items/s") if "items_per_second" in s
                else si(s["bytes_per_second"], "B/s") if "bytes_per_second" in s
                else f"peak {s['peak_MiB']:.0f} MiB, step {s['step_MiB']:.0f} MiB" if "peak_MiB" in s else "")
        t = ms(s)
        time_text = f"{t:.2f} ms" if t >= 0.1 else f"{t * 1e3:.1f} µs"
        out.append(f"| `{re.sub(r'(/iterations:1)?/real_time$', '', name)}` | {time_text} | {rate} |")

    out += ["", f"### Batch 256, 512 and 1024 side by side ({len(batches)} rounds, images/s of the CPU default step; "
            f"\"whole\": the batch through the backbone whole instead of in split chunks)", "",
            "| round | 256 | 512 | 1024 | 512 whole | 1024 whole | 512 / 256 | 1024 / 256 | 1024 whole / 256 |",
            "| ---: " * 9 + "|"]
    for r in batches:
        v = r["images_per_s"]
        out.append(f"| {r['round']} | {v['256']:.0f} | {v['512']:.0f} | {v['1024']:.0f} | {v['whole 512']:.0f} | "
                   f"{v['whole 1024']:.0f} | {v['512'] / v['256']:.2f} | {v['1024'] / v['256']:.2f} | "
                   f"{v['whole 1024'] / v['256']:.2f} |")
    dp = data_parallel_rounds(results)
    out += ["", f"### Data-parallel step side by side ({len(dp)} rounds; `bench_collectives` BM_DataParallelStep: the CPU "
            "default's MoCo step at global batch 256, gloo over loopback)", "",
            "| round | 2 ranks × 1 thread, images/s | of which in collectives | 1 process × 2 threads, images/s | ratio |",
            "| ---: | ---: | ---: | ---: | ---: |"]
    for r in dp:
        two, one = r[2], r[1]
        out.append(f"| {two['round']} | {two['images_per_s']:.0f} | {100 * two['collective_share']:.0f}% "
                   f"({1e3 * two['collective_seconds_per_step']:.1f} ms/step) | {one['images_per_s']:.0f} | "
                   f"{two['images_per_s'] / one['images_per_s']:.2f} |")
    out += ["", f"### Side by side against the PyTorch reference ({len(rounds)} rounds, A B A B …, images/s)", ""]
    out += [f"Reference runs per round: " + "; ".join(f"`{k}`: {v}" for k, v in VARIANTS.items()) + ".", ""]
    out += ["| round | contra `BM_ModelStep` | " + " | ".join(f"`{v}`" for v in VARIANTS) + " | "
            + " | ".join(f"ratio to `{v}`" for v in VARIANTS) + " |",
            "| ---: " * (2 + 2 * len(VARIANTS)) + "|"]
    for r in rounds:
        c = r["contra"]["images_per_s"]
        refs = [r[v]["images_per_s"] for v in VARIANTS]
        out.append(f"| {r['contra']['round']} | {c:.0f} | " + " | ".join(f"{x:.0f}" for x in refs) + " | "
                   + " | ".join(f"{c / x:.2f}" for x in refs) + " |")
    out += ["", END]

    write_block(readme, BEGIN, END, out)
    print(f"bench_report: figures written to {readme}")


if __name__ == "__main__":
    main()
