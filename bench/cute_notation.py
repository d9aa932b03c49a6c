"""CuTe notation -> C++ expressions, shared by the C++ oracle generators
(bench/atoms/gen_cpp.py, bench/tma/gen_cpp.py). `_8` is static (`Int<8>{}`), `8` dynamic; a
swizzled layout is written `Sw<B,M,S>oLAYOUT`."""
import re


def tup(s):
    """A CuTe tuple/int in notation -> a C++ expression."""
    s = re.sub(r"(?<![A-Za-z0-9@])_(\d+)", r"Int<\1>{}", s)
    return s.replace("(", "make_shape(")


def split_colon(s):
    """`SHAPE:STRIDE` -> (SHAPE, STRIDE), at the colon outside brackets."""
    depth = 0
    for i, c in enumerate(s):
        depth += c in "(<"
        depth -= c in ")>"
        if c == ":" and depth == 0:
            return s[:i], s[i + 1 :]
    raise ValueError(s)


def layout(s):
    """A layout (or a swizzled one) in notation -> `make_layout(...)` / `composition(...)`."""
    m = re.fullmatch(r"Sw<(\d+),(\d+),(\d+)>o(.*)", s)
    if m:
        return f"composition(Swizzle<{m[1]},{m[2]},{m[3]}>{{}}, {layout(m[4])})"
    if ":" in s:
        shape, stride = split_colon(s)
        return f"make_layout({tup(shape)}, {tup(stride)})"
    return f"make_layout({tup(s)})"
