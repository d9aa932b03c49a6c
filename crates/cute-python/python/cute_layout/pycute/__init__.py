"""A drop-in replacement for NVIDIA's ``pycute``: change ``from pycute import *`` to
``from cute_layout.pycute import *``.

It offers pycute's public names (from ``pycute.int_tuple``, ``pycute.layout``,
``pycute.swizzle`` and ``pycute.typing``, also importable as these submodules) with pycute's
argument conventions and return types: ``Layout(shape, stride)`` with Python tuples and ints,
``L(i)``, ``L[i]``, ``len(L)``, ``L.shape`` / ``L.stride`` as tuples, ``complement(L, max_idx)``,
``coalesce(L, profile)``, ``make_layout(*layouts)``, ``composition(A, B)`` with ``B`` a layout,
an int, ``None`` or a tuple, and so on. The work is done by the Rust core, 20-100x faster.

Where pycute disagrees with CuTe C++, this module follows C++:

1. ``composition`` keeps a size-1 mode's stride: ``composition(Layout(1, 52), Layout(2, 2))``
   is ``2:104`` in C++, ``2:0`` in pycute (pycute replaces a layout that coalesces to a single
   mode of size 1).
2. Operations whose C++ pre-conditions fail raise ``cute_layout.LayoutError`` (a
   ``ValueError``) naming the operation and the violated condition, where pycute returns a
   wrong layout or raises a bare ``AssertionError``: e.g. ``complement`` of a non-injective
   layout such as ``Layout((2, 2), (2, 3))`` (pycute returns garbage), ``composition`` breaking
   the shape-divisibility condition, ``shape_div`` of indivisible shapes.
3. ``logical_product(A, n)`` with an int ``n`` is ``logical_product(A, Layout(n))`` (pycute's
   int branch calls ``logical_divide``).
4. ``str(L)`` is CuTe notation without spaces, ``(4,2):(1,4)`` (pycute prints Python tuples,
   ``(4, 2):(1, 4)``); ``repr(L)`` is ``Layout.parse('(4,2):(1,4)')``. ``str(Swizzle(3,4,3))``
   is ``Sw<3,4,3>`` (pycute: ``SW_3_4_3``) and a composed layout prints ``Sw<3,4,3> o 0 o L``.
5. ``Layout``, ``Swizzle`` and ``ComposedLayout`` are immutable (hashable) objects; assigning
   ``L.shape`` fails. Two layouts are equal when their shapes and strides are (static and
   dynamic integers alike); ``Layout(4) == Layout((4,))`` is false (different structure), as
   in pycute.
6. ``idx2crd(idx, shape)`` without a stride is C++'s: the last mode takes the undivided
   quotient (``idx2crd(13, (2, 3))`` is ``(1, 6)``; pycute wraps it, ``(1, 0)``). With an
   explicit stride both compute ``(idx // stride) % shape``.
7. ``right_inverse`` and ``left_inverse`` return C++'s forms (same function on the domain
   the post-conditions test; the printed layout may differ from pycute's).
8. ``Layout(shape)`` has C++'s ``LayoutLeft`` strides (``compact_col_major``): a size-1 mode
   gets stride 0, ``Layout((2, 1, 6))`` is ``(2,1,6):(_1,0,2)`` (pycute: ``(1,2,2)``), and
   constants C++ knows at compile time print static (``_1``). ``prefix_product`` is pycute's.
9. Coordinates with ``None`` slice (``L(None, 1)``) as in pycute; ``cute_layout._`` means the
   same as ``None``.
"""

from . import int_tuple, layout, swizzle, typing
from .int_tuple import *  # noqa: F401,F403
from .layout import *  # noqa: F401,F403
from .swizzle import *  # noqa: F401,F403
from .typing import *  # noqa: F401,F403

__all__ = int_tuple.__all__ + layout.__all__ + swizzle.__all__ + typing.__all__
