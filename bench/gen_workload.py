#!/usr/bin/env python3
"""The operation set of `bench/compare` as `cute eval` expressions, and the stdin workload.

`python3 bench/gen_workload.py [N] > FILE` writes N lines (default 100,000) cycling through
EXPRESSIONS; `bench/pycute_bench.py` evaluates the same cycle with pycute. The layouts are the
fixed set documented in crates/cute-layout/benches/algebra.rs (all integers dynamic).
"""
import sys

BIG = "((4,4),(4,4),(4,4)):((1,64),(4,256),(16,1024))"
D2, D2T = "(9,(4,8)):(59,(13,1))", "<3:3,(2,4):(1,8)>"
PA, PB, PT = "(2,5):(5,1)", "(3,4):(1,3)", "<3:5,4:6>"

# (name, expression): the timed operations that are single expressions (same names as the
# `bench_ops` example, bench/cpp/bench.cpp and bench/pycute_bench.py).
EXPRESSIONS = [
    ("composition/doc", "composition((6,2):(8,2),(4,3):(3,1))"),
    ("composition/big", f"composition({BIG},(16,16):(16,1))"),
    ("complement/doc", "complement((2,4):(1,6),24)"),
    ("complement/doc2", "complement((2,2):(1,6),24)"),
    ("coalesce/doc", "coalesce((2,(1,6)):(1,(6,2)))"),
    ("right_inverse/doc", "right_inverse((4,(2,8)):(16,(1,2)))"),
    ("left_inverse/doc", "left_inverse((4,(2,8)):(16,(1,2)))"),
    ("logical_divide/2d", f"logical_divide({D2},{D2T})"),
    ("zipped_divide/2d", f"zipped_divide({D2},{D2T})"),
    ("tiled_divide/2d", f"tiled_divide({D2},{D2T})"),
    ("flat_divide/2d", f"flat_divide({D2},{D2T})"),
    ("logical_divide/1d", "logical_divide((2,2,3):(2,1,8),4:2)"),
    ("logical_divide/deep",
     "logical_divide(((2,(2,2)),(2,(2,2))):((1,(2,4)),(8,(16,32))),<(2,(2,1)):(1,(2,4)),(2,2):(1,2)>)"),
    ("zipped_divide/big", f"zipped_divide({BIG},<(2,2):(1,8),(4,2):(2,16)>)"),
    ("logical_product/doc", f"logical_product({PA},{PB})"),
    ("zipped_product/doc", f"zipped_product({PA},{PT})"),
    ("tiled_product/doc", f"tiled_product({PA},{PT})"),
    ("flat_product/doc", f"flat_product({PA},{PT})"),
    ("blocked_product/doc", f"blocked_product({PA},{PB})"),
    ("raked_product/doc", f"raked_product({PA},{PB})"),
    ("crd2idx/1d", "crd2idx((4,8,2,4):(1,4,32,64),77)"),
]

N_DEFAULT = 100_000


def workload(n=N_DEFAULT):
    """The (name, expression) of each of the n lines."""
    return [EXPRESSIONS[i % len(EXPRESSIONS)] for i in range(n)]


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else N_DEFAULT
    sys.stdout.write("".join(expr + "\n" for _, expr in workload(n)))
