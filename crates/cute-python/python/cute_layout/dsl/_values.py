"""The values of ``cute_layout.dsl`` and their two texts.

Every value keeps its CuTe notation (``(_4,8):(_1,_4)``: static integers tagged, as the library
prints them), which is how it is passed back to the library; it prints as the CuTe DSL prints
it (``(4,?):(1,4)``: a static integer plain, a dynamic one ``?``).

The DSL's printing is a map of CuTe notation, token by token (the one the DSL check,
``bench/dsl/check.py``, checks against the DSL itself): ``_4`` -> ``4``; a dynamic ``4`` -> ``?``
(in a layout's shape or stride ``?{i64}`` where it does not fit 32 bits); ``Sw<B,M,S>`` ->
``S<B,M,S>`` (every swizzle with ``B = 0`` is the identity ``S<0,4,3>``, and the DSL leaves out the
closing ``>`` of a negative shift, ``S<2,0,-3``); a tensor ``L+o`` -> ``tensor<o o L>``; an
identity tensor ``ArithTuple(0,2) o L`` -> ``tensor<(0,2) o L>``; a tiler ``<A,B>`` -> ``(A,B)``.
"""

import re

from .. import _native
from . import cutlass

_INT = re.compile(r"(?<![\w@\x00])(_?)(-?\d+)")
_SWIZZLE = re.compile(r"Sw<(-?\d+),(-?\d+),(-?\d+)>")


def _ints(text, layout=False, runtime=False):
    """CuTe notation's integers as the DSL prints them (swizzle parameters and basis indices
    kept); with ``runtime``, as it prints them when the code runs: every value."""
    kept = []

    def keep(m):
        b, mm, s = m.groups()
        if b == "0":
            kept.append("S<0,4,3>")
        else:
            kept.append(f"S<{b},{mm},{s}" + ("" if s.startswith("-") else ">"))
        return f"\x00{len(kept) - 1}\x00"

    text = _SWIZZLE.sub(keep, text)

    def dynamic(v):
        if runtime:
            return v
        return "?{i64}" if layout and not -(2**31) <= int(v) < 2**31 else "?"

    text = _INT.sub(lambda m: m.group(2) if m.group(1) else dynamic(m.group(2)), text)
    return re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], text)


def dsl_print(kind, text, runtime=False):
    """What the CuTe DSL prints for the value of kind ``kind`` whose CuTe notation is ``text``
    (with ``runtime``, what it prints when the code runs: dynamic integers' values)."""

    def ints(t, layout=False):
        return _ints(t, layout, runtime)

    if kind == "IdentityTensor":
        m = re.fullmatch(r"ArithTuple(\S+) o (.*)", text)
        return f"tensor<{ints(m.group(1))} o {ints(m.group(2), True)}>"
    if kind == "Tensor":
        m = re.fullmatch(r"(.*)\+(_?-?\d+)", text)
        return f"tensor<{ints(m.group(2))} o {ints(m.group(1), True)}>"
    if kind == "Composed":
        m = re.fullmatch(r"(.*) o (_?-?\d+) o (.*)", text)
        return f"{ints(m.group(1), True)} o {ints(m.group(2))} o {ints(m.group(3), True)}"
    if kind == "Tiler":
        return ints(text.replace("<", "(").replace(">", ")"), True)
    return ints(text, ":" in text)


def evaluate(expr):
    """The value of the CuTe expression ``expr`` as a DSL value (a Python int for a static
    integer, ``cutlass.Int32`` for a dynamic one, a tuple, a ``Layout``, ...)."""
    kind, text = _native.eval_text(expr)
    return from_text(kind, text)


def from_text(kind, text):
    """The DSL value of kind ``kind`` (the library's ``Kind``) with CuTe notation ``text``."""
    if kind == "Int":
        return _int(text)
    if kind == "Bool":
        return text == "true"
    if kind == "Underscore":
        return None
    if kind in ("IntTuple", "Coord"):
        return _tuple(text)
    if kind == "Tv":
        tile, layout = _split_top(text[1:-1])
        return (_tuple(tile), Layout("Layout", layout))
    if kind == "Tiler":
        return tuple(_tiler_mode(m) for m in _split_top(text[1:-1]))
    cls = _CLASSES.get(kind, Value)
    return cls(kind, text)


def _int(token):
    if token.startswith("_"):
        return int(token[1:])
    n = int(token)
    return cutlass.Int32(n) if -(2**31) <= n < 2**31 else cutlass.Int64(n)


def _tuple(text):
    """A CuTe int-tuple, coordinate or scaled-basis stride as Python: ``(_4,(8,_))`` ->
    ``(4, (Int32(8), None))``, ``_2@1`` -> ``2*cute.E(1)``."""
    tokens = re.findall(r"\(|\)|,|_?-?\d+(?:@\d+)*|_", text)
    pos = 0

    def item():
        nonlocal pos
        t = tokens[pos]
        pos += 1
        if t == "(":
            out = []
            while tokens[pos] != ")":
                if tokens[pos] == ",":
                    pos += 1
                    continue
                out.append(item())
            pos += 1
            return tuple(out)
        if "@" in t:
            value, *modes = t.split("@")
            return ScaledBasis(_int(value), [int(m) for m in modes] if len(modes) > 1 else int(modes[0]))
        return None if t == "_" else _int(t)

    return item()


def _split_top(text):
    """``text`` split at its top-level commas."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "(<":
            depth += 1
        elif c in ")>":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def _tiler_mode(text):
    if text.startswith("<"):
        return tuple(_tiler_mode(m) for m in _split_top(text[1:-1]))
    if ":" in text:
        return Layout("Layout", text)
    return _tuple(text)


class Value:
    """A value of the layout algebra, as the CuTe DSL has it: printed as the DSL prints it
    (``str`` and ``repr`` alike, as the DSL's), shown as its picture in Jupyter."""

    __slots__ = ("_kind", "_text")

    def __init__(self, kind, text):
        self._kind, self._text = kind, text

    def __str__(self):
        return dsl_print(self._kind, self._text)

    __repr__ = __str__

    @property
    def cute(self):
        """The value in CuTe notation (static integers tagged ``_4``), as ``cute eval`` prints it."""
        return self._text

    def to_native(self):
        """The value as a ``cute_layout`` object (``cute_layout.eval`` of its CuTe notation)."""
        return _native.eval(self._text)

    def dsl_spelling(self):
        """The DSL Python that makes this value (``cute eval --as dsl``):
        ``cute.make_layout((4,8), stride=(1,4))``."""
        return _native.dsl_spelling(self._text)

    def _repr_svg_(self):
        try:
            return _native.svg(self._text)
        except Exception:  # a value without a picture shows as its text
            return None

    def __eq__(self, other):
        return type(other) is type(self) and other._text == self._text

    def __hash__(self):
        return hash(self._text)


class Layout(Value):
    """A layout ``shape:stride`` (also a scaled-basis layout, ``make_identity_layout``)."""

    __slots__ = ()

    @property
    def shape(self):
        return evaluate(f"shape({self._text})")

    @property
    def stride(self):
        if self._kind == "Basis":
            return _basis_stride(self._text)
        return evaluate(f"stride({self._text})")

    def __call__(self, *coord):
        from . import crd2idx

        return crd2idx(coord[0] if len(coord) == 1 else coord, self)

    def __getitem__(self, i):
        from . import get

        return get(self, mode=[i])

    def __len__(self):
        from . import rank

        return rank(self)


def _basis_stride(text):
    """The stride of a scaled-basis layout, its basis vectors as ``ScaledBasis`` values."""
    return _tuple(_split_colon(text)[1])


def _split_colon(text):
    depth = 0
    for i, c in enumerate(text):
        depth += c == "("
        depth -= c == ")"
        if c == ":" and depth == 0:
            return text[:i], text[i + 1:]
    return text, ""


class ComposedLayout(Value):
    """A composed layout ``inner o offset o outer`` (a swizzle or a layout inner)."""

    __slots__ = ()

    def __call__(self, *coord):
        from . import crd2idx

        return crd2idx(coord[0] if len(coord) == 1 else coord, self)

    @property
    def shape(self):
        return evaluate(f"shape({self._text})")


class Swizzle(Value):
    """A swizzle ``S<B,M,S>``."""

    __slots__ = ()

    def __call__(self, offset):
        from . import _arg

        return evaluate(f"{self._text}({_arg(offset)})")


class Tensor(Value):
    """A tensor of coordinates (``make_identity_tensor``, ``make_tensor`` over an integer or
    a tuple) or of positions (``L+o``), and their partitions: no data, only the layout algebra."""

    __slots__ = ()

    @property
    def layout(self):
        if self._kind == "IdentityTensor":
            text = re.fullmatch(r"ArithTuple(\S+) o (.*)", self._text).group(2)
            return Layout("Basis" if "@" in text else "Layout", text)
        return Layout("Layout", re.fullmatch(r"(.*)\+(_?-?\d+)", self._text).group(1))

    @property
    def shape(self):
        return self.layout.shape

    @property
    def stride(self):
        return self.layout.stride

    def __getitem__(self, coord):
        return evaluate(f"{self._text}({_coord_text(coord)})")


def _coord_text(coord):
    from . import _arg

    return _arg(coord)


class ScaledBasis:
    """``cute.E(mode)`` scaled by an integer: ``2*cute.E(1)``, printed ``2@1``."""

    __slots__ = ("value", "mode")

    def __init__(self, value, mode):
        self.value, self.mode = value, mode

    def _modes(self):
        return self.mode if isinstance(self.mode, (list, tuple)) else [self.mode]

    def cute_text(self):
        from . import _arg

        return _arg(self.value) + "".join(f"@{m}" for m in self._modes())

    def __mul__(self, k):
        if isinstance(k, bool) or not isinstance(k, (int, cutlass.Integer)):
            return NotImplemented
        return ScaledBasis(self.value * k, self.mode)

    __rmul__ = __mul__

    def __str__(self):
        return _ints(self.cute_text())

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, ScaledBasis) and (other.value, other._modes()) == (self.value, self._modes())

    def __hash__(self):
        return hash((repr(self.value), tuple(self._modes())))


_CLASSES = {
    "Layout": Layout,
    "Basis": Layout,
    "Composed": ComposedLayout,
    "Swizzle": Swizzle,
    "Tensor": Tensor,
    "IdentityTensor": Tensor,
    "ComposedTensor": Tensor,
}
