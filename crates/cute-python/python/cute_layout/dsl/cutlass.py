"""A small stand-in for ``cutlass`` as the CuTe DSL's layout code names it: the integer types
(``cutlass.Int32(4)`` is a dynamic integer, printed ``?``, as in a ``@cute.jit`` trace) and the
element types (``cutlass.Float16``, ... with their ``width`` in bits), so that a layout body
written for ``@cute.jit`` runs unchanged::

    from cute_layout.dsl import cutlass
    import cute_layout.dsl as cute

A dynamic integer keeps its value (the layout algebra computes with it; ``cute.printf`` prints
it, as the DSL does at run time), but prints as ``?`` (its ``repr``, as in a printed tuple,
``Int32(?)``), as the DSL's trace does. Arithmetic on
dynamic integers gives dynamic integers of the wider type.

Divisibility: a dynamic integer the DSL knows to be a multiple of ``d`` (``cute.assume(x,
divby=8)``, or computed from such values) prints ``?{div=8}``; ``_div`` keeps ``d`` here, and
arithmetic carries it as the DSL's does (checked against nvidia-cutlass-dsl 4.8.1 by
``bench/dsl/eager_check.py``): ``a * b`` is a multiple of the product, ``a + b`` and ``a - b`` of
the gcd, ``a // c`` of ``d / c`` where ``c`` divides ``d``, ``a % c`` of ``gcd(d, c)`` (``0``,
printed ``?{div=0}``, where ``c`` divides ``d``). As in the DSL, only integers with a known
divisibility (``_div`` set) pass one on: an integer without one (a function's argument) makes a
result without one, and ``-a`` has none. An integer made of a Python int (``cutlass.Int32(8)``)
is a constant, which counts with its value (``cutlass.Int32(8) * a`` is ``?{div=64}`` for ``a``
``?{div=8}``); ``cute.compile`` and a ``@cute.jit`` function's call make their integer
arguments run-time values, without a divisibility, as the DSL's are.
"""

import math as _math
import reprlib as _reprlib


def _shown(x):
    """``x`` as an error message shows it: ``repr`` cut short (a tuple nested thousands deep, or
    of thousands of modes, shows its start), never a ``RecursionError``."""
    return _reprlib.repr(x)


class NumericMeta(type):
    """The metaclass of the numeric types: ``cutlass.Float16.width`` is 16."""

    def __repr__(cls):
        return cls.__name__

    __str__ = __repr__


class Numeric(metaclass=NumericMeta):
    """A number type of the DSL (an element type; the integer ones are dynamic values too)."""

    width = 0
    signed = True

    def __init__(self, x):
        self.value = x.value if isinstance(x, Numeric) else x

    def __repr__(self):
        return "?"

    __str__ = __repr__


class Integer(Numeric):
    """A dynamic integer: its value is known here, but the DSL's trace does not know it (prints
    ``?``, or ``?{div=8}`` where it knows a divisor); the layout algebra treats it as a dynamic
    (not static) integer."""

    def __init__(self, x):
        value = x.value if isinstance(x, Numeric) else x
        if isinstance(value, bool) and type(self).width == 1:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise TypeError(f"{type(self).__name__}({_shown(x)}): an integer type needs an "
                                "integer")
        bits = type(self).width
        lo, hi = (-(1 << (bits - 1)), 1 << (bits - 1)) if type(self).signed else (0, 1 << bits)
        if not lo <= value < hi:
            raise ValueError(f"{type(self).__name__}({value}): out of range [{lo}, {hi})")
        self.value = value
        # The divisor the DSL knows (None: none; 0: the value is known to be 0), and whether the
        # integer is a constant of the trace (made of a Python int), which counts with its value.
        self._div = x._div if isinstance(x, Integer) else None
        self._const = x._const if isinstance(x, Integer) else True

    def __repr__(self):
        return f"{type(self).__name__}(?)"

    def __str__(self):
        return _dynamic_str(self._div, type(self).width > 32)

    def __index__(self):
        return self.value

    def __bool__(self):
        return bool(self.value)

    def __int__(self):
        return self.value

    def __hash__(self):
        return hash(("dynamic", self.value))

    def __eq__(self, other):
        if isinstance(other, Integer):
            return self.value == other.value
        if isinstance(other, int):
            return self.value == other
        return NotImplemented

    def _wider(self, other):
        if isinstance(other, Integer):
            return type(self) if type(self).width >= type(other).width else type(other)
        return type(self)

    def _arith(self, other, f, div, reflected=False):
        if not isinstance(other, (int, Integer)) or isinstance(other, bool):
            return NotImplemented
        a, b = self.value, int(other)
        if reflected:
            a, b = b, a
        result = self._wider(other)(f(a, b))
        result._const = self._const and (not isinstance(other, Integer) or other._const)
        result._div = _result_div(self, other, div, reflected)
        return result

    def __add__(self, o):
        return self._arith(o, _add, _gcd)

    def __radd__(self, o):
        return self._arith(o, _add, _gcd, True)

    def __sub__(self, o):
        return self._arith(o, _sub, _gcd)

    def __rsub__(self, o):
        return self._arith(o, _sub, _gcd, True)

    def __mul__(self, o):
        return self._arith(o, _mul, _mul_div)

    def __rmul__(self, o):
        return self._arith(o, _mul, _mul_div, True)

    def __floordiv__(self, o):
        return self._arith(o, _floordiv, _floordiv_div)

    def __rfloordiv__(self, o):
        return self._arith(o, _floordiv, _floordiv_div, True)

    def __mod__(self, o):
        return self._arith(o, _mod, _mod_div)

    def __rmod__(self, o):
        return self._arith(o, _mod, _mod_div, True)

    def __neg__(self):
        result = type(self)(-self.value)
        result._div, result._const = (None if self._div is None else 1), self._const
        return result


def _add(a, b):
    return a + b


def _sub(a, b):
    return a - b


def _mul(a, b):
    return a * b


def _floordiv(a, b):
    return a // b


def _mod(a, b):
    return a % b


def _gcd(x, y):
    return _math.gcd(x, y)


def _mul_div(x, y):
    return x * y


def _floordiv_div(x, y):
    """``a // b`` with ``a`` a multiple of ``x``: of ``x / y`` where ``y`` (a value) divides it."""
    return x // y if y and x % y == 0 else 1


def _mod_div(x, y):
    """``a % b`` with ``a`` a multiple of ``x``: ``0`` where ``y`` divides ``x``, else a multiple
    of ``gcd(x, y)``."""
    return 0 if y and x % y == 0 else _math.gcd(x, y)


def _operand(x, width):
    """What the DSL knows of an operand of a result of ``width`` bits: ``(divisor, value,
    constrained)``: the value where it is one (a static int, a constant), and whether the operand
    carries a divisibility (``cute.assume`` or computed from one). A narrower operand is widened
    first, which drops its divisibility."""
    if not isinstance(x, Integer):
        return abs(x), abs(x), False
    if x._div is not None and type(x).width == width:
        return x._div, None, True
    if x._const:
        return abs(x.value), abs(x.value), False
    return 1, None, False


def _result_div(a, b, div, reflected):
    """The divisibility of ``a OP b`` (``b OP a`` where ``reflected``), ``a`` an ``Integer``:
    ``div`` of the operands' divisors (of the divisor's value for ``//`` and ``%``: 1 where it is
    none), or None where no operand carries a divisibility."""
    width = max(type(a).width, type(b).width if isinstance(b, Integer) else 0)
    (x, _, cx), (y, yv, cy) = _operand(a, width), _operand(b, width)
    if reflected:
        (x, _, cx), (y, yv, cy) = (y, yv, cy), _operand(a, width)
    if not (cx or cy):
        return None
    if div in (_floordiv_div, _mod_div):
        return 1 if yv is None else div(x, yv)
    return div(x, y)


def _dynamic_str(div, wide=False):
    """A dynamic integer as the DSL's trace prints it: ``?``, ``?{div=8}`` with a known divisor,
    ``?{i64 div=8}`` for a 64-bit one."""
    if div is None or div == 1:
        return "?"
    return f"?{{i64 div={div}}}" if wide else f"?{{div={div}}}"


def _runtime(x):
    """``x`` as a run-time value of the DSL (a compiled function's argument): an integer
    without a divisibility, no constant."""
    if isinstance(x, Integer):
        y = type(x)(x.value)
        y._const = False
        return y
    return x


def _integer(name, width, signed=True):
    return NumericMeta(name, (Integer,), {"width": width, "signed": signed, "__doc__":
                       f"The DSL's {width}-bit {'signed' if signed else 'unsigned'} integer "
                       f"type; ``{name}(4)`` is a dynamic integer."})


def _float(name, width):
    return NumericMeta(name, (Numeric,), {"width": width, "__doc__":
                       f"The DSL's {width}-bit element type ``{name}`` (an element type only)."})


Int4 = _integer("Int4", 4)
Int8 = _integer("Int8", 8)
Int16 = _integer("Int16", 16)
Int32 = _integer("Int32", 32)
Int64 = _integer("Int64", 64)
Int128 = _integer("Int128", 128)
Uint8 = _integer("Uint8", 8, False)
Uint16 = _integer("Uint16", 16, False)
Uint32 = _integer("Uint32", 32, False)
Uint64 = _integer("Uint64", 64, False)
Boolean = _integer("Boolean", 1, False)
Float16 = _float("Float16", 16)
BFloat16 = _float("BFloat16", 16)
TFloat32 = _float("TFloat32", 32)
Float32 = _float("Float32", 32)
Float64 = _float("Float64", 64)
Float8E4M3FN = _float("Float8E4M3FN", 8)
Float8E5M2 = _float("Float8E5M2", 8)
Float4E2M1FN = _float("Float4E2M1FN", 4)


def const_expr(x):
    """``cutlass.const_expr(x)``: a value known when the code is traced; eagerly, ``x``."""
    return x


def range_constexpr(*args):
    """``cutlass.range_constexpr``: a loop unrolled when traced; eagerly, ``range``."""
    return range(*args)


def range(*args, **kwargs):  # noqa: A001 (the DSL's name)
    """``cutlass.range``: a loop of the DSL; eagerly, Python's ``range`` (options ignored)."""
    import builtins

    return builtins.range(*(int(a) for a in args))


__all__ = [n for n in dir() if n[0].isupper()] + ["const_expr", "range_constexpr", "range"]
