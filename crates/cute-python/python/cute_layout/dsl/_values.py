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

Divisibility: a value may keep, beside its text, the divisor the DSL knows of each of its dynamic
integers (``_divs``, in the order they appear in the text), printed ``?{div=8}``. The functions
of ``cute_layout.dsl`` whose dynamic results are products of their arguments' integers (the
layouts ``make_layout`` builds, ``size``, and the functions that only move modes about, ``get``,
``select``, ``append``, ...) compute it: the same call evaluated once more with every dynamic
integer replaced by its divisor (``evaluate``'s ``div_expr``) gives each result's divisor, the
product of the divisors, as the DSL's does. The algebra's results get theirs from a replay of
the library's steps under the DSL's rule of each arithmetic step (``_divisibility``); the other
functions give values of divisor 1 (printed ``?``, which is always true).
"""

import re

from .. import _native
from . import cutlass

_INT = re.compile(r"(?<![\w@\x00])(_?)(-?\d+)")
_SWIZZLE = re.compile(r"Sw<(-?\d+),(-?\d+),(-?\d+)>")


def _ints(text, layout=False, runtime=False, divs=None):
    """CuTe notation's integers as the DSL prints them (swizzle parameters and basis indices
    kept); with ``runtime``, as it prints them when the code runs: every value; ``divs`` the
    divisors of the dynamic integers, in order, with whether each is 64-bit (``(8, False)``:
    ``?{div=8}``)."""
    kept = []
    divs = iter(divs or ())

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
        div, wide = next(divs, (None, False))
        wide = layout and (wide or not -(2**31) <= int(v) < 2**31)
        text = cutlass._dynamic_str(div, wide)
        return "?{i64}" if wide and text == "?" else text

    text = _INT.sub(lambda m: m.group(2) if m.group(1) else dynamic(m.group(2)), text)
    return re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], text)


def _dynamic_tokens(text):
    """The dynamic integers of CuTe notation ``text``, in order (swizzles' parameters left out)."""
    text = _SWIZZLE.sub("\x00", text)
    return [int(m.group(2)) for m in _INT.finditer(text) if not m.group(1)]


# A divisibility evaluation replaces each dynamic integer of divisor ``d`` by ``d * P``, P a prime
# that marks its width (``DIV_PRIME`` for 32 bits, ``DIV_PRIME_64`` for 64: a result of a 64-bit
# one is 64-bit): a value no extent or stride of 0 or 1 (which the library treats apart), whose
# primes are divided out of the results after (a static factor of P in a result would be
# divided out too, which only makes the divisor smaller: still true).
DIV_PRIME, DIV_PRIME_64 = 257, 263


def div_value(div, wide=False):
    """What a dynamic integer of divisor ``div`` (None: 1), 64-bit where ``wide``, stands as in
    a divisibility evaluation."""
    return (1 if div is None else div) * (DIV_PRIME_64 if wide else DIV_PRIME)


def _with_divs(text, divs):
    """``text`` with its dynamic integers replaced by ``div_value`` of ``divs`` (``(divisor,
    wide)`` pairs; 1, 32-bit, for each where ``divs`` is None): the argument of a divisibility
    evaluation."""
    divs = iter(divs or ())
    kept = []
    text = _SWIZZLE.sub(lambda m: (kept.append(m.group(0)), f"\x00{len(kept) - 1}\x00")[1], text)
    text = _INT.sub(lambda m: m.group(0) if m.group(1) else str(div_value(*next(divs, (None, False)))), text)
    return re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], text)


def dsl_print(kind, text, runtime=False, divs=None):
    """What the CuTe DSL prints for the value of kind ``kind`` whose CuTe notation is ``text``
    (with ``runtime``, what it prints when the code runs: dynamic integers' values; ``divs``, the
    divisors of its dynamic integers, in order)."""

    divs = iter(divs or ())  # one iterator: the parts' dynamic integers in the text's order

    def ints(t, layout=False):
        return _ints(t, layout, runtime, divs)

    if kind == "IdentityTensor":
        m = re.fullmatch(r"ArithTuple(\S+) o (.*)", text)
        return f"tensor<{ints(m.group(1))} o {ints(m.group(2), True)}>"
    if kind == "Tensor":
        m = re.fullmatch(r"(.*)\+(_?-?\d+)", text)
        layout = ints(m.group(1), True)  # (first: the text's order of the divisors)
        return f"tensor<{ints(m.group(2))} o {layout}>"
    if kind == "Composed":
        m = re.fullmatch(r"(.*) o (_?-?\d+) o (.*)", text)
        return f"{ints(m.group(1), True)} o {ints(m.group(2))} o {ints(m.group(3), True)}"
    if kind == "Tiler":
        return ints(text.replace("<", "(").replace(">", ")"), True)
    return _ints(text, ":" in text, runtime, divs)


def evaluate(expr, div_expr=None):
    """The value of the CuTe expression ``expr`` as a DSL value (a Python int for a static
    integer, ``cutlass.Int32`` for a dynamic one, a tuple, a ``Layout``, ...). With
    ``div_expr``, the same expression over the divisors of its dynamic integers: its dynamic
    integers are the result's divisors (where it has the result's structure, else none)."""
    kind, text = _native.eval_text(expr)
    divs = None
    if div_expr is not None and _dynamic_tokens(text):
        divs = _divisors(kind, text, div_expr)
    return from_text(kind, text, divs)


def _divisors(kind, text, div_expr):
    """The divisors of the dynamic integers of ``text`` that the evaluation ``div_expr`` gives,
    or None where it fails or has another structure (a divisor 0 may change it)."""
    try:
        div_kind, div_text = _native.eval_text(div_expr)
    except Exception:  # the divisors are no valid arguments: none known
        return None
    mask = lambda t: _INT.sub(lambda m: m.group(0) if m.group(1) else "#", _SWIZZLE.sub("S", t))
    if div_kind != kind or mask(div_text) != mask(text):
        return None
    return [_without_primes(abs(d)) for d in _dynamic_tokens(div_text)]


def _without_primes(v):
    """``(divisor, wide)`` of a result ``v`` of a divisibility evaluation."""
    wide = False
    while v and v % DIV_PRIME_64 == 0:
        v, wide = v // DIV_PRIME_64, True
    while v and v % DIV_PRIME == 0:
        v //= DIV_PRIME
    return v, wide


def from_text(kind, text, divs=None):
    """The DSL value of kind ``kind`` (the library's ``Kind``) with CuTe notation ``text``
    (``divs``: the divisors of its dynamic integers, in order, where known)."""
    if kind == "Int":
        return _int(text, *(divs[0] if divs else (None, False)))
    if kind == "Bool":
        return text == "true"
    if kind == "Underscore":
        return None
    if kind in ("IntTuple", "Coord"):
        return _tuple(text, divs)
    if kind == "Tv":
        tile, layout = _split_top(text[1:-1])
        return (_tuple(tile), Layout("Layout", layout))
    if kind == "Tiler":
        return tuple(_tiler_mode(m) for m in _split_top(text[1:-1]))
    cls = _CLASSES.get(kind, Value)
    return cls(kind, text, divs)


def _int(token, div=None, wide=False):
    """A CuTe integer as a DSL one: a static ``_4`` a Python int, a dynamic ``4`` a computed
    ``cutlass.Int32`` (of divisor ``div``, where known; ``cutlass.Int64`` where ``wide`` or
    where it needs 64 bits)."""
    if token.startswith("_"):
        return int(token[1:])
    n = int(token)
    x = cutlass.Int32(n) if -(2**31) <= n < 2**31 and not wide else cutlass.Int64(n)
    # a value the DSL computed has a divisibility (1 where nothing more is known), which
    # arithmetic passes on (``cute.round_up(a, 16)``, ``ceil_div(a, 16) * 16``, is ?{div=16})
    x._div, x._const = (1 if div is None else div), False
    return x


def _tuple(text, divs=None):
    """A CuTe int-tuple, coordinate or scaled-basis stride as Python: ``(_4,(8,_))`` ->
    ``(4, (Int32(8), None))``, ``_2@1`` -> ``2*cute.E(1)`` (``divs``: the divisors of its
    dynamic integers, in order)."""
    tokens = re.findall(r"\(|\)|,|_?-?\d+(?:@\d+)*|_", text)
    pos = 0
    divs = iter(divs or ())

    def integer(t):
        return _int(t) if t.startswith("_") else _int(t, *next(divs, (None, False)))

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
            return ScaledBasis(integer(value), [int(m) for m in modes] if len(modes) > 1 else int(modes[0]))
        return None if t == "_" else integer(t)

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

    __slots__ = ("_kind", "_text", "_divs")

    def __init__(self, kind, text, divs=None):
        self._kind, self._text, self._divs = kind, text, divs

    def __str__(self):
        return dsl_print(self._kind, self._text, divs=self._divs)

    def _div_text(self):
        """The text of a divisibility evaluation: each dynamic integer replaced by ``div_value`` of
    its divisor (of 1 where none is known)."""
        return _with_divs(self._text, self._divs)

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
        return evaluate(f"shape({self._text})", f"shape({self._div_text()})")

    @property
    def stride(self):
        if self._kind == "Basis":
            return _basis_stride(self._text)
        return evaluate(f"stride({self._text})", f"stride({self._div_text()})")

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
