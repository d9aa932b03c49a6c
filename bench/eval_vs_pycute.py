#!/usr/bin/env python3
"""`cute eval` on a batch of lines against pycute evaluating the same expressions, in one run.

    PYTHON bench/eval_vs_pycute.py CUTE_BINARY [N [ROUNDS]]

PYTHON must import pycute (e.g. /work/cutlass-venv/bin/python, or bench/compare's venv).
Writes N lines (default 100,000) of bench/gen_workload.py's cycle of expressions, checks that
`cute eval` and pycute give the same results on one cycle (spaces and the static marks `_`
removed, as bench/compare compares them), then alternates ROUNDS (default 3) times: one
`cute eval < lines > file` process (process start, parsing and printing included), and one pass
of pycute over the same N operations on inputs built once (no parsing, no process start; each
result formatted with str()). Each side's figure is its least over the rounds, as wall time and
as CPU time (user + system: less sensitive to other processes on a busy machine). Prints the
figures and the ratios pycute / ours as tab-separated lines.
"""
import os
import resource
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_workload import EXPRESSIONS, workload  # noqa: E402
from pycute_bench import OPS  # noqa: E402


def normalize(text):
    return text.replace(" ", "").replace("_", "")


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_cute(cute, lines_path, out_path):
    """(wall s, cpu s) of one `cute eval` process over the file of lines."""
    cpu0 = children_cpu()
    t0 = time.perf_counter()
    with open(lines_path, "rb") as src, open(out_path, "wb") as dst:
        subprocess.run([cute, "eval"], stdin=src, stdout=dst, check=True)
    return time.perf_counter() - t0, children_cpu() - cpu0


def run_pycute(thunks):
    """(wall s, cpu s) of one pass of pycute over the operations."""
    c0, t0 = time.process_time(), time.perf_counter()
    out = [str(f()) for f in thunks]
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    assert len(out) == len(thunks)
    return wall, cpu


def main(argv):
    if not argv:
        sys.exit(__doc__)
    cute = argv[0]
    n = int(argv[1]) if len(argv) > 1 else 100_000
    rounds = int(argv[2]) if len(argv) > 2 else 3
    names = [name for name, _ in workload(n)]
    with tempfile.TemporaryDirectory() as tmp:
        lines_path, out_path = os.path.join(tmp, "lines"), os.path.join(tmp, "out")
        with open(lines_path, "w") as f:
            f.write("".join(expr + "\n" for _, expr in workload(n)))
        # Same results: one cycle of expressions through both.
        cycle = "".join(expr + "\n" for _, expr in EXPRESSIONS)
        ours = subprocess.run([cute, "eval"], input=cycle, capture_output=True, text=True,
                              check=True).stdout.splitlines()
        for (name, expr), got in zip(EXPRESSIONS, ours):
            want = str(OPS[name]())
            if normalize(got) != normalize(want):
                sys.exit(f"{name}: cute eval gives {got}, pycute {want} ({expr})")
        thunks = [OPS[name] for name in names]
        cute_best, py_best = [float("inf")] * 2, [float("inf")] * 2
        for _ in range(rounds):
            w, c = run_cute(cute, lines_path, out_path)
            cute_best = [min(cute_best[0], w), min(cute_best[1], c)]
            w, c = run_pycute(thunks)
            py_best = [min(py_best[0], w), min(py_best[1], c)]
        with open(out_path) as f:
            answers = f.read().splitlines()
        if len(answers) != n or any(a.startswith("error") for a in answers):
            sys.exit(f"cute eval answered {len(answers)} lines for {n}, or reported an error")
    print(f"lines\t{n}\nrounds\t{rounds}")
    for what, i in (("wall", 0), ("cpu", 1)):
        ours_ns, py_ns = cute_best[i] / n * 1e9, py_best[i] / n * 1e9
        print(f"{what}: cute eval ns/line\t{ours_ns:.0f}")
        print(f"{what}: pycute ns/line\t{py_ns:.0f}")
        print(f"{what}: pycute / cute eval\t{py_ns / ours_ns:.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
