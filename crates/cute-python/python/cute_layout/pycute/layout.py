"""``pycute.layout``: layouts and their algebra, with pycute's names and conventions.

``Layout`` is ``cute_layout.Layout`` itself (``Layout(shape, stride)`` with Python tuples, the
stride defaulting to column-major); every operation runs in the Rust core with CuTe C++'s
semantics (see the differences listed in ``cute_layout.pycute``).
"""

from abc import ABC

from .. import _native
from .._native import Layout
from .int_tuple import is_tuple, product

__all__ = [
    "LayoutBase", "is_layout", "Layout", "make_layout", "size", "cosize", "coalesce", "filter",
    "composition", "complement", "right_inverse", "left_inverse", "logical_divide",
    "logical_product", "hier_unzip", "zipped_divide", "tiled_divide", "zipped_product",
    "tiled_product", "slice_and_offset",
]


class LayoutBase(ABC):
    """What ``is_layout`` recognises: ``Layout`` and ``ComposedLayout``."""


LayoutBase.register(Layout)
LayoutBase.register(_native.ComposedLayout)


def is_layout(x):
    # (the exact type first: one comparison, where the ABC's test is a registry lookup)
    return type(x) is Layout or isinstance(x, LayoutBase)


def _layout(x):
    """A layout argument: a ``Layout``, or an int ``n`` meaning ``Layout(n)``."""
    return x if isinstance(x, Layout) else Layout(x)


def make_layout(*layouts):
    """The layout whose modes are ``layouts`` (or the layouts of one iterable argument)."""
    if len(layouts) == 1 and not is_layout(layouts[0]):
        layouts = tuple(layouts[0])
    return _make_layout(*[l if type(l) is Layout else _layout(l) for l in layouts])


_make_layout = dict(_native._functions)["make_layout"]  # call_op("make_layout", ...), by fastcall


def size(a):
    """The size of a layout, or the product of an int-tuple."""
    return a.size() if is_layout(a) else product(a)


def cosize(layout):
    return layout.cosize()


# pycute's functions whose Python wrapper cost as much as the operation run natively: the same
# conventions (``None`` for no tiler, an int ``n`` for ``Layout(n)``), in one call
# (``cute_layout._native.pycute``)
coalesce = _native.pycute.coalesce
filter = _native.pycute.filter  # noqa: A001 (pycute's name)
composition = _native.pycute.composition
complement = _native.pycute.complement
right_inverse = _native.pycute.right_inverse
left_inverse = _native.pycute.left_inverse
logical_divide = _native.pycute.logical_divide
logical_product = _native.pycute.logical_product
zipped_divide = _native.pycute.zipped_divide
tiled_divide = _native.pycute.tiled_divide
zipped_product = _native.pycute.zipped_product
tiled_product = _native.pycute.tiled_product


def hier_unzip(splitter, layoutA, layoutB):
    """``splitter`` (a rank-2 result per mode) applied mode by mode and regathered as
    ``((tiles...), (rests..., untouched modes...))``, as CuTe's ``zipped_divide`` does."""
    if layoutB is None:
        return make_layout(Layout(1, 0), layoutA)
    if is_tuple(layoutB):
        if len(layoutA) < len(layoutB):
            raise _native.LayoutError(
                f"hier_unzip: the tiler {layoutB} has more modes than the layout {layoutA}")
        split = [hier_unzip(splitter, layoutA[i], b) for i, b in enumerate(layoutB)]
        rest = [s[1] for s in split] + [layoutA[i] for i in range(len(layoutB), len(layoutA))]
        return make_layout(make_layout([s[0] for s in split]), make_layout(rest))
    return splitter(layoutA, layoutB)


slice_and_offset = _native.pycute.slice_and_offset  # (sliced layout, offset); None keeps a mode

