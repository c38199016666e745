#!/usr/bin/env python3
"""scripts/gpu_bench_table.py on hand-made Google Benchmark JSON: names with option suffixes, a
row that errored, and one-line refusals (exit 2) for bad arguments and bad files."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "gpu_bench_table.py")


def bench(benchmarks):
    return {"context": {"date": "d", "host_name": "h"}, "benchmarks": benchmarks}


GEMM = [{"name": "BM_GpuGemm/bf16/8192/real_time", "run_type": "iteration", "flops_per_s": 8e14},
        {"name": "BM_GpuGemm/tf32/8192/real_time", "run_type": "iteration", "flops_per_s": 4e14}]
STEP = {"name": "BM_GpuStep/moco/resnet18/bf16/min_time:1.000/real_time", "run_type": "iteration",
        "images_per_s": 25000.0, "epoch_seconds": 2.4, "train_flops_per_s": 1.6e14}


class GpuBenchTable(unittest.TestCase):
    def run_script(self, content, *args):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "bench.json")
            with open(path, "w") as f:
                f.write(content if isinstance(content, str) else json.dumps(content))
            return subprocess.run([sys.executable, SCRIPT, path, *args], capture_output=True, text=True)

    def test_table_strips_option_suffixes_and_divides_by_the_matching_ceiling(self):
        r = self.run_script(bench(GEMM + [STEP]))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("| moco resnet18 bf16 | 25000 | 2.40 | 160.00 | 20.0% |", r.stdout)
        self.assertIn("bf16: 800.0 TFLOP/s", r.stdout)

    def test_a_forced_memory_order_is_held_to_its_precisions_ceiling(self):
        forced = dict(STEP, name="BM_GpuStep/moco/resnet18/bf16-nhwc/min_time:1.000/real_time")
        r = self.run_script(bench(GEMM + [STEP, forced]))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("| moco resnet18 bf16-nhwc | 25000 | 2.40 | 160.00 | 20.0% |", r.stdout)

    def test_epoch_seconds_of_one_row(self):
        r = self.run_script(bench(GEMM + [STEP]), "--epoch-seconds", "BM_GpuStep/moco/resnet18/bf16")
        self.assertEqual((r.returncode, r.stdout.strip()), (0, "2.400"), r.stderr)

    def test_an_errored_row_is_never_a_figure(self):
        failed = {"name": STEP["name"], "run_type": "iteration", "error_occurred": True, "error_message": "OOM"}
        r = self.run_script(bench(GEMM + [failed]))
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("error: OOM", r.stdout)
        r = self.run_script(bench(GEMM + [failed]), "--epoch-seconds", "BM_GpuStep/moco/resnet18/bf16")
        self.assertEqual(r.returncode, 2)
        self.assertEqual(r.stdout, "")
        self.assertIn("OOM", r.stderr)

    def test_an_error_message_cannot_break_the_table(self):
        failed = {"name": STEP["name"], "run_type": "iteration", "error_occurred": True,
                  "error_message": "CUDA out of memory |\n tried 2 GiB"}
        r = self.run_script(bench(GEMM + [failed]))
        self.assertEqual(r.returncode, 0, r.stderr)
        row = [line for line in r.stdout.splitlines() if "error" in line]
        self.assertEqual(row, ["| moco resnet18 bf16 | error: CUDA out of memory / tried 2 GiB | | | |"])

    def test_figures_that_are_not_positive_and_finite_are_refused(self):
        for value in (float("nan"), float("inf"), 0, -3.0, True, "3"):
            r = self.run_script(bench(GEMM + [dict(STEP, epoch_seconds=value)]), "--epoch-seconds",
                                "BM_GpuStep/moco/resnet18/bf16")
            self.assertEqual((r.returncode, r.stdout), (2, ""), (value, r.stdout, r.stderr))
            self.assertIn("epoch_seconds", r.stderr)
        r = self.run_script(bench([dict(GEMM[0], flops_per_s=-1.0), GEMM[1], STEP]))
        self.assertEqual((r.returncode, r.stdout), (2, ""), r.stdout)

    def test_bad_input_is_one_line_and_exit_2(self):
        for content, args in (("{", ()), ({"benchmarks": 3}, ()), (bench([]), ()), ("[" * 100000, ()),
                              (bench(GEMM + [STEP, STEP]), ()), (bench(GEMM + [dict(STEP, name=123)]), ()),
                              (bench(GEMM + [dict(STEP, error_occurred="false")]), ()),
                              (bench(GEMM + [STEP]), ("--epoch-seconds", "BM_GpuStep/none/x/bf16")),
                              (bench(GEMM + [STEP]), ("--bogus",))):
            r = self.run_script(content, *args)
            self.assertEqual(r.returncode, 2, (content, args, r.stderr))
            self.assertEqual(r.stdout, "")
            self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
        r = subprocess.run([sys.executable, SCRIPT, "/nonexistent/bench.json"], capture_output=True, text=True)
        self.assertEqual(r.returncode, 2)
        self.assertIn("/nonexistent/bench.json", r.stderr)


if __name__ == "__main__":
    unittest.main()
