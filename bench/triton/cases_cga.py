"""Triton 3.9.0's linear layouts of layouts over several CTAs (a CGA layout, MLIR's `CGALayout`,
Gluon's `cga_layout`) and of `dot_op` layouts with a `wgmma` (NVMMA version 3) parent.

`python cases_cga.py OUT.jsonl` writes one JSON line per case, as `cases.py` does (`layout`,
`gluon`, `shape`, and `triton` or `error`), except that `layout` is the attribute as Triton's own
MLIR printer writes it (taken from the tensor or memdesc type that holds it), so that the
recorded text checks our printing too. Fixed seed: the same file on every run with the same
Triton.
"""
import json
import random
import re
import sys

from triton.experimental.gluon import language as gl

from cases import builder, convert, split32

rng = random.Random(3030)
F16 = builder.get_half_ty()


def mlir_text(layout, shape):
    """The attribute as Triton prints it: the `#ttg.` part of the type that holds it."""
    attr = layout._to_ir(builder)
    try:
        ty = str(builder.get_distributed_ty(F16, shape, attr))
        inner = ty[ty.index(", ") + 2:-1]
    except Exception:  # a shared layout: a memdesc type
        ty = str(builder.get_shared_mem_desc_ty(F16, shape, attr, shape))
        inner = ty[ty.index(", ") + 2:ty.rindex(", #ttg.shared_memory")]
    assert inner.startswith("#ttg."), ty
    return inner


def cga(rank, dims=None):
    """Random CGA bases: 1 to 3 CTA bits, each along one of `dims` (doubling there) or, now and
    then, zero (the CTAs repeat the data)."""
    dims = list(range(rank)) if dims is None else dims
    seen = [0] * rank
    bases = []
    for _ in range(rng.randint(1, 3)):
        basis = [0] * rank
        if rng.random() > 0.2:
            d = rng.choice(dims)
            basis[d] = 1 << seen[d]
            seen[d] += 1
        bases.append(basis)
    return bases


def cga_extent(bases, rank):
    ext = [1] * rank
    for b in bases:
        for i, x in enumerate(b):
            if x:
                ext[i] = max(ext[i], 2 * x)
    return ext


def pow2(lo, hi):
    return 2 ** rng.randint(lo, hi)


def blocked():
    rank = rng.choice([1, 2, 2, 3])
    spt = [pow2(0, 2) for _ in range(rank)]
    tpw = split32(rank)
    wpc = [1] * rank
    for _ in range(rng.randint(0, 2)):
        wpc[rng.randrange(rank)] *= 2
    order = list(range(rank))
    rng.shuffle(order)
    bases = cga(rank)
    ext = cga_extent(bases, rank)
    shape = [e * pow2(0, 5 if rank < 3 else 3) for e in ext]
    return gl.BlockedLayout(spt, tpw, wpc, order, cga_layout=bases), shape


def mma_parent(version, bases):
    if version == 2:
        return gl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=[pow2(0, 2), pow2(0, 2)],
                                         instr_shape=[16, 8], cga_layout=bases)
    w = rng.choice([[4, 1], [4, 2], [8, 1]])
    return gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=w, instr_shape=[16, pow2(3, 7), 16],
                                     cga_layout=bases)


def nvidia_mma():
    version = rng.choice([2, 3])
    bases = cga(2)
    ext = cga_extent(bases, 2)
    layout = mma_parent(version, bases)
    if version == 2:
        shape = [ext[0] * pow2(4, 6), ext[1] * pow2(3, 6)]
    else:
        shape = [ext[0] * pow2(6, 7), ext[1] * max(layout.instr_shape[1], pow2(3, 7))]
    return layout, shape


def dot_operand():
    """dot_op of mma.sync (A or B) or of wgmma (A, and B now and then: Triton refuses it), over
    one CTA or several."""
    version = rng.choice([2, 3, 3])
    op = 0 if version == 3 and rng.random() < 0.85 else rng.randrange(2)
    bases = cga(2) if rng.random() < 0.6 else []
    parent = mma_parent(version, bases)
    k_width = rng.choice([1, 2, 4, 8])
    ext = cga_extent(bases, 2)
    shape = [ext[0] * pow2(4, 7), ext[1] * pow2(4, 7)]
    return gl.DotOperandLayout(op, parent, k_width), shape


def nvmma_shared():
    sw = rng.choice([0, 32, 64, 128])
    bits = rng.choice([8, 16, 32])
    transposed = rng.random() < 0.3
    bases = cga(2)
    ext = cga_extent(bases, 2)
    shape = [ext[0] * pow2(3, 7), ext[1] * pow2(3, 7)]
    layout = gl.NVMMASharedLayout(swizzle_byte_width=sw, element_bitwidth=bits, rank=2,
                                  transposed=transposed, cga_layout=bases)
    return layout, shape


def swizzled_shared():
    rank = rng.choice([1, 2, 2, 3])
    vec, per_phase, max_phase = pow2(0, 3), pow2(0, 3), pow2(0, 3)
    order = list(range(rank))
    rng.shuffle(order)
    bases = cga(rank)
    ext = cga_extent(bases, rank)
    shape = [e * pow2(0, 5 if rank < 3 else 3) for e in ext]
    return gl.SwizzledSharedLayout(vec, per_phase, max_phase, order, cga_layout=bases), shape


def ints(xs):
    return "[" + ", ".join(str(x) for x in xs) + "]"


def dot_text(d):
    """A dot_op layout's MLIR text, for the ones Triton's verifier refuses to build."""
    m = d.parent
    cga = f", CGALayout = [{', '.join(ints(b) for b in m.cga_layout)}]" if m.cga_layout else ""
    parent = (f"#ttg.nvidia_mma<{{versionMajor = {m.version[0]}, versionMinor = {m.version[1]}, "
              f"warpsPerCTA = {ints(m.warps_per_cta)}{cga}, instrShape = {ints(m.instr_shape)}}}>")
    return f"#ttg.dot_op<{{opIdx = {d.operand_index}, parent = {parent}, kWidth = {d.k_width}}}>"


KINDS = [(blocked, 60), (nvidia_mma, 40), (dot_operand, 70), (nvmma_shared, 40), (swizzled_shared, 40)]


def main(out):
    with open(out, "w") as f:
        for make, count in KINDS:
            for _ in range(count):
                layout, shape = make()
                try:
                    text = mlir_text(layout, shape)
                except Exception as e:  # Triton's verifier refuses the layout itself
                    text = None
                    err = (str(e).strip().splitlines() or [type(e).__name__])[0][:200]
                if text is None and isinstance(layout, gl.DotOperandLayout):
                    text = dot_text(layout)  # Triton refuses to build it: record the refusal
                    case = {"layout": text, "gluon": repr(layout), "shape": shape, "error": err}
                    f.write(json.dumps(case) + "\n")
                    continue
                if text is None:
                    continue
                case = {"layout": text, "gluon": repr(layout), "shape": shape}
                case.update(convert(layout, shape))
                f.write(json.dumps(case) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
