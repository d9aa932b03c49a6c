#!/usr/bin/env python3
"""Hand-written kernels for the TV cases of cases.tsv, computed from the layout by a separate path.

Usage: handwritten.py GENERATED_DIR. For every case read with --tv (broadcast patterns, ldmatrix /
stmatrix TV layouts), this script evaluates the layout itself (its own parser and evaluator, not
cute-layout), lets thread t of the TV layout be lane t % 32 of warp t / 32, and writes a kernel
`hand_NAME` in GENERATED_DIR/hand/NAME.cu that issues, per warp of the layout and per vector of a
thread, one instruction in which EVERY lane passes the address its TV coordinates give. For
ldmatrix / stmatrix that is what a CuTe kernel does: the hardware itself decides which lanes'
row addresses it reads (a model that counted lanes 16..31 of an .x2 copy as a second instruction
would disagree with this kernel on the GPU, as it did in issue 28). No prediction is written
here: tabulate.py compares the measurement of hand_NAME with the prediction of the generated NAME.
Lists the kernels in GENERATED_DIR/hand.txt.
"""
import re
import sys
from pathlib import Path


def parse_tuple(text):
    """'((_16,_4),_8)' -> nested lists of ints; '_8' / '8' / '_-8' -> int."""
    pos = 0

    def item():
        nonlocal pos
        if text[pos] == "(":
            pos += 1
            out = [item()]
            while text[pos] == ",":
                pos += 1
                out.append(item())
            assert text[pos] == ")", text
            pos += 1
            return out
        m = re.match(r"_?(-?\d+)", text[pos:])
        assert m, text[pos:]
        pos += m.end()
        return int(m.group(1))

    value = item()
    assert pos == len(text), text
    return value


def leaves(t):
    return [x for s in t for x in leaves(s)] if isinstance(t, list) else [t]


def size(t):
    n = 1
    for x in leaves(t):
        n *= x
    return n


class Layout:
    """A layout `S:D`, possibly `Sw<B,M,S> o _0 o S:D`, evaluated at 1-D (column-major) indices."""

    def __init__(self, text):
        text = text.replace(" ", "")
        self.swizzle = None
        m = re.match(r"Sw<(\d+),(\d+),(\d+)>o_?0o(.*)$", text)
        if m:
            self.swizzle = tuple(int(m.group(i)) for i in (1, 2, 3))
            text = m.group(4)
        shape, stride = text.split(":")
        self.shape, self.stride = parse_tuple(shape), parse_tuple(stride)
        self.modes = self.shape if isinstance(self.shape, list) else [self.shape]

    def __call__(self, i):
        off = 0
        for s, d in zip(leaves(self.shape), leaves(self.stride)):
            off += (i % s) * d
            i //= s
        if self.swizzle:
            b, m, s = self.swizzle
            off ^= ((off >> (m + s)) & ((1 << b) - 1)) << m
        return off


def matrices(atom):
    """ldmatrix / stmatrix .xN of a CuTe atom name: U32x1 / U16x2 -> 1, U32x2 / U16x4 -> 2, U32x4 / U16x8 -> 4."""
    m = re.search(r"U(16|32)x(\d+)_(LD|ST)SM_([NT])", atom)
    bits, k = int(m.group(1)), int(m.group(2))
    return (k * bits // 32), m.group(3) == "ST", m.group(4) == "T"


def kernel(name, layout_text, elem, flags):
    lay = Layout(layout_text)
    threads = size(lay.modes[0])
    total = size(lay.shape)
    values = total // threads
    store = "--store" in flags
    at = lambda t, v: lay(t + threads * v)
    words = flags.split()
    matrix = None
    if "--atom" in words:
        count, st, trans = matrices(words[words.index("--atom") + 1])
        matrix, store, n = (count, trans), st, 16 // elem
    elif "--access-bits" in words:
        n = int(words[words.index("--access-bits") + 1]) // 8 // elem
    else:
        n = 1
        for cand in (16 // elem, 8 // elem, 4 // elem, 2 // elem, 1):
            if cand >= 1 and values % cand == 0 and all(
                at(t, k * cand + j) == at(t, k * cand) + j and at(t, k * cand) % cand == 0
                for t in range(threads) for k in range(values // cand) for j in range(cand)
            ):
                n = cand
                break
    bytes_ = n * elem
    rows = []  # one row of 32 lane addresses (None: idle) per instruction
    for w in range(0, threads, 32):
        for k in range(values // n):
            rows.append([at(t, k * n) * elem if t < threads else None for t in range(w, w + 32)])
    if matrix:  # every lane takes part in a .sync.aligned instruction: idle lanes repeat lane 0
        rows = [[a if a is not None else r[0] for a in r] for r in rows]
    lo = min([a for r in rows for a in r if a is not None] + [0])
    shift = (-lo + 1023) // 1024 * 1024 if lo < 0 else 0
    hi = max([a for r in rows for a in r if a is not None] + [0]) + bytes_ + shift
    smem = max(128, (hi + 127) // 128 * 128)
    idle = -(2**31)
    table = ",\n    ".join(", ".join(str(idle if a is None else a + shift) for a in r) for r in rows)
    if matrix:
        count, trans = matrix
        op = f"{'st' if store else 'ld'}matrix.sync.aligned.m8n8.x{count}{'.trans' if trans else ''}.shared.b16"
        regs = count
    else:
        op = f"{'st' if store else 'ld'}.shared." + {1: "u8", 2: "u16", 4: "u32", 8: "v2.u32", 16: "v4.u32"}[bytes_]
        regs = max(1, bytes_ // 4)
    h = bytes_ == 2 and not matrix
    cty, con = ("unsigned short", "h") if h else ("unsigned", "r")
    if store:
        operands = ", ".join(f"%{k + 1}" for k in range(regs))
        if regs > 1 or matrix:
            operands = "{" + operands + "}"
        ins = ", ".join(f'"{con}"(v)' for _ in range(regs))
        body = (f"            const {cty} v = static_cast<{cty}>(lane + 7u * i);\n"
                f'            asm volatile("{op} [%0], {operands};" :: "r"(addr), {ins} : "memory");')
    else:
        operands = ", ".join(f"%{k}" for k in range(regs))
        if regs > 1 or matrix:
            operands = "{" + operands + "}"
        names = [f"x{k}" for k in range(regs)]
        outs = ", ".join(f'"={con}"({x})' for x in names)
        body = (f"            {cty} {', '.join(names)};\n"
                f'            asm volatile("{op} {operands}, [%{regs}];" : {outs} : "r"(addr) : "memory");\n'
                f"            acc += {' + '.join(names)};")
    return f"""// Hand-written check of case {name} (bench/gpu/handwritten.py, not cute analyze --cuda):
// layout {layout_text}, {elem}-byte elements, flags '{flags}'; {len(rows)} instruction(s), every lane its own TV address.
// hand-written for case: {name}
__device__ const int hand_{name}_addr[{max(1, len(rows)) * 32}] = {{
    {table if rows else "0"}
}};

extern "C" __global__ void hand_{name}(unsigned *out)
{{
    __shared__ __align__(1024) unsigned char smem[{smem}];
    const unsigned lane = threadIdx.x;
    const unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    unsigned acc = 0;
#pragma unroll 1
    for (unsigned i = 0; i < {len(rows)}u; ++i) {{
        const int a = hand_{name}_addr[i * 32u + lane];
        if (a != {idle}) {{
            const unsigned addr = base + static_cast<unsigned>(a);
{body}
        }}
    }}
    out[lane] = acc;
}}
"""


def main():
    gen = Path(sys.argv[1])
    (gen / "hand").mkdir(parents=True, exist_ok=True)
    names = []
    for line in (Path(__file__).parent / "cases.tsv").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        name, layout, elem, *rest = line.split("\t")
        flags = rest[0] if rest else ""
        if "--tv" not in flags.split() or layout.startswith("solve:"):
            continue
        (gen / "hand" / f"{name}.cu").write_text(kernel(name, layout, int(elem), flags))
        names.append(name)
    (gen / "hand.txt").write_text("".join(f"{n}\n" for n in names))
    print(f"handwritten.py: {len(names)} hand-written kernels in {gen / 'hand'}", file=sys.stderr)


if __name__ == "__main__":
    main()
