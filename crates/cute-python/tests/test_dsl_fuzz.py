"""Fuzzing ``cute_layout.dsl`` (issue 26: a fuzz target for every front end): random and hostile
arguments (huge and negative integers, nested and deep tuples, ``None``, strings, floats, wrong
types, values of the module) thrown at every public function of the module, every class of its
``nvgpu`` operations and its ``cutlass`` integers, and every name of ``MISSING``.

Each call must end within a time bound, by a result or by one of the documented exceptions:
``DSLRuntimeError`` (a ``ValueError`` and a ``cute_layout.LayoutError``: the DSL refuses the call),
``NotImplementedError`` (outside the layout part), ``TypeError`` or ``ValueError`` (an argument
of the wrong type or value). Never a Rust panic (``PanicException``), a ``SystemError``, a
``RecursionError``, a ``MemoryError`` or another Python exception from inside the module. What it
returns is printable and, where it is a layout, obeys the algebra's laws. Derandomized, as the rest
of the suite (conftest.py).
"""

import contextlib
import inspect
import io
import math
import signal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cute_layout import dsl as cute
from cute_layout.dsl import cutlass

DOCUMENTED = (TypeError, ValueError, NotImplementedError)
SECONDS = 10  # one call's time bound

FUNCTIONS = sorted(
    n for n, f in vars(cute).items()
    if not n.startswith("_") and callable(f) and not isinstance(f, type)
    and getattr(f, "__module__", "").startswith("cute_layout.dsl")
    and n not in ("jit", "compile"))  # these call their argument: tested below
OPS = [cute.nvgpu.CopyUniversalOp, cute.nvgpu.warp.LdMatrix8x8x16bOp,
       cute.nvgpu.warp.MmaF16BF16Op, cutlass.Int32, cutlass.Int64, cutlass.Uint8, cutlass.Boolean]


@contextlib.contextmanager
def time_bound(what):
    def hang(signum, frame):
        raise TimeoutError(f"{what} ran past {SECONDS} s")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def deep(n):
    x = 1
    for _ in range(n):
        x = (x,)
    return x


ints = st.one_of(
    st.integers(-8, 40),
    st.sampled_from([0, 1, -1, 2**31 - 1, 2**31, -(2**31) - 1, 2**62, 2**63, -(2**63), 2**64,
                     2**70, -(2**70), 10**30]),
)
dynamic = ints.filter(lambda n: -(2**31) <= n < 2**31).map(cutlass.Int32)
leaves = st.one_of(
    ints, dynamic, st.none(), st.booleans(), st.floats(allow_nan=True),
    st.text(max_size=4), st.binary(max_size=2), st.just(object()), st.just({}),
    st.just(cutlass.Float16), st.just(cute.E(0)), st.just(2 * cute.E(1)),
    st.just(cute.make_layout((4, 8), stride=(1, 4))),
    st.just(cute.make_layout((cutlass.Int32(4), 8))),
    st.just(cute.make_swizzle(2, 1, 3)),
    st.just(cute.make_identity_tensor((4, 2))),
    st.sampled_from([40, 3000]).map(deep),  # deeper than the library's limit, than Python's
    st.builds(lambda: (1,) * 70000),  # wider than the library's limit
)
hostile = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=4).map(tuple), st.lists(inner, max_size=3)), max_leaves=10)
keywords = st.dictionaries(st.sampled_from(["stride", "mode", "target_profile", "up_to_rank",
                                            "order", "proj", "divby", "pow2",
                                            "num_bits_per_copy", "verbose"]),
                           hostile, max_size=2)


def call(f, name, args, kwargs):
    """``f(*args, **kwargs)``, printed: the documented exceptions pass, any other fails."""
    try:
        with time_bound(name), contextlib.redirect_stdout(io.StringIO()):
            result = f(*args, **kwargs)
            str(result), repr(result)
            if isinstance(result, cute.Layout):
                check_layout(result)
        return result
    except DOCUMENTED:
        return None


def check_layout(layout):
    """A layout's laws: its size is the product of its shape, it prints as the DSL's
    ``shape:stride`` of its own shape and stride, and each divisor it prints divides its value."""
    if layout._kind != "Layout":
        return
    shape = cute.shape(layout)
    assert cute.size(layout) == math.prod(int(x) for x in cute.flatten_to_tuple(shape))
    assert str(layout) == f"{cute.pretty_str(shape)}:{cute.pretty_str(layout.stride)}"
    check_divisors(layout)


def check_divisors(value):
    """Every divisor a value of the module claims (``?{div=d}``) divides the value."""
    from cute_layout.dsl import _values

    if isinstance(value, cutlass.Integer):
        assert value._div is None or (value.value % value._div == 0 if value._div
                                      else value.value == 0), (value.value, value._div)
    elif isinstance(value, tuple):
        for e in value:
            check_divisors(e)
    elif isinstance(value, cute.Value) and value._divs:
        for v, (d, _) in zip(_values._dynamic_tokens(value._text), value._divs):
            assert (v % d == 0) if d else v == 0, (value.cute, value._divs)


@pytest.mark.parametrize("name", FUNCTIONS)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(args=st.lists(hostile, max_size=4), kwargs=keywords)
def test_every_function_takes_hostile_arguments(name, args, kwargs):
    call(getattr(cute, name), name, args, kwargs)


@pytest.mark.parametrize("op", OPS, ids=lambda o: o.__name__)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(args=st.lists(hostile, max_size=4))
def test_operations_and_integers_take_hostile_arguments(op, args):
    call(op, op.__name__, args, {})


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(name=st.sampled_from(sorted(cute.MISSING)), args=st.lists(hostile, max_size=2))
def test_missing_names_raise_not_implemented(name, args):
    with pytest.raises(NotImplementedError):
        getattr(cute, name)(*args)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(x=hostile, y=hostile)
def test_integer_arithmetic_takes_hostile_operands(x, y):
    for a, b in ((x, y), (y, x)):
        if not isinstance(a, cutlass.Integer):
            continue
        for op in ("__add__", "__sub__", "__mul__", "__floordiv__", "__mod__",
                   "__radd__", "__rsub__", "__rmul__", "__rfloordiv__", "__rmod__"):
            try:
                with time_bound(op):
                    r = getattr(a, op)(b)
            except (*DOCUMENTED, ZeroDivisionError):
                continue
            if r is not NotImplemented:
                str(r)
                check_divisors(r)


# --- the laws over valid arguments --------------------------------------------------------------

extents = st.integers(1, 6)
strides = st.integers(0, 24)


def nested(leaf):
    return st.recursive(leaf, lambda inner: st.lists(inner, min_size=1, max_size=3).map(tuple),
                        max_leaves=6)


@st.composite
def shape_and_stride(draw, dynamic_ok=True):
    shape = draw(nested(extents))

    def leaf_like(x, values):
        if isinstance(x, tuple):
            return tuple(leaf_like(e, values) for e in x)
        v = draw(values)
        return cutlass.Int32(v) if dynamic_ok and draw(st.booleans()) else v

    return leaf_like(shape, extents), leaf_like(shape, strides)


@settings(max_examples=150, deadline=None)
@given(ss=shape_and_stride())
def test_layouts_obey_their_laws(ss):
    shape, stride = ss
    layout = cute.make_layout(shape, stride=stride)
    check_layout(layout)
    assert cute.rank(layout) == (len(shape) if isinstance(shape, tuple) else 1)
    check_layout(cute.make_layout(shape))
    for f in (cute.coalesce, cute.flatten):  # the same function: the same size
        assert int(cute.size(f(layout))) == int(cute.size(layout))


@st.composite
def assumed(draw):
    d = draw(st.sampled_from([1, 2, 3, 4, 6, 8, 16]))
    return cute.assume(cutlass.Int32(d * draw(st.integers(-50, 50))), divby=d)


@settings(max_examples=200, deadline=None)
@given(a=assumed(), b=assumed(), c=st.integers(-9, 9), ops=st.lists(
    st.sampled_from(["+", "-", "*", "//", "%", "neg"]), min_size=1, max_size=6))
def test_divisors_are_sound(a, b, c, ops):
    """Each divisor the arithmetic claims divides the value; in layouts too."""
    x = a
    for i, op in enumerate(ops):
        y = (b, c)[i % 2]
        try:
            x = {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y,
                 "//": lambda: x // y, "%": lambda: x % y, "neg": lambda: -x}[op]()
        except (ZeroDivisionError, ValueError):  # by zero; out of the type's range
            return
        check_divisors(x)
    if isinstance(x, cutlass.Integer) and 0 < x.value < 1000:
        for L in (cute.make_layout((x, 4)), cute.make_layout((4, (x, 2)), stride=(x, (1, x)))):
            check_divisors(L)
            check_divisors(cute.size(L))
            check_divisors(cute.shape(L))
