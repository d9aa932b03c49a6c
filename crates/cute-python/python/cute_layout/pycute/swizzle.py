"""``pycute.swizzle``: ``Swizzle(bits, base, shift)`` and ``ComposedLayout(layoutB, offset,
layoutA)``, the Rust core's classes (``Sw<B,M,S>`` and ``A o OFFSET o L`` in CuTe notation)."""

from .._native import ComposedLayout, Swizzle

__all__ = ["shiftl", "shiftr", "Swizzle", "ComposedLayout"]


def shiftr(a, s):
    """``a >> s``, a negative ``s`` shifting left."""
    return a >> s if s > 0 else a << -s


def shiftl(a, s):
    """``a << s``, a negative ``s`` shifting right."""
    return a << s if s > 0 else a >> -s
