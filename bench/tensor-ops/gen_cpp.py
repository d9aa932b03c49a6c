#!/usr/bin/env python3
"""Reads `cute eval` expressions (one per line) on stdin and writes ONE C++ program that prints,
for each, a header line `## EXPR` and what CuTe C++ prints for it. See bench/tensor-ops/check.sh.

Translation (CuTe notation -> C++; `_8` static `Int<8>{}`, `8` dynamic):
  LAYOUT+N                    make_tensor(&mem[N], LAYOUT): a tensor over float mem[], printed
                              by out() as `LAYOUT+N` (N = its pointer minus &mem[0])
  Sw<B,M,S> o OFF o LAYOUT+N  make_tensor(&mem[N], composition(Swizzle<B,M,S>{}, OFF, LAYOUT))
  S:D, (..), _N, N, _         make_layout(...), make_shape(...), Int<N>{}, N, _
  op<I,J>(args)               op<I,J>(args), except
    group(T,B,E) / group<B,E>(T)  group_modes<B,E>(T)   (C++'s group<B,E> is the tuple one)
    slice_and_offset(c,T)     T(c)                    (C++ slices a tensor by calling it)
    take(T,B,E), layout(T,I), tensor(T,I), upcast(T,N)
                              take<B,E>(T), layout<I>(T), tensor<I>(T), upcast<N>(T)
                              (`cute eval` writes C++'s template arguments last)
"""
import re
import sys
import pathlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from cute_notation import split_colon, tup  # noqa: E402


def split_args(s):
    """The top-level comma-separated parts of s."""
    parts, depth, cur = [], 0, ""
    for c in s:
        if c in "(<":
            depth += 1
        elif c in ")>":
            depth -= 1
        if c == "," and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += c
    parts.append(cur.strip())
    return [p for p in parts if p]


def int_arg(s):
    return s.lstrip("_")


def plain_layout(s):
    if ":" in s:
        shape, stride = split_colon(s)
        return f"make_layout({tup(shape)}, {tup(stride)})"
    return f"make_layout({tup(s)})"


def any_layout(s):
    m = re.fullmatch(r"Sw<(\d+),(\d+),(\d+)> o (_?\d+) o (.*)", s)
    if m:
        return f"composition(Swizzle<{m[1]},{m[2]},{m[3]}>{{}}, {tup(m[4])}, {plain_layout(m[5])})"
    return plain_layout(s)


CALL = re.compile(r"([a-z_][a-z0-9_]*)(?:<([0-9_,]*)>)?\((.*)\)")


def cpp(s):
    s = s.strip()
    m = CALL.fullmatch(s)
    if m:
        name, targs, args = m[1], m[2], split_args(m[3])
        targs = targs.split(",") if targs else []
        # template arguments are written last in `cute eval`: move trailing integers there
        if name in ("take", "group", "group_modes", "layout", "tensor", "select", "upcast") and not targs:
            n = {"take": 2, "group": 2, "group_modes": 2, "upcast": 1}.get(name, len(args) - 1)
            args, targs = args[: len(args) - n], args[len(args) - n :]
        if name == "group":
            name = "group_modes"
        if name == "slice_and_offset":
            return f"({cpp(args[1])})({cpp(args[0])})"
        t = f"<{','.join(int_arg(x) for x in targs)}>" if targs else ""
        return f"{name}{t}({', '.join(cpp(a) for a in args)})"
    m = re.fullmatch(r"(.*:.*)\+(\d+)", s)
    if m:
        return f"make_tensor(&mem[{m[2]}], {any_layout(m[1])})"
    if ":" in s:
        return any_layout(s)
    return tup(s)


HEAD = """#include <cute/tensor.hpp>
#include <cstdio>
using namespace cute;
static float mem[1 << 20];
// What `cute eval` prints: a value as print() does; a tensor over mem as LAYOUT+OFFSET.
template <class X> void out(X const& x) {
  if constexpr (is_tensor<X>::value) { print(x.layout()); printf("+%d\\n", int(x.data() - &mem[0])); }
  else { print(x); printf("\\n"); }
}
int main() {
"""


def main():
    """`gen_cpp.py` writes the program of every case; `gen_cpp.py --one EXPR` the program of one."""
    print(HEAD, end="")
    if sys.argv[1:2] == ["--one"]:
        lines = [sys.argv[2]]
    else:
        lines = [x.strip() for x in sys.stdin if x.strip() and not x.startswith("#")]
    for line in lines:
        print(f'  printf("## %s\\n", "{line}");')
        print(f"  out({cpp(line)});")
    print("}")


if __name__ == "__main__":
    main()
