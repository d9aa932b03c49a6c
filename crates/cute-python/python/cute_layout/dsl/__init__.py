"""``cute_layout.dsl``: the layout part of the CuTe DSL (``cutlass.cute``), eagerly.

>>> from cute_layout import dsl as cute
>>> from cute_layout.dsl import cutlass
>>> L = cute.make_layout((4, 8), stride=(1, 4))
>>> print(L, cute.size(L))
(4,8):(1,4) 32
>>> print(cute.logical_divide(L, (2, 4)))
((2,2),(4,2)):((1,2),(4,16))
>>> print(cute.make_layout((cutlass.Int32(4), 8), stride=(1, cutlass.Int32(4))))
(?,8):(1,?)

The DSL's layout algebra runs only inside ``@cute.jit``; this module runs the same calls at once,
in plain Python and Jupyter, with the same names, parameter names, keyword arguments and argument
orders (``cute.crd2idx(coord, layout)``, ``cute.dice(src, dicer)``,
``cute.recast_layout(new_type_bits, old_type_bits, src_layout)``), the same conventions (a plain
Python int is a static integer, ``cutlass.Int32(x)`` a dynamic one, ``None`` is ``_``) and the
same printed forms (``?`` for a dynamic integer, ``S<3,4,3>``, ``tensor<(0,0) o ...>``). A
function body written for ``@cute.jit`` that does only layout work runs unchanged: ``cute.jit``
here calls the function, and ``cute.compile(f, *args)`` runs it once (its trace-time prints
appear, as they do when the DSL compiles it).

The algebra is the Rust library's (``cute_layout``); each call is evaluated as the CuTe
expression the DSL call stands for, and every value keeps its CuTe notation (``.cute``), so that
static and dynamic integers stay apart in every result. Values show as their picture in Jupyter
(``_repr_svg_``); ``cute.viz.print_latex`` and ``cute.viz.print_latex_tv`` print TikZ.

Errors: a call the DSL refuses raises ``DSLRuntimeError`` (a ``ValueError``, and a
``cute_layout.LayoutError``) whose message says what the DSL refuses and the library's reason (the
operation, the numbers, the violated condition). A call outside the layout part (tensors of data,
pointers, kernels, copies, math) raises ``NotImplementedError`` saying what this module covers.

Coverage of the DSL's ``cute`` namespace (nvidia-cutlass-dsl 4.8.1; ``bench/dsl/eager_check.py``
checks that every name of ``dir(cutlass.cute)`` is here or in ``MISSING``, which gives the reason
of each missing one; ``docs/guide/dsl.md`` lists them all):

- making: ``make_layout``, ``make_ordered_layout``, ``make_layout_like``, ``make_identity_layout``,
  ``make_identity_tensor``, ``make_tensor`` (over an integer or a tuple), ``make_swizzle``,
  ``make_composed_layout``, ``make_layout_tv``, ``E``, ``get_swizzle_portion``,
  ``get_nonswizzle_portion``;
- queries and tuples: ``size``, ``cosize``, ``rank``, ``depth``, ``shape``, ``get``, ``select``,
  ``group_modes``, ``flatten``, ``flatten_to_tuple``, ``append``, ``prepend``, ``slice_``,
  ``dice``, ``slice_and_offset``, ``crd2idx``, ``idx2crd``, ``product``, ``product_each``,
  ``shape_div``, ``ceil_div``, ``round_up``, ``is_static``, ``is_congruent``,
  ``is_weakly_congruent``, ``elem_less``, ``has_underscore``, ``is_integer``, ``is_int_tuple``,
  ``wrap``, ``unwrap``, ``tuple_cat``, ``repeat``, ``repeat_as_tuple``, ``repeat_like``, ``front``;
- divisibility: ``assume`` and ``get_divisibility`` (a dynamic integer the DSL knows a divisor of
  prints ``?{div=8}``; arithmetic, the layouts ``make_layout`` builds, ``size`` and the functions
  that move modes about carry it: docs/guide/dsl.md, "Divisibility");
- the algebra: ``coalesce``, ``filter``, ``filter_zeros``, ``composition``, ``complement``,
  ``right_inverse``, ``left_inverse``, ``max_common_layout``, ``max_common_vector``,
  ``nullspace``, the divides (``logical_``, ``zipped_``, ``tiled_``, ``flat_divide``), the products
  (``logical_``, ``zipped_``, ``tiled_``, ``flat_``, ``blocked_``, ``raked_product``),
  ``tile_to_shape``, ``recast_layout``, ``local_tile``, ``local_partition``;
- atoms: ``make_mma_atom``, ``make_tiled_mma`` (``nvgpu.warp.MmaF16BF16Op``), ``make_copy_atom``
  (``nvgpu.CopyUniversalOp``, ``nvgpu.warp.LdMatrix8x8x16bOp``), ``make_tiled_copy_tv``,
  ``make_tiled_copy_A``/``_B``/``_C``, and the TV getters of ``TiledMma`` (``tv_layout_A``,
  ``tv_layout_A_tiled``, ..., ``thr_layout_vmnk``) and ``TiledCopy`` (``layout_tv_tiled``,
  ``layout_src_tv_tiled``, ``layout_dst_tv_tiled``, ``tiler_mn``);
- printing: ``pretty_str``, ``printf``, ``print_tensor`` (coordinate tensors), ``viz``;
  ``jit``, ``compile``; the classes ``Layout``, ``ComposedLayout``, ``Swizzle``, ``Tensor``,
  ``ScaledBasis``, ``MmaAtom``, ``TiledMma``, ``CopyAtom``, ``TiledCopy`` and ``cutlass``'s
  numeric types.
"""

import builtins as _builtins
import functools as _functools
import sys as _sys

from .. import LayoutError as _LayoutError
from .. import _native
from . import cutlass
from . import _divisibility, _values
from ._values import ComposedLayout, Layout, ScaledBasis, Swizzle, Tensor, Value
from ._atoms import (
    CopyAtom,
    MmaAtom,
    TiledCopy,
    TiledMma,
    make_copy_atom,
    make_mma_atom,
    make_tiled_copy_A,
    make_tiled_copy_B,
    make_tiled_copy_C,
    make_tiled_copy_tv,
    make_tiled_mma,
    nvgpu,
)
from . import viz
from .cutlass import (  # the DSL's cute namespace has cutlass's numeric types too
    BFloat16,
    Boolean,
    Float4E2M1FN,
    Float8E4M3FN,
    Float8E5M2,
    Float16,
    Float32,
    Float64,
    Int4,
    Int8,
    Int16,
    Int32,
    Int64,
    Int128,
    Integer,
    Numeric,
    NumericMeta,
    TFloat32,
    Uint8,
    Uint16,
    Uint32,
    Uint64,
)

_evaluate = _values.evaluate


class DSLRuntimeError(_LayoutError):
    """A call the CuTe DSL refuses (its ``DSLRuntimeError`` or a failed verification when it
    traces the call), with the library's precise reason."""


COVERS = (
    "cute_layout.dsl covers the layout part of the CuTe DSL: layouts, composed layouts, "
    "swizzles, tuples, coordinate and identity tensors, the layout algebra, TV layouts, MMA and "
    "copy atoms' layouts, printing and pictures (see docs/guide/dsl.md)"
)


def _call(op, *args, dsl_name=None):
    """``op(args...)`` evaluated by the library; the result as a DSL value."""
    return _eval_expr(f"{op}({','.join(args)})", dsl_name or op)


def _tracked(op, *xs, modes="", dsl_name=None):
    """``op<modes>(xs...)`` evaluated by the library, the divisors of its dynamic integers
    computed too (``_values.evaluate``'s ``div_expr``): for the functions whose dynamic results
    are products of their arguments' integers, or their arguments' integers moved about."""
    args = [_arg(x) for x in xs]
    return _eval_expr(f"{op}{modes}({','.join(args)})", dsl_name or op,
                      f"{op}{modes}({','.join(_div_arg(x) for x in xs)})")


def _eval_expr(expr, dsl_name, div_expr=None):
    try:
        return _evaluate(expr, div_expr)
    except _LayoutError as e:
        raise DSLRuntimeError(
            f"cute.{dsl_name}: the CuTe DSL refuses this call (it would fail when traced): {e}"
        ) from None


def _arg(x, what="argument"):
    """A DSL argument as CuTe text: a plain int static (``_4``), ``cutlass.Int32(4)`` dynamic
    (``4``), ``None`` ``_``, a tuple holding layouts a tiler ``<...>``."""
    if isinstance(x, bool):
        raise TypeError(f"{what}: expected an integer, a tuple or a layout, got a bool")
    if isinstance(x, int):
        return f"_{x}"
    if isinstance(x, cutlass.Integer):
        return str(x.value)
    if x is None:
        return "_"
    if isinstance(x, Value):
        return x._text
    if isinstance(x, ScaledBasis):
        return x.cute_text()
    if isinstance(x, (tuple, list)):
        parts = [_arg(e, what) for e in x]
        tiler = any(_holds_layout(e) for e in x)
        if tiler:
            return "<" + ",".join(parts) + ">"
        return "(" + ",".join(parts) + ")"
    if isinstance(x, (MmaAtom, TiledMma, CopyAtom, TiledCopy)):
        return x._text
    raise TypeError(f"{what}: expected an int, a cutlass.Int32, None, a tuple or a layout, "
                    f"got {type(x).__name__}")


def _div_arg(x):
    """``_arg(x)`` with each dynamic integer replaced by ``_values.div_value`` of its divisor as
    the DSL's layouts know it (1 where none is known: a layout's dynamic integer is always a
    multiple of 1)."""
    if isinstance(x, cutlass.Integer):
        return str(_values.div_value(x._div, type(x).width > 32))
    if isinstance(x, Value):
        return x._div_text()
    if isinstance(x, (tuple, list)):
        parts = [_div_arg(e) for e in x]
        return ("<" if any(_holds_layout(e) for e in x) else "(") + ",".join(parts) + (
            ">" if any(_holds_layout(e) for e in x) else ")")
    return _arg(x)


def _holds_layout(x):
    if isinstance(x, (Layout, ComposedLayout, Swizzle)):
        return True
    return isinstance(x, (tuple, list)) and any(_holds_layout(e) for e in x)


def _modes(mode):
    """A DSL ``mode`` (an int or a list of ints, the path C++ writes ``size<1,0>``) as C++'s
    template arguments ``<1,0>``; ``""`` for none."""
    if mode is None or mode == () or mode == []:
        return ""
    path = [mode] if isinstance(mode, int) else list(mode)
    for m in path:
        if isinstance(m, bool) or not isinstance(m, int):
            raise TypeError(f"mode: expected static ints (a Python int or list of them), got {cutlass._shown(m)}")
    return "<" + ",".join(str(m) for m in path) + ">"


def _static_int(x, what):
    if isinstance(x, bool) or not isinstance(x, int):
        raise TypeError(f"{what}: the DSL takes a static Python int here, got {cutlass._shown(x)}")
    return x


# --- making layouts -------------------------------------------------------------------------


def make_layout(shape, *, stride=None):
    """The layout ``shape:stride`` (column-major where ``stride`` is None); ``shape`` may be
    layouts, concatenated.

    >>> print(make_layout((4, 8), stride=(8, 1)))
    (4,8):(8,1)
    """
    if isinstance(shape, (tuple, list)) and shape and all(isinstance(s, Layout) for s in shape):
        return _tracked("make_layout", *shape)
    if stride is None:
        return _tracked("make_layout", shape)
    if _holds_basis(stride):  # a scaled-basis layout is a literal of the notation
        return _eval_expr(f"{_arg(shape)}:{_arg(stride)}", "make_layout")
    return _tracked("make_layout", shape, stride)


def _holds_basis(x):
    return isinstance(x, ScaledBasis) or (
        isinstance(x, (tuple, list)) and any(_holds_basis(e) for e in x))


def make_ordered_layout(shape, order):
    """The compact layout of ``shape`` whose modes grow in ``order``."""
    return _tracked("make_ordered_layout", shape, order)


def make_layout_like(input):
    """The compact layout of ``input``'s shape with strides in the order of its strides."""
    return _tracked("make_layout_like", input)


def make_identity_layout(shape):
    """The layout whose strides are the basis vectors: ``(4,8):(1@0,1@1)``."""
    return _tracked("make_identity_layout", shape)


def make_identity_tensor(shape):
    """The tensor whose element at coordinate ``c`` is ``c``: ``tensor<(0,0) o (4,8):(1@0,1@1)>``."""
    return _tracked("make_identity_tensor", shape)


def make_tensor(iterator, layout):
    """A tensor of coordinates or positions: ``iterator`` an integer (``tensor<7 o L>``) or a
    tuple (a coordinate tensor, with a scaled-basis layout). A tensor over memory (a pointer)
    is outside this module."""
    if not isinstance(iterator, (int, cutlass.Integer, tuple)):
        raise NotImplementedError(
            f"cute.make_tensor over {type(iterator).__name__}: a tensor over memory (a pointer) "
            f"holds data; {COVERS}; make_tensor takes an integer or a tuple iterator here")
    if isinstance(iterator, tuple):  # a coordinate tensor: ArithTuple(start) o layout
        if not isinstance(layout, Layout):
            raise TypeError(f"cute.make_tensor: expected a layout, got {type(layout).__name__}")
        return _eval_expr(f"ArithTuple{_arg(iterator)} o {layout._text}", "make_tensor")
    return _tracked("make_tensor", iterator, layout)


def make_swizzle(b, m, s):
    """The swizzle ``S<b,m,s>``."""
    return _call("make_swizzle", _arg(_static_int(b, "b")), _arg(_static_int(m, "m")),
                 _arg(_static_int(s, "s")))


def make_composed_layout(inner, offset, outer):
    """The composed layout ``inner o offset o outer``."""
    return _tracked("make_composed_layout", inner, offset, outer)


def make_layout_tv(thr_layout, val_layout):
    """``(tiler_mn, layout_tv)``: the tile the threads of ``thr_layout`` each holding
    ``val_layout`` values cover, and the layout ``(thread, value) -> index`` into it."""
    return _call("make_layout_tv", _arg(thr_layout), _arg(val_layout))


def E(mode):
    """The basis vector of mode ``mode`` (a path as a list): ``2*cute.E(1)`` is ``2@1``."""
    return ScaledBasis(1, mode)


def get_swizzle_portion(layout):
    """The swizzle of a composed layout (``S<0,4,3>``, the identity, for a plain layout)."""
    if isinstance(layout, ComposedLayout):
        inner = layout._text.split(" o ")[0]
        return _evaluate(inner)
    return make_swizzle(0, 4, 3)


def get_nonswizzle_portion(layout):
    """The layout of a composed layout after its swizzle (the layout itself for a plain one)."""
    if isinstance(layout, ComposedLayout):
        return _evaluate(layout._text.split(" o ", 2)[2])
    return layout


# --- queries ----------------------------------------------------------------------------------


def _query(op, obj, mode):
    if isinstance(obj, (TiledMma, TiledCopy, MmaAtom, CopyAtom)):
        return obj.size if op == "size" else _call(op, _arg(obj))
    if op == "size":  # a product of the extents: its divisor the product of theirs
        return _tracked(op, obj, modes=_modes(mode))
    return _eval_expr(f"{op}{_modes(mode)}({_arg(obj)})", op)


def size(obj, mode=()):
    """The number of elements (of mode ``mode``, a path ``[1, 0]``)."""
    return _query("size", obj, mode)


def cosize(obj, mode=()):
    """One past the largest offset."""
    return _query("cosize", obj, mode)


def rank(obj, mode=()):
    """The number of top-level modes."""
    return _query("rank", obj, mode)


def depth(a):
    """The nesting depth."""
    return _call("depth", _arg(a))


def shape(input, *, mode=None):
    """The shape (of mode ``mode``)."""
    return _tracked("shape", input, modes=_modes(mode))


def get(obj, mode=()):
    """The mode at the path ``mode`` of a layout or tuple."""
    if not _modes(mode):
        return obj
    path = [mode] if isinstance(mode, int) else list(mode)
    if isinstance(obj, tuple):  # a tuple's element at the path (Python's indices, as the DSL's)
        for m in path:
            if not isinstance(obj, tuple) or not -len(obj) <= m < len(obj):
                raise DSLRuntimeError(f"cute.get: elements in mode must be less than "
                                      f"rank({pretty_str(obj)}), got {path}")
            obj = obj[m]
        return obj
    return _tracked("get", obj, *path)


def select(obj, mode=()):
    """The modes ``mode`` (a list) of a layout or tuple, in that order."""
    path = [mode] if isinstance(mode, int) else list(mode)
    if isinstance(obj, tuple):
        _modes(path)  # static ints only
        if any(not -len(obj) <= m < len(obj) for m in path):
            raise DSLRuntimeError(f"cute.select: invalid mode element for input of rank "
                                  f"{len(obj)}, got mode={path}")
        return tuple(obj[m] for m in path)
    return _tracked("select", obj, *path)


def group_modes(input, begin, end=None):
    """Modes ``begin..end`` grouped into one."""
    end = rank(input) if end is None else end
    _static_int(begin, "begin"), _static_int(end, "end")
    if begin >= end:
        raise DSLRuntimeError(f"cute.group_modes: expected begin < end, but got {begin} >= {end}")
    if isinstance(input, tuple):
        return (*input[:begin], input[begin:end], *input[end:])
    return _tracked("group", input, begin, end, dsl_name="group_modes")


def flatten(a):
    """The layout or tuple without nesting (an int stays an int)."""
    if isinstance(a, (int, cutlass.Integer)):
        return a
    return _tracked("flatten", a)


def flatten_to_tuple(a):
    """The leaves of ``a`` as a flat tuple."""
    if isinstance(a, tuple):
        return tuple(x for e in a for x in flatten_to_tuple(e))
    return (a,)


def append(input, elem, up_to_rank=None):
    """``input`` with ``elem`` added as its last mode (repeated up to rank ``up_to_rank``)."""
    return _grow("append", input, elem, up_to_rank)


def prepend(input, elem, up_to_rank=None):
    """``input`` with ``elem`` added as its first mode (repeated up to rank ``up_to_rank``)."""
    return _grow("prepend", input, elem, up_to_rank)


def _grow(op, input, elem, up_to_rank):
    if isinstance(input, tuple) or isinstance(input, (int, cutlass.Integer)):
        items = input if isinstance(input, tuple) else (input,)
        n = 1 if up_to_rank is None else up_to_rank - len(items)
        if n < 0:
            raise DSLRuntimeError(f"cute.{op}: up_to_rank {up_to_rank} is less than the rank "
                                  f"{len(items)} of {cutlass._shown(items)}")
        return (*items, *[elem] * n) if op == "append" else (*[elem] * n, *items)
    if up_to_rank is None:
        return _tracked(op, input, elem)
    result = input
    for _ in _builtins.range(up_to_rank - rank(input)):
        result = _tracked(op, result, elem)
    return result


def slice_(src, coord):
    """The part of ``src`` at the ``None`` modes of ``coord``."""
    if isinstance(src, tuple):
        return _tuple_slice(coord, src, keep_wildcards=True)
    return _tracked("slice", coord, src, dsl_name="slice_")


def dice(src, dicer):
    """The part of ``src`` at the integer modes of ``dicer``."""
    if isinstance(src, tuple):
        return _tuple_slice(dicer, src, keep_wildcards=False)
    return _tracked("dice", dicer, src)


def _tuple_slice(coord, t, keep_wildcards):
    """CuTe's ``slice`` (``keep_wildcards``: the modes where ``coord`` is ``_``) or ``dice`` (the
    others) of a tuple: the kept modes, one level of nesting concatenated."""
    if not isinstance(coord, tuple):
        return t if (coord is None) == keep_wildcards else ()
    out = []
    for c, x in zip(coord, t):
        if isinstance(c, tuple):
            out.extend(_tuple_slice(c, x, keep_wildcards))
        elif (c is None) == keep_wildcards:
            out.append(x)
    return tuple(out)


def slice_and_offset(coord, src):
    """``(slice, offset)``: ``slice_(src, coord)`` and the offset of the fixed modes."""
    result = _call("slice_and_offset", _arg(coord), _arg(src))
    layout, offset = result._text.rsplit("+", 1)
    return (Layout("Layout", layout), _values._int(offset))


def crd2idx(coord, layout):
    """The offset of coordinate ``coord`` in ``layout`` (a layout, or a shape: the index)."""
    if isinstance(layout, (Layout, ComposedLayout)):
        return _replayed(_call("crd2idx", _arg(layout), _arg(coord)),
                         lambda c, a: _divisibility.crd2idx(c, *_layout_of(a)), coord, layout)
    return _call("crd2idx", _arg(coord), _arg(layout))


def idx2crd(idx, shape):
    """The natural coordinate of index ``idx`` in ``shape``."""
    return _call("idx2crd", _arg(idx), _arg(shape))


def product_each(a):
    """The size of each mode."""
    return _tracked("product_each", a)


def product(a):
    """The product of the leaves."""
    return _tracked("size", a, dsl_name="product")


def shape_div(lhs, rhs):
    """``lhs`` divided by ``rhs``, mode by mode (CuTe's shape_div)."""
    return _call("shape_div", _arg(lhs), _arg(rhs))


def ceil_div(input, tiler):
    """``input`` divided by ``tiler``, rounded up, mode by mode."""
    return _call("ceil_div", _arg(input), _arg(tiler))


def round_up(a, b):
    """``a`` rounded up to a multiple of ``b``, mode by mode."""
    return _tuple_map2(lambda x, y: ceil_div(x, y) * y, a, b)


def _tuple_map2(f, a, b):
    if isinstance(a, tuple):
        bs = b if isinstance(b, tuple) else (b,) * len(a)
        return tuple(_tuple_map2(f, x, y) for x, y in zip(a, bs))
    return f(a, b)


def is_static(x):
    """Whether every integer of ``x`` is static."""
    if isinstance(x, cutlass.Integer):
        return False
    if isinstance(x, (int, type(None))):
        return True
    if isinstance(x, tuple):
        return all(is_static(e) for e in x)
    if isinstance(x, ScaledBasis):
        return is_static(x.value)
    if isinstance(x, Value):
        return _values._ints(x._text).find("?") < 0
    return True


def is_congruent(a, b):
    """Whether ``a`` and ``b`` have the same profile."""
    return _call("congruent", _arg(_profile_of(a)), _arg(_profile_of(b)), dsl_name="is_congruent")


def is_weakly_congruent(a, b):
    """Whether ``a`` is as coarse as or coarser than ``b``."""
    return _call("weakly_congruent", _arg(_profile_of(a)), _arg(_profile_of(b)),
                 dsl_name="is_weakly_congruent")


def _profile_of(x):
    return x.shape if isinstance(x, (Layout, ComposedLayout, Tensor)) else x


def elem_less(lhs, rhs):
    """Whether every element of ``lhs`` is less than the matching one of ``rhs``: a
    ``cutlass.Boolean``, dynamic (printed ``?``) as the DSL's is, even of static tuples."""

    def less(a, b):
        if isinstance(a, tuple):
            return all(less(x, y) for x, y in zip(a, b))
        return int(a) < int(b)

    return cutlass.Boolean(less(lhs, rhs))


def has_underscore(a):
    """Whether ``a`` holds a ``None`` (``_``)."""
    return a is None or (isinstance(a, tuple) and any(has_underscore(e) for e in a))


def is_integer(a):
    """Whether ``a`` is an integer (static or dynamic)."""
    return isinstance(a, (int, cutlass.Integer)) and not isinstance(a, bool)


def is_int_tuple(a):
    """Whether ``a`` is an integer or a tuple of them."""
    return is_integer(a) or (isinstance(a, tuple) and all(is_int_tuple(e) for e in a))


def wrap(x):
    """``x`` as a tuple (a tuple stays)."""
    return x if isinstance(x, tuple) else (x,)


def unwrap(x):
    """The element of a one-tuple, recursively."""
    while isinstance(x, tuple) and len(x) == 1:
        x = x[0]
    return x


def tuple_cat(*tuples):
    """The tuples concatenated (a non-tuple counts as a one-tuple)."""
    return tuple(e for t in tuples for e in wrap(t))


def repeat(x, n):
    """``x`` repeated ``n`` times (``x`` itself for ``n == 1``)."""
    return x if n == 1 else (x,) * n


def repeat_as_tuple(x, n):
    """``x`` repeated ``n`` times, as a tuple."""
    return (x,) * n


def repeat_like(x, target):
    """``x`` in the profile of ``target``."""
    if isinstance(target, tuple):
        return tuple(repeat_like(x, t) for t in target)
    return x


def front(input):
    """The first leaf (an empty tuple has none: ``ValueError``, as the DSL's)."""
    while isinstance(input, tuple):
        if not input:
            raise DSLRuntimeError("cute.front: an empty tuple has no first leaf (the DSL: "
                                  "elements in mode must be less than rank(()))")
        input = input[0]
    if isinstance(input, Layout):
        return _evaluate(f"get({input._text},_0)") if rank(input) > 1 else input
    return input


# --- the algebra ------------------------------------------------------------------------------


def _replayed(result, replay, *xs):
    """``result`` (the library's) with the divisors of its dynamic integers that the DSL infers:
    ``replay`` (a function of ``_divisibility``) run over ``xs`` as ``_divisibility.D`` trees,
    used where it prints exactly as ``result`` (``_divisibility``); ``result`` as it is (``?``)
    where it does not, or where an argument is no plain layout or integer."""
    try:
        r = replay(*(_d(x) for x in xs))
    except Exception:  # a case the replay does not follow: no divisor known
        return result
    if isinstance(result, Layout) and result._kind == "Layout":
        if isinstance(r, tuple) and len(r) == 2 and _divisibility.layout_text(r) == result._text:
            return Layout("Layout", result._text, _divisibility.divisors(*r))
    elif isinstance(result, cutlass.Integer) and isinstance(r, _divisibility.D):
        if not r.static and r.v == result.value:
            result._div = r.div
    return result


class _NoReplay(Exception):
    pass


def _d(x):
    """A DSL argument as ``_divisibility``'s trees: a layout ``(shape, stride)`` (a ``Tile``
    inside a tuple), an integer a ``D``, ``None`` kept."""
    if isinstance(x, bool):
        raise _NoReplay
    if isinstance(x, int):
        return _divisibility.fixed(x)
    if isinstance(x, cutlass.Integer):
        return _divisibility.D(x.value, False, x._div, type(x).width > 32)
    if x is None:
        return None
    if isinstance(x, Layout) and x._kind == "Layout":
        return _divisibility.Tile(_divisibility.read_layout(x._text, x._divs))
    if isinstance(x, (tuple, list)):
        return tuple(_d(e) for e in x)
    raise _NoReplay


def _layout_of(t):
    """A ``Tile`` argument as the replay's ``(shape, stride)``."""
    if not isinstance(t, _divisibility.Tile):
        raise _NoReplay
    return tuple(t)


def coalesce(input, *, target_profile=None):
    """The same function with the fewest modes (by mode, after ``target_profile``)."""
    if target_profile is None:
        return _replayed(_call("coalesce", _arg(input)),
                         lambda a: _divisibility.coalesce(_layout_of(a)), input)
    return _replayed(_call("coalesce", _arg(input), _arg(target_profile)),
                     lambda a, p: _divisibility.coalesce_profile(_layout_of(a), p),
                     input, target_profile)


def filter(input):  # noqa: A001 (the DSL's name)
    """``coalesce`` after removing the modes of stride 0 and size 1."""
    return _replayed(_call("filter", _arg(input)),
                     lambda a: _divisibility.filter_layout(_layout_of(a)), input)


def filter_zeros(input, *, target_profile=None):
    """The modes of stride 0 replaced by size 1."""
    if target_profile is None:  # the extents kept or 1, the strides kept: moved integers
        return _tracked("filter_zeros", input)
    return _call("filter_zeros", _arg(input), _arg(target_profile))


def composition(lhs, rhs):
    """``lhs o rhs``: first ``rhs``, then ``lhs`` (``rhs`` a layout or a tiler)."""
    return _replayed(_call("composition", _arg(lhs), _arg(rhs)),
                     lambda a, b: _divisibility.composition_tiler(_layout_of(a), b), lhs, rhs)


def complement(input, cotarget):
    """The layout that fills ``0..cotarget`` around ``input``."""
    return _replayed(_call("complement", _arg(input), _arg(cotarget)),
                     lambda a, n: _divisibility.complement(_layout_of(a), n), input, cotarget)


def _static_only(name, what, *layouts, shape_only=True):
    """Refuses, as the DSL does, a layout with a dynamic integer in its shape (``shape_only``)
    or anywhere: its compiler computes these operations on static layouts only."""
    for x in layouts:
        if isinstance(x, Layout) and x._kind == "Layout":
            shape, stride = _divisibility.read_layout(x._text)
            ints = list(_divisibility.leaves(shape))
            if not shape_only:
                ints += list(_divisibility.leaves(stride))
            if not all(i.static for i in ints):
                raise DSLRuntimeError(
                    f"cute.{name}: the CuTe DSL refuses this call (it would fail when traced): "
                    f"{what}, got {x} (the DSL computes it on static layouts only)")


def right_inverse(input):
    """The layout ``R`` with ``input(R(i)) == i``."""
    _static_only("right_inverse", "expects an input with static shape", input)
    return _call("right_inverse", _arg(input))


def left_inverse(input):
    """The layout ``R`` with ``R(input(i)) == i``."""
    _static_only("left_inverse", "unable to compute the left inverse", input, shape_only=False)
    return _call("left_inverse", _arg(input))


def max_common_layout(a, b):
    """The largest layout ``a`` and ``b`` map alike."""
    _static_only("max_common_layout", "expects an input with static shape", a, b)
    return _call("max_common_layout", _arg(a), _arg(b))


def max_common_vector(a, b):
    """The length of the largest contiguous vector ``a`` and ``b`` share."""
    _static_only("max_common_vector", "expects an input with static shape", a, b)
    return _call("max_common_vector", _arg(a), _arg(b))


def nullspace(layout):
    """The layout of the indices ``layout`` maps to 0."""
    return _call("nullspace", _arg(layout))


def _divide(op):
    replay = getattr(_divisibility, op)

    def divide(target, tiler):
        return _replayed(_call(op, _arg(target), _arg(tiler)),
                         lambda a, t: replay(_layout_of(a), t), target, tiler)

    divide.__name__ = divide.__qualname__ = op
    divide.__doc__ = f"CuTe's ``{op}`` of ``target`` by ``tiler``."
    return divide


logical_divide = _divide("logical_divide")
zipped_divide = _divide("zipped_divide")
tiled_divide = _divide("tiled_divide")
flat_divide = _divide("flat_divide")


def _product(op):
    def product_(block, tiler):
        _static_only(op, "expects `input` to be static", block, shape_only=False)
        result = _call(op, _arg(block), _arg(tiler))
        replay = getattr(_divisibility, op, None)  # (the blocked and raked ones are not replayed)
        if replay is None:
            return result
        return _replayed(result, lambda a, t: replay(_layout_of(a), t), block, tiler)

    product_.__name__ = product_.__qualname__ = op
    product_.__doc__ = f"CuTe's ``{op}`` of ``block`` by ``tiler``."
    return product_


logical_product = _product("logical_product")
zipped_product = _product("zipped_product")
tiled_product = _product("tiled_product")
flat_product = _product("flat_product")
blocked_product = _product("blocked_product")
raked_product = _product("raked_product")


def tile_to_shape(atom, trg_shape, order):
    """``atom`` repeated to fill ``trg_shape``, in ``order``."""
    return _call("tile_to_shape", _arg(atom), _arg(trg_shape), _arg(order))


def recast_layout(new_type_bits, old_type_bits, src_layout):
    """``src_layout`` over elements of ``old_type_bits`` re-typed to ``new_type_bits``."""
    result = _call("recast_layout", _arg(src_layout), _arg(old_type_bits), _arg(new_type_bits))

    def replay(layout):
        layout = _layout_of(layout)
        if (isinstance(new_type_bits, bool) or isinstance(old_type_bits, bool)
                or not isinstance(new_type_bits, int) or not isinstance(old_type_bits, int)):
            raise _NoReplay
        if new_type_bits > old_type_bits and new_type_bits % old_type_bits == 0:
            return _divisibility.upcast(layout, new_type_bits // old_type_bits)
        if old_type_bits % new_type_bits == 0:
            return _divisibility.downcast(layout, old_type_bits // new_type_bits)
        raise _NoReplay

    return _replayed(result, replay, src_layout)


def local_tile(input, tiler, coord, proj=None):
    """The tile at ``coord`` of ``input`` cut by ``tiler`` (``proj`` picks the tiler's modes)."""
    if proj is None:
        return _call("local_tile", _arg(input), _arg(tiler), _arg(coord))
    return _call("local_tile", _arg(input), _arg(tiler), _arg(coord), _arg(proj))


def local_partition(target, tiler, index, proj=None):
    """The elements of thread ``index`` when the threads of ``tiler`` tile ``target``."""
    if proj is None:
        return _call("local_partition", _arg(target), _arg(tiler), _arg(index))
    return _call("local_partition", _arg(target), _arg(tiler), _arg(index), _arg(proj))


# --- printing ---------------------------------------------------------------------------------


def pretty_str(arg):
    """``arg`` as the DSL prints it inside ``print``: tuples as CuTe writes them, ``(1,(2,_))``."""
    if isinstance(arg, tuple):
        return "(" + ",".join(pretty_str(e) for e in arg) + ")"
    if arg is None:
        return "_"
    return str(arg)


def printf(*args, end="\n"):
    """``cute.printf(fmt, *args)``: what the DSL prints when the code runs, with ``{}``
    placeholders: dynamic integers show their values (a layout ``(4,8):(1,4)``)."""
    if not args:
        return
    fmt, values = (args[0], args[1:]) if isinstance(args[0], str) else ("{}" * len(args), args)
    shown = [_runtime_str(v) for v in values]
    _sys.stdout.write(fmt.format(*shown) + end)


def _runtime_str(x):
    """``x`` as the DSL prints it at run time: every integer's value, static or dynamic."""
    if isinstance(x, cutlass.Integer):
        return str(x.value)
    if isinstance(x, tuple):
        return "(" + ",".join(_runtime_str(e) for e in x) + ")"
    if isinstance(x, Value):
        return _values.dsl_print(x._kind, x._text, runtime=True)
    if x is None:
        return "_"
    return str(x)


def print_tensor(tensor, *, verbose=False):
    """A coordinate tensor's elements, as ``cute show`` prints them (a tensor of data is
    outside this module)."""
    if not isinstance(tensor, Tensor):
        raise NotImplementedError(f"cute.print_tensor of {type(tensor).__name__}: {COVERS}")
    _sys.stdout.write(_native.show(tensor._text) + "\n")


# --- jit, compile, and what is outside the layout part ----------------------------------------


def jit(*dargs, **dkwargs):
    """``@cute.jit``: here the function runs as it is, eagerly (with or without arguments to the
    decorator); its ``cutlass`` integer arguments are run-time values, as the DSL's are (no
    constants: without a divisibility)."""
    if len(dargs) == 1 and callable(dargs[0]) and not dkwargs:
        return _runtime_args(dargs[0])
    return _runtime_args


def _runtime_args(f):
    if getattr(f, "_cute_jit", False):
        return f

    @_functools.wraps(f)
    def call(*args, **kwargs):
        return f(*(cutlass._runtime(a) for a in args),
                 **{k: cutlass._runtime(v) for k, v in kwargs.items()})

    call._cute_jit = True
    return call


def compile(f, *args, **kwargs):  # noqa: A001 (the DSL's name)
    """``cute.compile(f, *args)``: runs ``f(*args)`` once, as the DSL traces it (its prints
    appear then; its ``cutlass`` integer arguments run-time values), and gives back a function
    that runs it again."""
    f = _runtime_args(f)
    f(*args, **kwargs)
    return _functools.wraps(f)(lambda *a, **k: f(*a, **k))


# --- divisibility -----------------------------------------------------------------------------


def assume(src, divby=None, pow2=None):
    """``cute.assume(src, divby=8)``: ``src`` known to be a multiple of ``divby`` (and a power
    of two, with ``pow2``), printed ``?{div=8}``; the divisor passes through arithmetic and the
    layouts built of it. ``src`` a Python int stays itself. Here the value is known: an
    assumption it breaks raises ``ValueError`` (the DSL's is undefined behaviour at run time).

    >>> from cute_layout.dsl import cutlass
    >>> a = assume(cutlass.Int32(64), divby=8)
    >>> print(a, a * 4, make_layout((a, 4)))
    ?{div=8} ?{div=32} (?{div=8},4):(1,?{div=8})
    """
    if pow2 is not None and not isinstance(pow2, bool):
        raise ValueError(f"cute.assume: expected `pow2` to be a bool, got {cutlass._shown(pow2)}")
    if divby is None and pow2 is None:
        return src
    divby = 1 if divby is None else divby
    if isinstance(divby, bool) or not isinstance(divby, int) or divby <= 0:
        raise ValueError(f"cute.assume: expected `divby` to be a positive integer, got {cutlass._shown(divby)}")
    if pow2 and divby & (divby - 1):
        raise ValueError(f"cute.assume: expected `divby` to be a power of two when pow2=True, "
                         f"got {divby}")
    if isinstance(src, bool) or not isinstance(src, (int, cutlass.Integer)):
        raise TypeError(f"cute.assume: expected an integer, got {type(src).__name__}")
    value = int(src)
    if value % divby:
        raise ValueError(f"cute.assume: expected {value} to be divisible by {divby}, got "
                         f"{value % divby}")
    if pow2 and (value <= 0 or value & (value - 1)):
        raise ValueError(f"cute.assume: expected {value} to be a positive power of two")
    if isinstance(src, int):
        return src
    result = type(src)(value)
    result._div, result._const = divby, False
    return result


def get_divisibility(x):
    """The divisor the DSL knows of ``x``: ``x`` itself for a Python int, 1 for a dynamic
    integer of unknown divisibility."""
    if isinstance(x, bool) or not isinstance(x, (int, cutlass.Integer)):
        raise TypeError(f"cute.get_divisibility: expected an integer, got {type(x).__name__}")
    if isinstance(x, int):
        return x
    return 1 if x._div is None else x._div


def kernel(*dargs, **dkwargs):
    """``@cute.kernel``: GPU kernels are outside this module."""
    raise NotImplementedError(f"cute.kernel: a GPU kernel is not layout work; {COVERS}")


# The DSL's names this module has no function for, with the reason (bench/dsl/eager_check.py
# checks that every name of the DSL's ``cute`` namespace is either here or a function above).
_DATA = "tensors of data, memory and pointers are outside the layout algebra"
_MATH = "element-wise math on values at run time is outside the layout algebra"
_RUNTIME = "compilation, code generation and run-time support of the DSL"
_TYPE = "a type or typing helper of the DSL's compiler"
_COPY = "data movement and MMA execution (the atoms' layouts are here)"
MISSING = {
    **{n: _MATH for n in (
        "abs absf absi acos acosh add asin asinh atan atan2 atanh cbrt ceil clamp copysign cos "
        "cosh div erf erfc exp exp2 expm1 floor fma fpowi ipowi isfinite isinf isnan isnormal "
        "log log10 log1p log2 max min mul neg pow rcp rem round roundeven rsqrt sin sincos sinh "
        "sqrt sub tan tanh trunc math all_ any_ where").split()},
    **{n: _DATA for n in (
        "Array Pointer TensorSSA TypedTensor make_ptr make_rmem_tensor make_rmem_tensor_like "
        "make_fragment_like recast_ptr recast_tensor full full_like zeros_like ones_like "
        "empty_like domain_offset size_in_bytes append_ones prepend_ones make_sparse_elem "
        "get_sparse_elem_type tensor make_layout_image_mask").split()},
    **{n: _COPY for n in (
        "copy copy_atom_call basic_copy basic_copy_if autovec_copy prefetch gemm mma_atom_call "
        "make_atom Atom ThrCopy ThrMma make_cotiled_copy make_tiled_copy make_tiled_copy_C_atom "
        "make_tiled_copy_D make_tiled_copy_S").split()},
    **{n: _RUNTIME for n in (
        "compile_to export extern ffi BitCode register_jit_arg_adapter mangle runtime testing "
        "arch experimental launch_facts algorithm struct union native_struct make_native_struct "
        "static sym_int sym_int32 sym_int64 SymInt FastDivmodDivisor FastDivmodDivisorV2 "
        "fast_divmod_create_divisor fast_divmod_create_divisor_v2 DeviceTarget "
        "DisableCuteExtCompile EnableAssertions EnableTVMFFI FrontendNext GPUArch "
        "GenerateLineInfo KeepCUBIN KeepPTX KeepSASS LinkLibraries NvdisasmOptions OptLevel "
        "PtxasOptions RDC RemarkFilter RemarkOutput ConstValue").split()},
    **{n: _TYPE for n in (
        "AddressSpace Any Callable Coord IntTuple MathOperand Shape Stride Tile Tiler XTuple "
        "Float Ratio ReductionKind ReductionOp RoundingMode CacheEvictionPriority typing "
        "typing_module core tuple atom is_int_tuple_type as_numeric Float4E2M1FNx2 "
        "Float6E2M3FN Float6E2M3FNx4 Float6E3M2FN Float6E3M2FNx4 Float8E4M3 Float8E4M3B11FNUZ "
        "Float8E8M0FNU FloatNV8E5M3FNU").split()},
    "product_like": "not in the library (a tuple's products in the profile of another); "
                    "write it with product_each",
    "transform_leaf": "a higher-order tuple helper of the DSL; use Python over the tuples",
    "transform_apply": "a higher-order tuple helper of the DSL; use Python over the tuples",
    "filter_tuple": "a higher-order tuple helper of the DSL; use Python over the tuples",
    "find": "a tuple search helper of the DSL; use Python over the tuples",
    "find_if": "a tuple search helper of the DSL; use Python over the tuples",
    "unflatten": "not in the library",
    "increment_coord": "not in the library",
    "is_major": "not in the library",
    "leading_dim": "not in the library",
    "get_leaves": "a helper over the DSL's IR values (flatten_to_tuple gives the leaves)",
    "basis_get": "not in the library",
    "basis_value": "not in the library",
}


def _outside(name, reason):
    def refuse(*args, **kwargs):
        raise NotImplementedError(f"cute.{name}: {reason}; {COVERS}")

    refuse.__name__ = name
    return refuse


def __getattr__(name):
    """A name of the DSL's ``cute`` namespace outside this module: a function that raises
    ``NotImplementedError`` saying why, when called (so that a decorator or a call fails, not
    the import)."""
    if name in MISSING:
        return _outside(name, MISSING[name])
    raise AttributeError(f"module 'cute_layout.dsl' has no attribute {name!r} (nor has the "
                         f"CuTe DSL's cute namespace)")


# --- arguments' limits ------------------------------------------------------------------------

_MAX_DEPTH = 32  # the library's limits::MAX_DEPTH: the deepest nesting accepted anywhere
_MAX_WIDTH = 1 << 16  # the library's limits::MAX_WIDTH: the most modes of one tuple


def _check_nesting(args, name):
    """Refuses an argument nested deeper than the library's ``MAX_DEPTH`` or a tuple wider than
    its ``MAX_WIDTH``, before any of this module's Python (which recurses over tuples) sees it:
    a ``DSLRuntimeError`` naming the limit, never a ``RecursionError``."""
    stack = [(a, 0) for a in args]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, (tuple, list)):
            if depth >= _MAX_DEPTH:
                raise DSLRuntimeError(f"cute.{name}: an argument nested deeper than "
                                      f"{_MAX_DEPTH} levels (the library's MAX_DEPTH)")
            if len(x) > _MAX_WIDTH:
                raise DSLRuntimeError(f"cute.{name}: a tuple of {len(x)} modes, more than "
                                      f"{_MAX_WIDTH} (the library's MAX_WIDTH)")
            stack.extend((e, depth + 1) for e in x)


def _guarded(f):
    @_functools.wraps(f)
    def call(*args, **kwargs):
        _check_nesting((*args, *kwargs.values()), f.__name__)
        return f(*args, **kwargs)

    return call


for _name, _f in list(globals().items()):
    if (not _name.startswith("_") and callable(_f) and not isinstance(_f, type)
            and getattr(_f, "__module__", "").startswith("cute_layout.dsl")
            and _name not in ("jit", "compile", "kernel")):
        globals()[_name] = _guarded(_f)
del _name, _f
