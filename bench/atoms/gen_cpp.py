#!/usr/bin/env python3
"""Reads atom check cases (one per line) on stdin and writes a C++ program that prints, for each
case, a header line `## CASE` and what CuTe C++ prints for it. See bench/atoms/check.sh.

Cases (layouts in CuTe notation, `_8` static, `8` dynamic):
  mma NAME                              print(MMA_Atom<NAME>{})
  copy OP T                             print(Copy_Atom<OP, T>{})
  tiled_mma NAME LAYOUT [PERM]          print(make_tiled_mma(NAME{}, LAYOUT, PERM))
  layout_tv A|B|C NAME LAYOUT [PERM]    print(tiled_mma.get_layout{A,B,C}_TV())
  tile_shape NAME LAYOUT [PERM]         print(tile_shape(tiled_mma))
  partition A|B|C NAME LAYOUT TENSOR TID  thr_mma.partition_{A,B,C} of a tensor: layout @ offset
  tiled_copy OP T THR VAL               print(make_tiled_copy(Copy_Atom<OP,T>{}, THR, VAL))
  copy_tv S|D OP T THR VAL              print(tiled_copy.get_layout{S,D}_TV())
  tiled_copy_mma A|B|C OP T NAME LAYOUT print(make_tiled_copy_{A,B,C}(Copy_Atom<OP,T>{}, mma))
  copy_partition S|D OP T THR VAL TENSOR TID  thr_copy.partition_{S,D}: layout @ offset
  partition_id A|B|C NAME LAYOUT SHAPE TID     thr_mma.partition_{A,B,C}(make_identity_tensor(SHAPE))
  copy_partition_id S|D OP T THR VAL SHAPE TID thr_copy.partition_{S,D}(make_identity_tensor(SHAPE))
  smem GMMA::Layout_..._Atom<T>         print(GMMA::Layout_..._Atom<T>{})
  smem_tile GMMA::Layout_..._Atom<T> SHAPE  print(tile_to_shape(atom, SHAPE))
  gmma_desc K|MN ATOM TILE BLOCK        make_gmma_desc<Major>(local_tile(tile_to_shape(ATOM, TILE), BLOCK, (0,0)))
  retile A|B|C OP T NAME LAYOUT FRAG    make_tiled_copy_{A,B,C}(...).get_slice(0).retile_S(tensor)
  eval EXPR                             a `cute eval` expression (no spaces) translated to C++
                                        (see cpp_of): what `cute eval EXPR` prints, a tensor over
                                        memory as LAYOUT+OFFSET
  latex_mma_atom NAME                   print_latex(MMA_Atom<NAME>{})
  latex_mma NAME LAYOUT [PERM]          print_latex(make_tiled_mma(NAME{}, LAYOUT, PERM))
  latex_copy OP T THR VAL               print_latex(make_tiled_copy(Copy_Atom<OP,T>{}, THR, VAL))
  latex_copy_mma A|B|C OP T NAME LAYOUT print_latex(make_tiled_copy_{A,B,C}(Copy_Atom<OP,T>{}, mma))
(check.sh writes the latex_* cases to expected_latex.txt, the others to expected.txt.)
"""
import re
import sys
import pathlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
from cute_notation import layout, split_colon, tup  # noqa: E402


def split_top(s):
    parts, depth, start = [], 0, 0
    for i, c in enumerate(s):
        depth += c in "(<"
        depth -= c in ")>"
        if c == "," and depth == 0:
            parts.append(s[start:i])
            start = i + 1
    parts.append(s[start:])
    return parts


def perm(s):
    bracketed = s[:1] + s[-1:] in ("()", "<>")
    inner = s[1:-1] if bracketed else s
    items = []
    for m in split_top(inner):
        if m == "_":
            items.append("_")
        elif ":" in m:
            items.append(layout(m))
        else:
            items.append(tup(m))
    return f"make_tile({', '.join(items)})"


def mma(name, lay, p=None):
    args = [f"{name}{{}}", layout(lay)] + ([perm(p)] if p else [])
    return f"make_tiled_mma({', '.join(args)})"


def tensor(s):
    """A tensor argument of `cute eval`: a layout (over `buf`) or an expression of one."""
    if s[:1].islower():
        return cpp_of(s)
    return f"make_tensor(&buf[0], {layout(s)})"


# `cute eval` operations whose C++ form is a member call: name -> (member, tensor argument?).
MEMBERS = {
    **{f"get_layout{x}_TV": (f"get_layout{x}_TV", False) for x in "ABCSD"},
    **{f"partition_{x}": (f"partition_{x}", True) for x in "ABCSD"},
}


def cpp_of(expr):
    """The C++ expression of a `cute eval` expression: calls of the registry's atom operations,
    atoms spelled as C++ types (`NAME{}`), swizzles as `Sw<B,M,S>`, layouts and tuples in CuTe
    notation."""
    m = re.fullmatch(r"([a-z][A-Za-z0-9_]*)\((.*)\)", expr)
    if not m or expr.startswith("cute::"):
        if re.fullmatch(r"Sw<-?\d+,-?\d+,-?\d+>", expr):
            return f"Swizzle{expr[2:]}{{}}"
        if expr[:1].isupper() or expr.startswith("cute::"):
            return f"{expr}{{}}"
        return layout(expr) if ":" in expr else tup(expr)
    name, args = m.group(1), split_top(m.group(2))
    if name in MEMBERS:
        member, takes_tensor = MEMBERS[name]
        obj = cpp_of(args[0])
        if takes_tensor:
            return f"{obj}.get_slice({args[2]}).{member}({tensor(args[1])})"
        return f"{obj}.{member}()"
    if name == "make_tiled_mma":
        rest = [layout(args[1])] if len(args) > 1 else []
        rest += [perm(args[2])] if len(args) > 2 else []
        return f"make_tiled_mma({', '.join([cpp_of(args[0])] + rest)})"
    if name == "tile_size":
        return f"tile_shape({cpp_of(args[0])})"
    if name == "make_tiled_copy":
        return f"make_tiled_copy({cpp_of(args[0])}, {', '.join(layout(a) for a in args[1:])})"
    if name == "retile":
        return f"{cpp_of(args[0])}.retile({tensor(args[1])})"
    if name == "make_identity_tensor":
        return f"make_identity_tensor({tup(args[0])})"
    return f"{name}({', '.join(cpp_of(a) for a in args)})"


def case(line):
    w = line.split()
    k = w[0]
    if k == "eval":
        return f"show({cpp_of(w[1])});"
    if k == "mma":
        return f"print(MMA_Atom<{w[1]}>{{}});"
    if k == "copy":
        return f"print(Copy_Atom<{w[1]}, {w[2]}>{{}});"
    if k == "tiled_mma":
        return f"print({mma(*w[1:])});"
    if k == "layout_tv":
        return f'print({mma(*w[2:])}.get_layout{w[1]}_TV()); print("\\n");'
    if k == "tile_shape":
        return f'print(tile_shape({mma(*w[1:])})); print("\\n");'
    if k == "partition":
        op, name, lay, tensor, tid = w[1:]
        return (
            f"{{ auto thr = {mma(name, lay)}.get_slice({tid}); "
            f"auto t = make_tensor(&buf[0], {layout(tensor)}); auto p = thr.partition_{op}(t); "
            f'print(p.layout()); printf(" @ %d\\n", int(p.data() - &buf[0])); }}'
        )
    if k == "tiled_copy":
        op, t, thr, val = w[1:]
        return f"print(make_tiled_copy(Copy_Atom<{op}, {t}>{{}}, {layout(thr)}, {layout(val)}));"
    if k == "copy_tv":
        side, op, t, thr, val = w[1:]
        return (
            f"print(make_tiled_copy(Copy_Atom<{op}, {t}>{{}}, {layout(thr)}, {layout(val)})"
            f'.get_layout{side}_TV()); print("\\n");'
        )
    if k == "tiled_copy_mma":
        which, op, t, name, lay = w[1:]
        return f"print(make_tiled_copy_{which}(Copy_Atom<{op}, {t}>{{}}, {mma(name, lay)}));"
    if k == "copy_partition":
        side, op, t, thr, val, tensor, tid = w[1:]
        return (
            f"{{ auto thr = make_tiled_copy(Copy_Atom<{op}, {t}>{{}}, {layout(thr)}, {layout(val)})"
            f".get_slice({tid}); auto tt = make_tensor(&buf[0], {layout(tensor)}); "
            f"auto p = thr.partition_{side}(tt); "
            f'print(p.layout()); printf(" @ %d\\n", int(p.data() - &buf[0])); }}'
        )
    if k == "partition_id":
        op, name, lay, shape, tid = w[1:]
        return (
            f"print({mma(name, lay)}.get_slice({tid}).partition_{op}"
            f'(make_identity_tensor({tup(shape)}))); print("\\n");'
        )
    if k == "copy_partition_id":
        side, op, t, thr, val, shape, tid = w[1:]
        return (
            f"print(make_tiled_copy(Copy_Atom<{op}, {t}>{{}}, {layout(thr)}, {layout(val)})"
            f".get_slice({tid}).partition_{side}(make_identity_tensor({tup(shape)}))); "
            f'print("\\n");'
        )
    if k == "retile":
        which, op, t, name, lay, frag = w[1:]
        return (
            f"{{ auto tc = make_tiled_copy_{which}(Copy_Atom<{op}, {t}>{{}}, {mma(name, lay)}); "
            f"auto p = tc.get_slice(0).retile_S(make_tensor(&buf[0], {layout(frag)})); "
            f'print(p.layout()); printf(" @ %d\\n", int(p.data() - &buf[0])); }}'
        )
    if k == "gmma_desc":
        major, atom, tile, block = w[1:]
        t = atom[atom.rindex("<") + 1 : -1]
        return (
            f"{{ alignas(128) static {t} b[1 << 14]; "
            f"auto t0 = make_tensor(make_smem_ptr(&b[0]), tile_to_shape({atom}{{}}, {tup(tile)})); "
            f"auto t = local_tile(t0, {tup(block)}, make_coord(0, 0)); "
            f"auto d = SM90::GMMA::make_gmma_desc<GMMA::Major::{major}>(t); "
            f'printf("type=%d sbo=%d lbo=%d\\n", int(d.bitfield.layout_type_), '
            f"int(d.bitfield.stride_byte_offset_), int(d.bitfield.leading_byte_offset_)); }}"
        )
    if k == "smem":
        return f'print({w[1]}{{}}); print("\\n");'
    if k == "smem_tile":
        return f'print(tile_to_shape({w[1]}{{}}, {tup(w[2])})); print("\\n");'
    if k == "latex_mma_atom":
        return f"print_latex(MMA_Atom<{w[1]}>{{}});"
    if k == "latex_mma":
        return f"print_latex({mma(*w[1:])});"
    if k == "latex_copy":
        op, t, thr, val = w[1:]
        return f"print_latex(make_tiled_copy(Copy_Atom<{op}, {t}>{{}}, {layout(thr)}, {layout(val)}));"
    if k == "latex_copy_mma":
        which, op, t, name, lay = w[1:]
        return f"print_latex(make_tiled_copy_{which}(Copy_Atom<{op}, {t}>{{}}, {mma(name, lay)}));"
    raise SystemExit(f"gen_cpp.py: unknown case `{line}`")


HEADERS = """#include <cstdio>
#include <cute/tensor.hpp>
#include <cute/atom/mma_atom.hpp>
#include <cute/atom/copy_atom.hpp>
#include <cute/atom/mma_traits_sm61.hpp>
#include <cute/atom/mma_traits_sm70.hpp>
#include <cute/atom/mma_traits_sm75.hpp>
#include <cute/atom/mma_traits_sm80.hpp>
#include <cute/atom/mma_traits_sm89.hpp>
#include <cute/atom/mma_traits_sm90.hpp>
#include <cute/atom/mma_traits_sm90_gmma.hpp>
#include <cute/arch/mma_sm90_gmma_ext.hpp>
#include <cute/atom/mma_traits_sm90_gmma_ext.hpp>
#include <cute/atom/mma_traits_sm100.hpp>
#include <cute/atom/copy_traits_sm75.hpp>
#include <cute/atom/copy_traits_sm80.hpp>
#include <cute/atom/copy_traits_sm90.hpp>
using namespace cute;
static int buf[1 << 20];
// What `cute eval` prints: a value as print() does; a tensor over buf as LAYOUT+OFFSET.
template <class T> void show(T const& x) { print(x); printf("\\n"); }
template <class L> void show(Tensor<ViewEngine<int*>, L> const& t) {
  print(t.layout());
  printf("+%d\\n", int(t.data() - &buf[0]));
}
"""


def main():
    cases = [l.strip() for l in sys.stdin if l.strip() and not l.startswith("#")]
    out = [HEADERS]
    # One function per 100 cases keeps g++'s per-function work small.
    for start in range(0, len(cases), 100):
        out.append(f"void part{start // 100}() {{")
        for c in cases[start : start + 100]:
            out.append(f'  printf("## %s\\n", "{c}");')
            out.append(f"  {case(c)}")
        out.append("}")
    out.append("int main() {")
    for i in range((len(cases) + 99) // 100):
        out.append(f"  part{i}();")
    out.append("  (void)buf;\n  return 0;\n}")
    print("\n".join(out))


main()
