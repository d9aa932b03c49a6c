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
"""


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
    ``?``); the layout algebra treats it as a dynamic (not static) integer."""

    def __init__(self, x):
        value = x.value if isinstance(x, Numeric) else x
        if isinstance(value, bool) and type(self).width == 1:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise TypeError(f"{type(self).__name__}({x!r}): an integer type needs an integer")
        bits = type(self).width
        lo, hi = (-(1 << (bits - 1)), 1 << (bits - 1)) if type(self).signed else (0, 1 << bits)
        if not lo <= value < hi:
            raise ValueError(f"{type(self).__name__}({value}): out of range [{lo}, {hi})")
        self.value = value

    def __repr__(self):
        return f"{type(self).__name__}(?)"

    def __str__(self):
        return "?"

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

    def _arith(self, other, f, reflected=False):
        if not isinstance(other, (int, Integer)) or isinstance(other, bool):
            return NotImplemented
        a, b = self.value, int(other)
        if reflected:
            a, b = b, a
        return self._wider(other)(f(a, b))

    def __add__(self, o):
        return self._arith(o, lambda a, b: a + b)

    def __radd__(self, o):
        return self._arith(o, lambda a, b: a + b, True)

    def __sub__(self, o):
        return self._arith(o, lambda a, b: a - b)

    def __rsub__(self, o):
        return self._arith(o, lambda a, b: a - b, True)

    def __mul__(self, o):
        return self._arith(o, lambda a, b: a * b)

    def __rmul__(self, o):
        return self._arith(o, lambda a, b: a * b, True)

    def __floordiv__(self, o):
        return self._arith(o, lambda a, b: a // b)

    def __rfloordiv__(self, o):
        return self._arith(o, lambda a, b: a // b, True)

    def __mod__(self, o):
        return self._arith(o, lambda a, b: a % b)

    def __rmod__(self, o):
        return self._arith(o, lambda a, b: a % b, True)

    def __neg__(self):
        return type(self)(-self.value)


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
