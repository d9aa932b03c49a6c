#!/usr/bin/env python3
"""Reads TMA check cases (one per line) on stdin and writes a C++ program that prints, for each
case, a header line `## CASE` and what CuTe C++ prints for it. See bench/tma/check.sh.

Cases (CuTe notation, `_8` static, `8` dynamic; basis strides `_2@1` = 2*E<1>, `_1@0@1` = E<1,0>;
a swizzled layout `Sw<B,M,S>oLAYOUT`; T a CuTe type name):
  coalesce_256 LAYOUT                  print(detail::coalesce_256(LAYOUT))
  coalesce_basis BASIS                 print(coalesce(BASIS))
  compose_basis LAYOUT BASIS           print(composition(LAYOUT, BASIS))
  gbasis T GMEM SMEM TILER             print(detail::construct_tma_gbasis<T>(gtensor, SMEM,
                                         make_identity_layout(shape(GMEM)).compose(TILER)))
                                       with gtensor = make_tensor(make_gmem_ptr<T>(nullptr), GMEM)
  tma_atom OP T GMEM SMEM TILER [N]    print(make_tma_atom(OP{}, gtensor, SMEM, TILER, Int<N>{}))
  tma_copy OP T GMEM SMEM TILER N      print(make_tma_copy(OP{}, gtensor, SMEM, TILER, Int<N>{})),
                                       then its get_layoutS_TV() and get_layoutD_TV()
  tma_tensor OP T GMEM SMEM TILER N SHAPE
                                       print(make_tma_atom(...).get_tma_tensor(SHAPE))
  tma_partition OP T GMEM SMEM TILER N CTA LAYOUT
                                       tma_partition(atom, Int<CTA>{}, LAYOUT, group_modes<0,R>(sA),
                                       group_modes<0,R>(local_tile(get_tma_tensor(shape(GMEM)),
                                       TILER, (_,...)))), sA = SMEM over smem_ptr<T>(nullptr),
                                       R = rank(TILER): prints the gmem result, the smem result's
                                       layout, and its element offset `+K`
"""
import re
import sys
import pathlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from cute_notation import layout, split_colon, tup  # noqa: E402


def basis_leaf(m):
    value, path = m[1], m[2].split("@")[1:]
    v = f"Int<{value[1:]}>{{}}" if value.startswith("_") else value
    return f"{v}*E<{','.join(reversed(path))}>{{}}"


def basis(s):
    shape, stride = split_colon(s)
    stride = re.sub(r"(_?\d+)((?:@\d+)+)", basis_leaf, stride)
    return f"make_layout({tup(shape)}, {tup(stride)})"


def gtensor(t, g):
    return f"make_tensor(make_gmem_ptr(({t}*)nullptr), {layout(g)})"


def case(line):
    w = line.split()
    k = w[0]
    if k == "coalesce_256":
        return f"show(detail::coalesce_256({layout(w[1])}));"
    if k == "coalesce_basis":
        return f"show(coalesce({basis(w[1])}));"
    if k == "compose_basis":
        return f"show(composition({layout(w[1])}, {basis(w[2])}));"
    if k == "gbasis":
        t, g, s, tiler = w[1:]
        return (
            f"show(detail::construct_tma_gbasis<{t}>({gtensor(t, g)}, {layout(s)}, "
            f"make_identity_layout(shape({layout(g)})).compose({tup(tiler)})));"
        )
    if k == "tma_atom":
        op, t, g, s, tiler = w[1:6]
        n = w[6] if len(w) > 6 else "1"
        return (
            f"print(make_tma_atom({op}{{}}, {gtensor(t, g)}, {layout(s)}, {tup(tiler)}, "
            f"Int<{n}>{{}}));"
        )
    if k in ("tma_copy", "tma_tensor", "tma_partition"):
        op, t, g, s, tiler, n = w[1:7]
        atom = f"{op}{{}}, {gtensor(t, g)}, {layout(s)}, {tup(tiler)}, Int<{n}>{{}}"
        if k == "tma_copy":
            return (
                f"auto tc = make_tma_copy({atom}); print(tc); "
                f"show(tc.get_layoutS_TV()); show(tc.get_layoutD_TV());"
            )
        if k == "tma_tensor":
            return f"show(make_tma_atom({atom}).get_tma_tensor({tup(w[7])}));"
        cta, cta_layout = w[7:9]
        r = len(split_top(tiler))
        under = ",".join(["_"] * r)
        return (
            f"auto at = make_tma_atom({atom}); "
            f"auto gA = local_tile(at.get_tma_tensor(shape({layout(g)})), {tup(tiler)}, make_coord({under})); "
            f"auto sA = make_tensor(make_smem_ptr(({t}*)nullptr), {layout(s)}); "
            f"auto [tg, ts] = tma_partition(at, Int<{cta}>{{}}, {layout(cta_layout)}, "
            f"group_modes<0,{r}>(sA), group_modes<0,{r}>(gA)); "
            f"show(tg); show(layout(ts)); "
            f'printf("+%d\\n", int(raw_pointer_cast(ts.data()) - ({t}*)nullptr));'
        )
    raise ValueError(f"unknown case kind: {line}")


def split_top(t):
    """The top-level modes of a tuple `(a,(b,c),d)`."""
    inner, depth, cur, out = t[1:-1], 0, "", []
    for ch in inner:
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
            continue
        depth += ch == "("
        depth -= ch == ")"
        cur += ch
    return out + [cur]


HEADERS = """#include <cstdio>
#include <cute/tensor.hpp>
#include <cute/atom/copy_traits_sm90_tma.hpp>
using namespace cute;
template <class T> void show(T const& x) { print(x); printf("\\n"); }
"""


def main():
    print(HEADERS)
    print("int main() {")
    # under nvcc the descriptor is encoded by the driver, which needs a current context
    # (without one cuTensorMapEncodeTiled answers 201, CUDA_ERROR_INVALID_CONTEXT)
    print("#if defined(__CUDACC__)")
    print("  cudaFree(0);")
    print("#endif")
    for line in sys.stdin:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        print(f'  printf("## %s\\n", {line!r});'.replace("'", '"'))
        print(f"  {{ {case(line)} }}")
    print("}")


if __name__ == "__main__":
    main()
