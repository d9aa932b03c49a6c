"""cute_layout: NVIDIA CuTe's layout algebra, exact and fast (a Rust core), in Python.

>>> from cute_layout import Layout, composition
>>> A = Layout((6, 2), (8, 2))
>>> str(composition(A, Layout((4, 3), (3, 1))))
'((2,2),3):((24,2),8)'
>>> Layout.parse("(_4,8):(_1,4)")
Layout.parse('(_4,8):(_1,4)')

Classes: ``Layout``, ``Swizzle``, ``ComposedLayout``, ``Tensor`` (over NumPy arrays),
``TvLayout``, ``Morphism``, ``LinearLayout`` (Triton's linear layouts over F2); ``_`` (or ``None``) is CuTe's slicing wildcard. A tensor result
of a module function (``local_partition``, ``partition_S``, ``make_tensor``, ...) is a ``Tensor``
over positions (no array; its elements are the positions ``offset + L(c)``), as C++'s are
tensors; ``slice_and_offset`` gives the pair ``(Layout, offset)``, as C++ and pycute.

Every operation of ``cute eval`` is a module function with its CuTe name and argument order
(``operations()`` lists them); they are generated from the library's operation table when this
module is imported. Python ints are dynamic integers (printed ``4``); CuTe text (a ``str``
argument, or ``Layout.parse``) keeps static tags (``_4``). Failures raise ``LayoutError`` (a
``ValueError``) with the library's full message.

``eval(expr)`` evaluates a whole expression as ``cute eval`` does (``eval("size((4,8):(1,4))")``
is ``32``); ``__version__`` is the package's version.

Pictures and text as the ``cute`` CLI makes them: ``L.to_svg()``, ``L.to_png()``,
``L.to_latex()``, ``L.grid()``, ``explain(expr)``, ``svg(expr)``, ``show(expr)``; in Jupyter a
layout shows itself as its picture. ``explain_steps(expr)`` gives the derivation's steps as data
(``explain_json(expr)``: the whole record, as ``cute explain --json`` prints it).
"""

import json as _json

from . import _native
from ._native import (
    ComposedLayout,
    Layout,
    LayoutError,
    LinearLayout,
    Morphism,
    Swizzle,
    Tensor,
    TvLayout,
    Underscore,
    Value,
    _,
    __version__,
    call_op,
    eval,
    explain,
    explain_json,
    get_budget,
    latex,
    operations,
    png,
    set_budget,
    show,
    svg,
)


def _register_operations(namespace):
    """One module function per operation of the library's registry (made by the extension from
    the table: a builtin function whose ``__self__`` is the native ``Operation``, documented by
    the operation's signature and description)."""
    names = []
    for name, function in _native._functions:
        namespace[name] = function
        names.append(name)
    return names


_OPERATION_NAMES = _register_operations(globals())


def explain_steps(expr):
    """The steps of ``explain(expr)`` as data: one dict per step, with ``depth`` (nesting),
    ``kind`` (the event, e.g. ``"merge"``), ``text`` (the line ``explain`` prints) and ``fields``
    (the event's values by name, in CuTe notation; counts as ints).

    >>> steps = explain_steps("coalesce((2,2):(1,2))")
    >>> [s["kind"] for s in steps]
    ['flatten', 'merge']
    >>> steps[1]["fields"]
    {'mode': '2:1', 'next': '2:2', 'merged': '4:1'}
    """
    return _json.loads(explain_json(expr))["steps"]


class Figure:
    """The picture of ``cute svg EXPR`` (a layout, or an expression yielding one: divides,
    products and complements are drawn with their input), shown as SVG in Jupyter.

    >>> Figure("logical_divide((4,2,3):(2,1,8), 4:2)", tiles=True).to_svg()[:4]
    '<svg'
    """

    def __init__(self, expr, coords=False, tiles=False):
        self.expr, self.coords, self.tiles = expr, coords, tiles

    def to_svg(self):
        return svg(self.expr, self.coords, self.tiles)

    def to_png(self):
        return png(self.expr, self.coords, self.tiles)

    def _repr_svg_(self):
        return self.to_svg()

    def __repr__(self):
        return f"Figure({self.expr!r})"
# `from cute_layout import *` leaves Python's builtins alone.
_SHADOWS_BUILTIN = {"filter", "zip", "slice", "eval"}

__all__ = [
    "ComposedLayout",
    "Figure",
    "Layout",
    "LayoutError",
    "Morphism",
    "Swizzle",
    "Tensor",
    "TvLayout",
    "Underscore",
    "Value",
    "_",
    "call_op",
    "explain",
    "explain_json",
    "explain_steps",
    "get_budget",
    "latex",
    "operations",
    "png",
    "set_budget",
    "show",
    "svg",
] + [n for n in _OPERATION_NAMES if n not in _SHADOWS_BUILTIN]
