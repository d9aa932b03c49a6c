"""Triton's layouts as Triton 3.9.0 itself turns them into linear layouts (no GPU needed).

`python cases.py OUT.jsonl` writes one JSON line per case: the layout as Triton's MLIR prints
it (`layout`, the form `cute` reads), Gluon's Python form (`gluon`), the tensor `shape`, and
Triton's answer (`triton`: the repr of its DistributedLinearLayout / SharedLinearLayout) or the
error Triton raised (`error`). The cases are drawn from a fixed seed, so the file is the same
on every run with the same Triton.
"""
import json
import os
import random
import sys

from triton.experimental.gluon import language as gl
from triton._C.libtriton import ir, gluon_ir

ctx = ir.context()
ir.load_dialects(ctx)
builder = gluon_ir.GluonOpBuilder(ctx)
rng = random.Random(30)


def ints(xs):
    return "[" + ", ".join(str(x) for x in xs) + "]"


def split32(rank):
    """threadsPerWarp: 32 split over `rank` dimensions."""
    parts = [1] * rank
    for _ in range(5):
        parts[rng.randrange(rank)] *= 2
    return parts


def pow2(lo, hi):
    return 2 ** rng.randint(lo, hi)


def blocked():
    rank = rng.choice([1, 2, 2, 2, 3])
    spt = [pow2(0, 2) for _ in range(rank)]
    tpw = split32(rank)
    wpc = [1] * rank
    for _ in range(rng.randint(0, 3)):
        wpc[rng.randrange(rank)] *= 2
    order = list(range(rank))
    rng.shuffle(order)
    shape = [pow2(0, 7 if rank < 3 else 4) for _ in range(rank)]
    text = (f"#ttg.blocked<{{sizePerThread = {ints(spt)}, threadsPerWarp = {ints(tpw)}, "
            f"warpsPerCTA = {ints(wpc)}, order = {ints(order)}}}>")
    return text, gl.BlockedLayout(spt, tpw, wpc, order), shape


def mma_v2():
    w = [pow2(0, 2), pow2(0, 2)]
    return w, [16, 8], [2, 0]


def mma_text(w, instr, version):
    return (f"#ttg.nvidia_mma<{{versionMajor = {version[0]}, versionMinor = {version[1]}, "
            f"warpsPerCTA = {ints(w)}, instrShape = {ints(instr)}}}>")


def nvidia_mma():
    if rng.random() < 0.5:
        w, instr, version = mma_v2()
        shape = [pow2(4, 7), pow2(3, 7)]
    else:
        w = rng.choice([[4, 1], [4, 2], [8, 1], [4, 4]])
        instr = [16, pow2(3, 8), 16]
        version = [3, 0]
        shape = [pow2(6, 8), max(instr[1], pow2(3, 8))]
    layout = gl.NVMMADistributedLayout(version=version, warps_per_cta=w, instr_shape=instr)
    return mma_text(w, instr, version), layout, shape


def dot_operand():
    w, instr, version = mma_v2()
    parent = gl.NVMMADistributedLayout(version=version, warps_per_cta=w, instr_shape=instr)
    op = rng.randrange(2)
    k_width = rng.choice([1, 2, 4, 8])
    shape = [pow2(4, 7), pow2(4, 7)]
    text = f"#ttg.dot_op<{{opIdx = {op}, parent = {mma_text(w, instr, version)}, kWidth = {k_width}}}>"
    return text, gl.DotOperandLayout(op, parent, k_width), shape


def nvmma_shared():
    sw = rng.choice([0, 32, 64, 128])
    bits = rng.choice([8, 16, 32])
    transposed = rng.random() < 0.3
    shape = [pow2(3, 8), pow2(3, 8)]
    text = (f"#ttg.nvmma_shared<{{swizzlingByteWidth = {sw}, transposed = {str(transposed).lower()}, "
            f"elementBitWidth = {bits}}}>")
    layout = gl.NVMMASharedLayout(swizzle_byte_width=sw, element_bitwidth=bits, rank=2, transposed=transposed)
    return text, layout, shape


def swizzled_shared():
    rank = rng.choice([1, 2, 2, 2, 3])
    vec, per_phase, max_phase = pow2(0, 3), pow2(0, 3), pow2(0, 3)
    order = list(range(rank))
    rng.shuffle(order)
    shape = [pow2(0, 7 if rank < 3 else 4) for _ in range(rank)]
    text = (f"#ttg.swizzled_shared<{{vec = {vec}, perPhase = {per_phase}, maxPhase = {max_phase}, "
            f"order = {ints(order)}}}>")
    return text, gl.SwizzledSharedLayout(vec, per_phase, max_phase, order), shape


KINDS = [(blocked, 120), (nvidia_mma, 60), (dot_operand, 60), (nvmma_shared, 80), (swizzled_shared, 80)]


def convert(layout, shape):
    """Triton's answer in a forked child: an invalid layout aborts the process (an LLVM fatal
    error), which the parent records as the error with the first line Triton printed."""
    out_r, out_w = os.pipe()
    err_r, err_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(out_r)
        os.close(err_r)
        os.dup2(err_w, 2)
        try:
            text = json.dumps({"triton": repr(builder.to_linear_layout(layout._to_ir(builder), shape))})
        except Exception as e:  # Triton refuses the case: record its message
            text = json.dumps({"error": (str(e).strip().splitlines() or [type(e).__name__])[0][:200]})
        os.write(out_w, text.encode())
        os._exit(0)
    os.close(out_w)
    os.close(err_w)
    with os.fdopen(out_r) as r, os.fdopen(err_r) as e:
        text = r.read()
        err = e.read()
    os.waitpid(pid, 0)
    if text:
        return json.loads(text)
    lines = [l for l in err.splitlines() if "ERROR" in l or "error" in l] or err.splitlines() or ["aborted"]
    return {"error": lines[0].strip()[:200]}


def main(out):
    with open(out, "w") as f:
        for make, count in KINDS:
            for _ in range(count):
                text, layout, shape = make()
                case = {"layout": text, "gluon": repr(layout), "shape": shape}
                case.update(convert(layout, shape))
                f.write(json.dumps(case) + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
