#!/usr/bin/env python3
"""Soak input for `cute eval`: `python3 bench/soak_gen.py N [SEED]` writes N lines (valid and
invalid mixed) to standard output, the same lines for the same seed.

About two thirds are valid expressions: an operation of the algebra on random small hierarchical
layouts, tilers, int-tuples and integers (static and dynamic), in pools drawn once, so almost
every line is distinct. The rest are invalid: mutated expressions (a character deleted,
inserted or replaced, a truncation, an integer made huge), unknown operations, empty lines,
unbalanced brackets, bytes that are not UTF-8 and long lines (up to 64 KiB). Operations that
enumerate their input's size (make_layout_tv, tv_partition, analyze) are left to the resource
limit tests, so that every line stays cheap and the figure measures the evaluator itself.
"""
import random
import sys

OPS_L = ["size", "cosize", "rank", "depth", "shape", "stride", "coalesce", "filter",
         "filter_zeros", "right_inverse", "left_inverse", "nullspace", "flatten",
         "complement", "make_layout_right", "compact_col_major"]
OPS_LL = ["composition", "logical_product", "blocked_product", "raked_product",
          "max_common_layout", "max_common_vector", "append", "prepend"]
OPS_LT = ["logical_divide", "zipped_divide", "tiled_divide", "flat_divide", "zipped_product",
          "tiled_product", "flat_product", "composition"]
OPS_LC = ["slice", "dice", "slice_and_offset", "crd2idx"]
JUNK = "()<>:,_-0123456789abcxyz \t;[]{}*+o@"


def leaf(r, lo, hi, tag):
    v = r.randint(lo, hi)
    return ("_" if tag == 1 or (tag == 2 and r.random() < 0.5) else "") + str(v)


def tree(r, depth, tag, lo, hi, strides):
    if depth >= 3 or r.random() < 0.45:
        return leaf(r, lo, hi, tag), leaf(r, 0, 64, tag) if strides else None
    parts = [tree(r, depth + 1, tag, lo, hi, strides) for _ in range(r.randint(1, 3))]
    s = "(" + ",".join(p[0] for p in parts) + ")"
    return s, ("(" + ",".join(p[1] for p in parts) + ")") if strides else None


def layout(r):
    s, d = tree(r, 0, r.randrange(3), 1, 8, True)
    return f"{s}:{d}"


def tiler(r):
    k = r.randrange(3)
    if k == 0:
        return layout(r)
    if k == 1:
        return tree(r, 1, r.randrange(3), 1, 4, False)[0]
    return "<" + ",".join(layout(r) for _ in range(r.randint(1, 3))) + ">"


def coord(r):
    if r.random() < 0.4:
        return str(r.randint(0, 40))
    return "(" + ",".join(r.choice(["_", str(r.randint(0, 4))]) for _ in range(r.randint(1, 3))) + ")"


def valid(r, P):
    k = r.randrange(4)
    if k == 0:
        op = r.choice(OPS_L)
        extra = f",{r.randint(1, 512)}" if op == "complement" and r.random() < 0.7 else ""
        return f"{op}({r.choice(P['l'])}{extra})"
    if k == 1:
        return f"{r.choice(OPS_LL)}({r.choice(P['l'])},{r.choice(P['l'])})"
    if k == 2:
        return f"{r.choice(OPS_LT)}({r.choice(P['l'])},{r.choice(P['t'])})"
    return f"{r.choice(OPS_LC)}({r.choice(P['l'])},{r.choice(P['c'])})"


def invalid(r, P):
    base = valid(r, P)
    k = r.randrange(9)
    i = r.randrange(len(base))
    if k == 0:
        return base[:i] + base[i + 1:]
    if k == 1:
        return base[:i] + r.choice(JUNK) + base[i:]
    if k == 2:
        return base[:i] + r.choice(JUNK) + base[i + 1:]
    if k == 3:
        return base[:i]
    if k == 4:
        return base.replace("(", f"({r.choice(['9' * 19, '9' * 30, '-' + '9' * 19])},", 1)
    if k == 5:
        return f"no_such_op{r.randint(0, 9)}({r.choice(P['l'])})"
    if k == 6:
        return r.choice(["", " ", "()", "size(", "size((2,3):(1,2)", ")))", "_", ":"])
    if k == 7:
        return base[:i] + "\udcff\udcfe" + base[i:]
    if r.random() < 0.001:  # long lines, up to 64 KiB
        return "size(" + "(" * r.randint(1, 30000) + "1" + ")" * r.randint(0, 34000)
    return "size(" + "(" * r.randint(1, 200) + "1" + ")" * r.randint(0, 200)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    r = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 11)
    P = {"l": [layout(r) for _ in range(20000)], "t": [tiler(r) for _ in range(5000)],
         "c": [coord(r) for _ in range(500)]}
    out = sys.stdout.buffer
    batch = []
    for _ in range(n):
        line = valid(r, P) if r.random() < 0.67 else invalid(r, P)
        batch.append(line.encode("utf-8", "surrogateescape"))
        if len(batch) == 10000:
            out.write(b"\n".join(batch) + b"\n")
            batch.clear()
    if batch:
        out.write(b"\n".join(batch) + b"\n")


if __name__ == "__main__":
    main()
