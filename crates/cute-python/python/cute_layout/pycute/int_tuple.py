"""``pycute.int_tuple``: int-tuples as Python ints and (nested) tuples.

The functions CuTe C++ defines (``product``/``size``, ``inner_product``, ``shape_div``,
``prefix_product``, ``crd2idx``, ``idx2crd``) are computed by the Rust core with C++'s rules;
the others are plain tuple manipulations.
"""

from itertools import chain as _chain

from .. import _native
from .typing import Integer

__all__ = [
    "is_int", "is_tuple", "flatten", "signum", "product", "inner_product", "tuple_max",
    "elem_scale", "shape_div", "prefix_product", "idx2crd", "crd2idx", "crd2crd", "slice_",
    "has_none",
]

_call = _native.call_op


def is_int(x):
    return isinstance(x, Integer)


def is_tuple(x):
    return isinstance(x, tuple)


def flatten(t):
    """The leaves of ``t`` as a flat tuple (an int ``x`` gives ``(x,)``)."""
    if not is_tuple(t):
        return (t,)
    return tuple(leaf for mode in t for leaf in flatten(mode))


def signum(a):
    return (a > 0) - (a < 0)


product = _native.pycute.product  # the table's size, natively


inner_product = _native.pycute.inner_product  # the table's inner_product, natively


def tuple_max(a):
    return max(flatten(a))


def elem_scale(a, b):
    """``a`` scaled leaf by leaf by ``b`` (an int ``a`` is scaled by ``product(b)``)."""
    if is_tuple(a):
        if not is_tuple(b) or len(a) != len(b):
            raise _native.LayoutError(f"elem_scale: {a} and {b} are not congruent")
        return tuple(elem_scale(x, y) for x, y in zip(a, b))
    return a * product(b)


shape_div = _native.pycute.shape_div  # the table's shape_div, natively


def prefix_product(a, init=1):
    """The exclusive prefix products of the leaves of ``a``, starting at ``init`` (C++
    ``prefix_product``; unlike ``compact_col_major``, a size-1 mode gets the running product)."""
    if is_tuple(a):
        if is_tuple(init):
            return tuple(prefix_product(x, i) for x, i in zip(a, init))
        out = []
        for mode in a:
            out.append(prefix_product(mode, init))
            init = init * product(mode)
        return tuple(out)
    if is_tuple(init):
        raise _native.LayoutError(f"prefix_product: an int {a} with a tuple init {init}")
    return init


def idx2crd(idx, shape, stride=None):
    """The coordinate of index ``idx`` in ``shape``.

    Without ``stride`` this is C++'s ``idx2crd(idx, shape)``; with one,
    ``(idx // stride) % shape`` leaf by leaf (C++'s three-argument form)."""
    if stride is None:
        return _call("idx2crd", idx, shape)
    if is_tuple(idx):
        return tuple(idx2crd(i, s, d) for i, s, d in zip(idx, shape, stride))
    if is_tuple(shape):
        return tuple(idx2crd(idx, s, d) for s, d in zip(shape, stride))
    return (idx // stride) % shape


def crd2idx(crd, shape, stride=None):
    """The index of coordinate ``crd`` (``None`` is 0) in ``shape`` with ``stride``
    (column-major strides when omitted)."""
    crd = _none_as_zero(crd)
    if stride is None:
        return _call("crd2idx", crd, shape)
    return _call("crd2idx", crd, shape, stride)


def _none_as_zero(c):
    if c is None:
        return 0
    if is_tuple(c):
        return tuple(_none_as_zero(x) for x in c)
    return c


def crd2crd(crd, dst_shape, src_shape=None):
    """A coordinate of ``src_shape`` as a coordinate of ``dst_shape`` (through its index)."""
    if is_tuple(crd):
        if is_tuple(dst_shape):
            return tuple(crd2crd(x, y) for x, y in zip(crd, dst_shape))
        if src_shape is None:
            raise _native.LayoutError(f"crd2crd: {crd} into {dst_shape} needs src_shape")
        return crd2idx(crd, src_shape)
    if is_tuple(dst_shape):
        return idx2crd(crd, dst_shape)
    return crd


def slice_(crd, trg):
    """The modes of ``trg`` where ``crd`` is ``None``, flattened one level (C++ ``slice``)."""
    if is_tuple(crd):
        if not is_tuple(trg) or len(crd) != len(trg):
            raise _native.LayoutError(f"slice_: {crd} and {trg} are not congruent")
        return tuple(_chain.from_iterable(slice_(c, s) for c, s in zip(crd, trg)))
    if crd is None:
        return (trg,)
    return ()


def has_none(a):
    if is_tuple(a):
        return any(has_none(v) for v in a)
    return a is None
