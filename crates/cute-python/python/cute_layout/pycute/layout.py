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
    return isinstance(x, LayoutBase)


def _layout(x):
    """A layout argument: a ``Layout``, or an int ``n`` meaning ``Layout(n)``."""
    return x if isinstance(x, Layout) else Layout(x)


def make_layout(*layouts):
    """The layout whose modes are ``layouts`` (or the layouts of one iterable argument)."""
    if len(layouts) == 1 and not is_layout(layouts[0]):
        layouts = tuple(layouts[0])
    return _native.call_op("make_layout", *(_layout(l) for l in layouts))


def size(a):
    """The size of a layout, or the product of an int-tuple."""
    return a.size() if is_layout(a) else product(a)


def cosize(layout):
    return layout.cosize()


def coalesce(layout, profile=None):
    return _layout(layout).coalesce(profile)


def filter(layout, profile=None):  # noqa: A001 (pycute's name)
    return _layout(layout).filter(profile)


def composition(layoutA, layoutB):
    """``layoutA o layoutB``; ``layoutB`` may be ``None`` (``layoutA``), an int, a layout or a
    tuple of these (mode by mode)."""
    if layoutB is None:
        return layoutA
    return _layout(layoutA).composition(layoutB)


def complement(layout, max_idx=1):
    return _layout(layout).complement(max_idx)


def right_inverse(layout):
    if layout is None:
        return None
    return _layout(layout).right_inverse()


def left_inverse(layout):
    if layout is None:
        return None
    return _layout(layout).left_inverse()


def logical_divide(layoutA, layoutB):
    if layoutB is None:
        return layoutA
    return _layout(layoutA).logical_divide(layoutB)


def logical_product(layoutA, layoutB):
    if layoutB is None:
        return layoutA
    return _layout(layoutA).logical_product(layoutB)


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


def zipped_divide(layoutA, layoutB):
    if layoutB is None:
        return hier_unzip(logical_divide, layoutA, layoutB)
    return _layout(layoutA).zipped_divide(layoutB)


def tiled_divide(layoutA, layoutB):
    if layoutB is None:
        layoutB = ()
    return _layout(layoutA).tiled_divide(layoutB)


def zipped_product(layoutA, layoutB):
    if layoutB is None:
        return hier_unzip(logical_product, layoutA, layoutB)
    return _layout(layoutA).zipped_product(layoutB)


def tiled_product(layoutA, layoutB):
    if layoutB is None:
        layoutB = ()
    return _layout(layoutA).tiled_product(layoutB)


def slice_and_offset(crd, layout):
    """``(layout sliced by crd, offset of crd)``; ``None`` in ``crd`` keeps a mode."""
    return _native.call_op("slice_and_offset", crd, layout)

