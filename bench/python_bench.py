#!/usr/bin/env python3
"""Times the pycute drop-in (`cute_layout.pycute`) against pycute itself, as pycute's own tests
and users call it: the arguments built from Python tuples, then the call
(`complement(Layout((2, 4), (1, 6)), 24)`), the same source text run against each module, in
one Python process; prints the ratios.

  python_bench.py            a Markdown table: pycute us, drop-in ns, pycute / drop-in
  python_bench.py --check    also exits 1 unless every operation is >= 20x pycute
  python_bench.py --rounds N each figure the least over N rounds (default 3; the rounds
                             alternate pycute and the drop-in, so that load from other
                             processes hits both alike)
  python_bench.py --instructions [NAME...]
                             instructions per call instead of times (callgrind; needs valgrind):
                             independent of the machine's load. Each figure is the
                             instructions of N calls / N (N = BENCH_COUNT, default 2000; after
                             one warm-up call), each side in one process; NAMEs pick operations

Needs `cute_layout` (pip install ./crates/cute-python) and pycute (pip install --no-deps
nvidia-cutlass) importable. The inputs are those of bench/pycute_bench.py (the layouts of
crates/cute-layout/benches/algebra.rs), written out as literals in each call, so that each call
builds its `Layout`s (Python's compiler makes the tuples constants, as in pycute's tests). The
operations are pycute's (it has no flat_divide, flat_product, blocked_product or raked_product),
plus `Layout/build` (the construction alone) and the int-tuple functions pycute computes.
Times are the least over 11 timeit batches of at least ~10 ms.
"""
import os
import sys
import timeit


def calls(m):
    """Each operation of module `m` (pycute or cute_layout.pycute) as a thunk that builds its
    arguments from tuples and calls it."""
    L = m.Layout

    def x64():
        f = L((4, 8, 2, 4), (1, 4, 32, 64))
        acc = 0
        for i in range(64):
            acc += f(i)
        return acc

    return {
        "Layout/build": lambda: L((2, (1, 6)), (1, (6, 2))),
        "composition/doc": lambda: m.composition(L((6, 2), (8, 2)), L((4, 3), (3, 1))),
        "composition/big": lambda: m.composition(
            L(((4, 4), (4, 4), (4, 4)), ((1, 64), (4, 256), (16, 1024))), L((16, 16), (16, 1))),
        "complement/doc": lambda: m.complement(L((2, 4), (1, 6)), 24),
        "complement/doc2": lambda: m.complement(L((2, 2), (1, 6)), 24),
        "coalesce/doc": lambda: m.coalesce(L((2, (1, 6)), (1, (6, 2)))),
        "filter/doc": lambda: m.filter(L((2, (1, 6)), (1, (0, 2)))),
        "right_inverse/doc": lambda: m.right_inverse(L((4, (2, 8)), (16, (1, 2)))),
        "left_inverse/doc": lambda: m.left_inverse(L((4, (2, 8)), (16, (1, 2)))),
        "logical_divide/2d": lambda: m.logical_divide(
            L((9, (4, 8)), (59, (13, 1))), (L(3, 3), L((2, 4), (1, 8)))),
        "zipped_divide/2d": lambda: m.zipped_divide(
            L((9, (4, 8)), (59, (13, 1))), (L(3, 3), L((2, 4), (1, 8)))),
        "tiled_divide/2d": lambda: m.tiled_divide(
            L((9, (4, 8)), (59, (13, 1))), (L(3, 3), L((2, 4), (1, 8)))),
        "logical_divide/1d": lambda: m.logical_divide(L((2, 2, 3), (2, 1, 8)), L(4, 2)),
        "logical_divide/deep": lambda: m.logical_divide(
            L(((2, (2, 2)), (2, (2, 2))), ((1, (2, 4)), (8, (16, 32)))),
            (L((2, (2, 1)), (1, (2, 4))), L((2, 2), (1, 2)))),
        "zipped_divide/big": lambda: m.zipped_divide(
            L(((4, 4), (4, 4), (4, 4)), ((1, 64), (4, 256), (16, 1024))),
            (L((2, 2), (1, 8)), L((4, 2), (2, 16)))),
        "logical_product/doc": lambda: m.logical_product(L((2, 5), (5, 1)), L((3, 4), (1, 3))),
        "zipped_product/doc": lambda: m.zipped_product(L((2, 5), (5, 1)), (L(3, 5), L(4, 6))),
        "tiled_product/doc": lambda: m.tiled_product(L((2, 5), (5, 1)), (L(3, 5), L(4, 6))),
        "make_layout/doc": lambda: m.make_layout(L((2, 2), (1, 4)), L(3, 2)),
        "size/doc": lambda: m.size(L((4, (2, 8)), (16, (1, 2)))),
        "cosize/doc": lambda: m.cosize(L((4, (2, 8)), (16, (1, 2)))),
        "slice_and_offset/doc": lambda: m.slice_and_offset(
            (None, 1), L((4, (2, 8)), (16, (1, 2)))),
        "crd2idx/1d": lambda: L((4, 8, 2, 4), (1, 4, 32, 64))(77),
        "crd2idx/1d_x64": x64,
        "coord/2d": lambda: L((4, (2, 8)), (16, (1, 2)))((3, (1, 5))),
        "product/tuple": lambda: m.product((4, (2, 8))),
        "inner_product/tuple": lambda: m.inner_product((3, (1, 5)), (16, (1, 2))),
        "shape_div/tuple": lambda: m.shape_div((4, (2, 8)), (2, 4)),
        "prefix_product/tuple": lambda: m.prefix_product((4, (2, 8))),
        "idx2crd/tuple": lambda: m.idx2crd(53, (4, (2, 8))),
        "crd2idx/tuple": lambda: m.crd2idx((3, (1, 5)), (4, (2, 8)), (16, (1, 2))),
    }


def modules():
    import pycute
    import cute_layout.pycute as dropin
    return pycute, dropin


def measure(f):
    """Least ns per call over 11 timeit batches of at least ~10 ms."""
    t = timeit.Timer(f)
    n = 1
    while t.timeit(n) <= 0.01:
        n *= 2
    return min(t.timeit(n) / n * 1e9 for _ in range(11))


def same(a, b):
    """pycute's and the drop-in's results agree (the same function for layouts; C++'s strides
    may differ from pycute's for size-1 modes and the inverses, see cute_layout.pycute)."""
    if isinstance(a, tuple) and len(a) == 2 and hasattr(a[0], "shape"):
        return same(a[0], b[0]) and same(a[1], b[1])
    if hasattr(a, "shape"):
        from pycute import size
        return [a(i) for i in range(size(a))] == [b(i) for i in range(b.size())]
    return a == b


def least_of_rounds(fs, rounds):
    """The least time of each thunk in `fs` over `rounds` interleaved rounds."""
    best = [float("inf")] * len(fs)
    for _ in range(rounds):
        for i, f in enumerate(fs):
            best[i] = min(best[i], measure(f))
    return best


def run_segments(side, names, count):
    """For callgrind: for each of `names`, one warm-up call, then `count` calls between two calls
    of `os.getppid` (the markers at which callgrind dumps its counts)."""
    pycute, dropin = modules()
    thunks = calls(pycute if side == "pycute" else dropin)
    for name in names:
        f = thunks[name]
        f()  # first-call costs (lazy type objects, caches) left out of the count
        os.getppid()
        for _ in range(count):
            f()
        os.getppid()


def instructions(side, names, count):
    """Instructions per call of each of `names` on `side`, counted by callgrind in one process:
    each operation's `count` calls, divided by `count`."""
    import glob
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
               "--dump-before=getppid", sys.executable, os.path.abspath(__file__),
               "--segments", side, str(count), *names]
        subprocess.run(cmd, capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": "0"})
        parts = sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        totals = []
        for part in parts:
            with open(part) as f:
                totals.append(next(int(line.split()[1]) for line in f
                                   if line.startswith(("totals:", "summary:"))))
    # dumps: before each marker; the loops are the 2nd, 4th, ... parts
    return [totals[2 * i + 1] / count for i in range(len(names))]


def main_instructions(names):
    n = int(os.environ.get("BENCH_COUNT", "2000"))
    names = names or list(calls(modules()[0]))
    theirs, ours = instructions("pycute", names, n), instructions("dropin", names, n)
    print("| operation | pycute (instr.) | drop-in (instr.) | pycute / drop-in |")
    print("|---|---:|---:|---:|")
    for name, pc, di in zip(names, theirs, ours):
        print(f"| {name} | {pc:,.0f} | {di:,.0f} | {pc / di:.1f}x |")
    print(f"\nLowest ratio: {min(pc / di for pc, di in zip(theirs, ours)):.1f}x")


def main(argv):
    if argv[:1] == ["--segments"]:
        return run_segments(argv[1], argv[3:], int(argv[2]))
    if "--instructions" in argv:
        return main_instructions([a for a in argv if not a.startswith("--")])
    rounds = int(argv[argv.index("--rounds") + 1]) if "--rounds" in argv else 3
    pycute, dropin = modules()
    theirs, ours = calls(pycute), calls(dropin)
    print("| operation | pycute (us) | drop-in (ns) | pycute / drop-in |")
    print("|---|---:|---:|---:|")
    worst = float("inf")
    for name in theirs:
        assert same(theirs[name](), ours[name]()), name
        t_pc, t_di = least_of_rounds([theirs[name], ours[name]], rounds)
        worst = min(worst, t_pc / t_di)
        print(f"| {name} | {t_pc / 1000:.2f} | {t_di:,.0f} | {t_pc / t_di:.1f}x |", flush=True)
    print(f"\nLowest ratio: {worst:.1f}x")
    if "--check" in argv and worst < 20:
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
