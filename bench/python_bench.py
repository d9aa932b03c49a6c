#!/usr/bin/env python3
"""Times every operation of the benchmark set through cute_layout (the Python package over the
Rust core) and through pycute, in one Python process, and prints the ratios.

  python_bench.py            a Markdown table: pycute us, cute_layout ns (module function and,
                             where there is one, Layout method), pycute / cute_layout
  python_bench.py --check    also exits 1 unless every operation is >= 20x pycute
  python_bench.py --rounds N each figure the least over N rounds (default 3; the rounds
                             alternate pycute and cute_layout, so that load from other
                             processes hits both alike)
  python_bench.py --instructions [NAME...]
                             instructions per call instead of times (callgrind; needs valgrind):
                             independent of the machine's load, so that two builds can be
                             compared on a busy machine. Each figure is (instructions of N calls
                             - instructions of none) / N, N = BENCH_COUNT (default 2000), each
                             form in its own process; NAMEs pick operations (default: all)

Needs `cute_layout` (pip install ./crates/cute-python) and pycute (pip install nvidia-cutlass)
importable. Inputs are those of bench/pycute_bench.py (the layouts of
crates/cute-layout/benches/algebra.rs), built once; each call includes the Python call and the
conversion of its result. Times are the least over 11 timeit batches of at least ~10 ms.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pycute_bench as pb  # noqa: E402  (pycute's side: pb.OPS)

import cute_layout as cl  # noqa: E402
from cute_layout import Layout  # noqa: E402


def ours(pycute_layout):
    """The cute_layout twin of a pycute layout (or of a tuple tiler of them)."""
    if isinstance(pycute_layout, tuple):
        return tuple(ours(x) for x in pycute_layout)
    return Layout(pycute_layout.shape, pycute_layout.stride)


BIG, A, B = ours(pb.BIG), ours(pb.A), ours(pb.B)
C1, C2, COAL, INV = ours(pb.C1), ours(pb.C2), ours(pb.COAL), ours(pb.INV)
D2, D2T, D1, D1T = ours(pb.D2), ours(pb.D2T), ours(pb.D1), ours(pb.D1T)
DEEP, DEEPT, BIGT = ours(pb.DEEP), ours(pb.DEEPT), ours(pb.BIGT)
PA, PB, PT, FOUR = ours(pb.PA), ours(pb.PB), ours(pb.PT), ours(pb.FOUR)
BIGB = Layout((16, 16), (16, 1))


def _x64():
    acc = 0
    for i in range(64):
        acc += FOUR(i)
    return acc


# name -> (module-function form, method form or None)
OPS = {
    "composition/doc": (lambda: cl.composition(A, B), lambda: A.composition(B)),
    "composition/big": (lambda: cl.composition(BIG, BIGB), lambda: BIG.composition(BIGB)),
    "complement/doc": (lambda: cl.complement(C1, 24), lambda: C1.complement(24)),
    "complement/doc2": (lambda: cl.complement(C2, 24), lambda: C2.complement(24)),
    "coalesce/doc": (lambda: cl.coalesce(COAL), lambda: COAL.coalesce()),
    "right_inverse/doc": (lambda: cl.right_inverse(INV), lambda: INV.right_inverse()),
    "left_inverse/doc": (lambda: cl.left_inverse(INV), lambda: INV.left_inverse()),
    "logical_divide/2d": (lambda: cl.logical_divide(D2, D2T), lambda: D2.logical_divide(D2T)),
    "zipped_divide/2d": (lambda: cl.zipped_divide(D2, D2T), lambda: D2.zipped_divide(D2T)),
    "tiled_divide/2d": (lambda: cl.tiled_divide(D2, D2T), lambda: D2.tiled_divide(D2T)),
    "flat_divide/2d": (lambda: cl.flat_divide(D2, D2T), lambda: D2.flat_divide(D2T)),
    "logical_divide/1d": (lambda: cl.logical_divide(D1, D1T), lambda: D1.logical_divide(D1T)),
    "logical_divide/deep": (lambda: cl.logical_divide(DEEP, DEEPT),
                            lambda: DEEP.logical_divide(DEEPT)),
    "zipped_divide/big": (lambda: cl.zipped_divide(BIG, BIGT), lambda: BIG.zipped_divide(BIGT)),
    "logical_product/doc": (lambda: cl.logical_product(PA, PB), lambda: PA.logical_product(PB)),
    "zipped_product/doc": (lambda: cl.zipped_product(PA, PT), lambda: PA.zipped_product(PT)),
    "tiled_product/doc": (lambda: cl.tiled_product(PA, PT), lambda: PA.tiled_product(PT)),
    "flat_product/doc": (lambda: cl.flat_product(PA, PT), lambda: PA.flat_product(PT)),
    "blocked_product/doc": (lambda: cl.blocked_product(PA, PB), lambda: PA.blocked_product(PB)),
    "raked_product/doc": (lambda: cl.raked_product(PA, PB), lambda: PA.raked_product(PB)),
    "crd2idx/1d": (lambda: FOUR(77), None),
    "crd2idx/1d_x64": (_x64, None),
}
assert set(OPS) == set(pb.OPS), "the benchmark sets differ"


def same_function(a, b):
    """pycute's and our result compute the same offsets (where pycute agrees with C++)."""
    if isinstance(a, int):
        return a == b
    return [a(i) for i in range(pb_size(a))] == [b(i) for i in range(b.size())]


def pb_size(x):
    from pycute import size
    return size(x)


def least_of_rounds(fs, rounds):
    """The least time of each thunk in `fs` over `rounds` interleaved rounds."""
    best = [float("inf")] * len(fs)
    for _ in range(rounds):
        for i, f in enumerate(fs):
            if f is not None:
                best[i] = min(best[i], pb.measure(f))
    return [b if f is not None else None for b, f in zip(best, fs)]


def run_calls(name, form, count):
    """Calls one form (`pycute`, `function` or `method`) of operation `name` `count` times."""
    f = {"pycute": pb.OPS[name], "function": OPS[name][0], "method": OPS[name][1]}[form]
    for _ in range(count):
        f()


def instructions(name, form, count):
    """Instructions callgrind counts for a process making `count` calls of `form` of `name`."""
    import subprocess
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
           os.path.abspath(__file__), "--calls", name, form, str(count)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True,
                         env={**os.environ, "PYTHONHASHSEED": "0"}).stderr
    return int(out.split("refs:")[1].split()[0].replace(",", ""))


def main_instructions(names):
    n = int(os.environ.get("BENCH_COUNT", "2000"))
    base = instructions(next(iter(OPS)), "pycute", 0)
    print("| operation | pycute (instr.) | function (instr.) | method (instr.) "
          "| pycute / function | pycute / method |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in names or OPS:
        forms = ["pycute", "function"] + (["method"] if OPS[name][1] else [])
        pc, fn, *me = [(instructions(name, f, n) - base) / n for f in forms]
        me_cells = f"{me[0]:,.0f} | {pc / fn:.0f}x | {pc / me[0]:.0f}x" if me else \
            f"— | {pc / fn:.0f}x | —"
        print(f"| {name} | {pc:,.0f} | {fn:,.0f} | {me_cells} |", flush=True)


def main(argv):
    if "--calls" in argv:
        name, form, count = argv[argv.index("--calls") + 1:][:3]
        return run_calls(name, form, int(count))
    if "--instructions" in argv:
        return main_instructions([a for a in argv if not a.startswith("--")])
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 3
    print("| operation | pycute (us) | cute_layout function (ns) | method (ns) "
          "| pycute / function | pycute / method |")
    print("|---|---:|---:|---:|---:|---:|")
    worst = float("inf")
    for name, (func, method) in OPS.items():
        assert same_function(pb.OPS[name](), func()), name
        t_pc, t_fn, t_me = least_of_rounds([pb.OPS[name], func, method], rounds)
        best = min(t_fn, t_me) if t_me else t_fn
        worst = min(worst, t_pc / best)
        me = f"{t_me:,.0f}" if t_me else "—"
        me_ratio = f"{t_pc / t_me:.0f}x" if t_me else "—"
        print(f"| {name} | {t_pc / 1000:.2f} | {t_fn:,.0f} | {me} | {t_pc / t_fn:.0f}x "
              f"| {me_ratio} |", flush=True)
    print(f"\nLowest ratio (best form per operation): {worst:.0f}x")
    if "--check" in argv and worst < 20:
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
