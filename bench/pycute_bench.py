#!/usr/bin/env python3
"""Times pycute (from nvidia-cutlass) on the operations of `bench/compare`.

  pycute_bench.py                 prints `name<TAB>ns_per_op` for every operation
  pycute_bench.py --print         prints `name<TAB>result`
  pycute_bench.py --workload N    prints `eval_stdin/<N>\t<ns>`: one Python process evaluating
                                  the same N operations as the `cute eval` stdin workload made by
                                  gen_workload.py (inputs built once, each result formatted with
                                  str(), as `cute eval` prints it; parsing is not counted; the
                                  better of two passes)

Same inputs as crates/cute-layout/examples/bench_ops.rs and bench/cpp/bench.cpp. pycute has no
flat_divide, flat_product, blocked_product or raked_product: those are composed here from pycute's
own operations exactly as CuTe C++ defines them (layout.hpp).
"""
import os
import sys
import timeit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_workload import EXPRESSIONS, workload  # noqa: E402

from pycute import (  # noqa: E402
    Layout, coalesce, complement, composition, left_inverse, logical_divide, logical_product,
    make_layout, right_inverse, tiled_divide, tiled_product, zipped_divide, zipped_product,
)


def _flat(result):
    """C++ `result(repeat<R0>(_), repeat<R1>(_))` of a rank-2 zipped result."""
    return make_layout([result[0][i] for i in range(len(result[0]))] +
                       [result[1][i] for i in range(len(result[1]))])


def flat_divide(a, t):
    return _flat(zipped_divide(a, t))


def flat_product(a, t):
    return _flat(zipped_product(a, t))


def _append(layout, r):
    """C++ `append<R>(layout)`: pad with 1:0 modes up to rank r."""
    modes = [layout[i] for i in range(len(layout))] if isinstance(layout.shape, tuple) else [layout]
    return make_layout(modes + [Layout(1, 0)] * (r - len(modes)))


def blocked_product(a, b):
    r = max(len(a), len(b))
    res = logical_product(_append(a, r), _append(b, r))
    return make_layout(make_layout(res[0][i], res[1][i]) for i in range(r))


def raked_product(a, b):
    r = max(len(a), len(b))
    res = logical_product(_append(a, r), _append(b, r))
    return make_layout(make_layout(res[1][i], res[0][i]) for i in range(r))


BIG = Layout(((4, 4), (4, 4), (4, 4)), ((1, 64), (4, 256), (16, 1024)))
A, B = Layout((6, 2), (8, 2)), Layout((4, 3), (3, 1))
C1, C2 = Layout((2, 4), (1, 6)), Layout((2, 2), (1, 6))
COAL = Layout((2, (1, 6)), (1, (6, 2)))
INV = Layout((4, (2, 8)), (16, (1, 2)))
D2, D2T = Layout((9, (4, 8)), (59, (13, 1))), (Layout(3, 3), Layout((2, 4), (1, 8)))
D1, D1T = Layout((2, 2, 3), (2, 1, 8)), Layout(4, 2)
DEEP = Layout(((2, (2, 2)), (2, (2, 2))), ((1, (2, 4)), (8, (16, 32))))
DEEPT = (Layout((2, (2, 1)), (1, (2, 4))), Layout((2, 2), (1, 2)))
BIGT = (Layout((2, 2), (1, 8)), Layout((4, 2), (2, 16)))
PA, PB, PT = Layout((2, 5), (5, 1)), Layout((3, 4), (1, 3)), (Layout(3, 5), Layout(4, 6))
FOUR = Layout((4, 8, 2, 4), (1, 4, 32, 64))


def _x64():
    acc = 0
    for i in range(64):
        acc += FOUR(i)
    return acc


OPS = {
    "composition/doc": lambda: composition(A, B),
    "composition/big": lambda: composition(BIG, Layout((16, 16), (16, 1))),
    "complement/doc": lambda: complement(C1, 24),
    "complement/doc2": lambda: complement(C2, 24),
    "coalesce/doc": lambda: coalesce(COAL),
    "right_inverse/doc": lambda: right_inverse(INV),
    "left_inverse/doc": lambda: left_inverse(INV),
    "logical_divide/2d": lambda: logical_divide(D2, D2T),
    "zipped_divide/2d": lambda: zipped_divide(D2, D2T),
    "tiled_divide/2d": lambda: tiled_divide(D2, D2T),
    "flat_divide/2d": lambda: flat_divide(D2, D2T),
    "logical_divide/1d": lambda: logical_divide(D1, D1T),
    "logical_divide/deep": lambda: logical_divide(DEEP, DEEPT),
    "zipped_divide/big": lambda: zipped_divide(BIG, BIGT),
    "logical_product/doc": lambda: logical_product(PA, PB),
    "zipped_product/doc": lambda: zipped_product(PA, PT),
    "tiled_product/doc": lambda: tiled_product(PA, PT),
    "flat_product/doc": lambda: flat_product(PA, PT),
    "blocked_product/doc": lambda: blocked_product(PA, PB),
    "raked_product/doc": lambda: raked_product(PA, PB),
    "crd2idx/1d": lambda: FOUR(77),
    "crd2idx/1d_x64": _x64,
}
assert all(name in OPS for name, _ in EXPRESSIONS), "an expression without a pycute twin"


def measure(f):
    """Least ns per call over 11 timeit batches of at least ~10 ms (as the Rust and C++ timers)."""
    t = timeit.Timer(f)
    n = 1
    while t.timeit(n) <= 0.01:
        n *= 2
    return min(t.timeit(n) / n * 1e9 for _ in range(11))


def main(argv):
    if argv[:1] == ["--print"]:
        for name, f in OPS.items():
            print(f"{name}\t{f()}".replace(" ", ""), flush=True)
    elif argv[:1] == ["--workload"]:
        n = int(argv[1])
        thunks = [OPS[name] for name, _ in workload(n)]
        best = float("inf")
        for _ in range(2):  # the better of two passes
            t0 = timeit.default_timer()
            out = [str(f()) for f in thunks]
            best = min(best, timeit.default_timer() - t0)
            assert len(out) == n
        print(f"eval_stdin/{n}\t{best * 1e9:.0f}")
    else:
        only = set(argv)
        for name, f in OPS.items():
            if not only or name in only:
                print(f"{name}\t{measure(f):.3f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
