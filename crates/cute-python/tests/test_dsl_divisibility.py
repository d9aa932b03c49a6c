"""The divisors ``cute_layout.dsl`` prints for the dynamic results of the layout algebra
(``?{div=8}``). Each expected text is what nvidia-cutlass-dsl 4.8.1 printed for the same call
traced under ``@cute.jit`` on the CPU (bench/dsl/eager_check.py's DIVISIBILITY_ALGEBRA and its
random DIVISIBILITY_RANDOM bodies compare these, and more, with the DSL itself); the Hypothesis
tests check, without the DSL, that every divisor printed is true and that the replay of the
library's steps (``_divisibility``) gives the library's own results.
"""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cute_layout import dsl as cute
from cute_layout.dsl import _divisibility, _values, cutlass


def a8():
    return cute.assume(cutlass.Int32(64), divby=8)


def test_composition_carries_the_dsls_divisors():
    a = a8()
    L = cute.make_layout((4, a), stride=(a, 1))
    assert str(cute.composition(L, (2, 8))) == "(2,8):(?{div=8},1)"
    assert str(cute.composition(L, cute.make_layout(16, stride=2))) == "(2,8):(?{div=16},1)"
    assert str(cute.composition(cute.make_layout(32, stride=a),
                                cute.make_layout((a, 4), stride=(4, 1)))) == (
        "(?{div=8},4):(?{div=32},?{div=8})")
    b = cute.assume(cutlass.Int32(48), divby=16)
    # min(2, a): the gcd of the divisors; the strides a*2 and b*1: the products
    assert str(cute.composition(cute.make_layout((4, 8), stride=(a, b)),
                                cute.make_layout((2, 4), stride=(2, 4)))) == (
        "(2,4):(?{div=16},?{div=16})")


def test_complement_carries_the_dsls_divisors():
    a = a8()
    # a / 1 keeps a's divisor, ceil_div(4096, 4a) has none, 4*a is a product
    assert str(cute.complement(cute.make_layout(4, stride=a), 4096)) == "(?{div=8},?):(1,?{div=32})"
    assert str(cute.complement(cute.make_layout(4, stride=2), a)) == "(2,?):(1,8)"
    assert str(cute.complement(cute.make_layout(a, stride=2), 4096)) == "(2,?):(1,?{div=16})"


def test_divides_carry_the_dsls_divisors():
    a = a8()
    L = cute.make_layout((a, a))
    assert str(cute.logical_divide(L, (4, 2))) == "((4,?),(2,?)):((1,4),(?{div=8},?{div=16}))"
    assert str(cute.zipped_divide(L, (4, 2))) == "((4,2),(?,?)):((1,?{div=8}),(4,?{div=16}))"
    assert str(cute.tiled_divide(L, (4, 2))) == "((4,2),?,?):((1,?{div=8}),4,?{div=16})"
    assert str(cute.flat_divide(L, (4, 2))) == "(4,2,?,?):(1,?{div=8},4,?{div=16})"
    assert str(cute.logical_divide(L, (16, 3))) == "((16,?),(3,?)):((1,16),(?{div=8},?{div=24}))"
    # the size of the result: the product of its extents' divisors (the rests have none)
    assert str(cute.size(cute.logical_divide(L, (4, 2)))) == "?{div=8}"


def test_recast_crd2idx_and_the_rest_carry_the_dsls_divisors():
    a = a8()
    L = cute.make_layout((4, a), stride=(a, 1))
    assert str(cute.recast_layout(16, 32, L)) == "(4,?{div=16}):(?{div=16},1)"
    assert str(cute.recast_layout(8, 32, L)) == "(4,?{div=32}):(?{div=32},1)"
    # 1*a + 2*1: the gcd of 8 and 2; 3 is (3, 0): 3*a; a is (a % 4, a / 4) = (0, a / 4)
    assert [str(x) for x in (cute.crd2idx((1, 2), L), cute.crd2idx(3, L), L((1, 2)),
                             cute.crd2idx((a, 2), L), cute.crd2idx((3, 5), L),
                             cute.crd2idx(a, L))] == [
        "?{div=2}", "?{div=24}", "?{div=2}", "?{div=2}", "?", "?{div=2}"]
    assert str(cute.filter(cute.make_layout((4, 2), stride=(0, a)))) == "2:?{div=8}"
    assert str(cute.filter_zeros(cute.make_layout((a, 4), stride=(0, a)))) == "(1,4):(0,?{div=8})"
    assert str(cute.make_layout_like(L)) == "(4,?{div=8}):(?{div=8},1)"
    # cosize is L(size - 1) + 1: a sum with 1, no divisor (the DSL does not simplify)
    assert str(cute.cosize(cute.make_layout((4, 2), stride=(1, a)))) == "?"
    assert str(cute.cosize(cute.make_layout(a))) == "?"


def test_the_other_functions_carry_the_dsls_divisors():
    a = a8()
    assert str(cute.make_identity_layout((a, 4))) == "(?{div=8},4):(1@0,1@1)"
    assert str(cute.make_identity_tensor((a, 4))) == "tensor<(0,0) o (?{div=8},4):(1@0,1@1)>"
    assert str(cute.make_tensor(a, cute.make_layout((4, a)))) == "tensor<?{div=8} o (4,?{div=8}):(1,4)>"
    assert str(cute.make_composed_layout(cute.make_swizzle(2, 1, 3), 0,
                                         cute.make_layout((4, a), stride=(a, 1)))) == (
        "S<2,1,3> o 0 o (4,?{div=8}):(?{div=8},1)")
    assert str(cute.coalesce(cute.make_layout((a, 2, 4), stride=(1, a, 2 * a)),
                             target_profile=(1, 1))) == "(?{div=8},2,4):(1,?{div=8},?{div=16})"
    assert str(cute.logical_product(cute.make_layout(4), cute.make_layout(a))) == "(4,?{div=8}):(1,4)"
    B = cute.make_layout((a, 2))
    assert [str(f(cute.make_layout(4), B)) for f in (
        cute.zipped_product, cute.tiled_product, cute.flat_product)] == [
        "(4,(?{div=8},2)):(1,(4,?{div=32}))", "(4,?{div=8},2):(1,4,?{div=32})",
        "(4,?{div=8},2):(1,4,?{div=32})"]
    # a computed dynamic integer has the divisor 1, which arithmetic builds on
    n = cute.size(cute.make_layout((cutlass.Int32(8), 4)))
    assert [str(x) for x in (n, n * 4, cute.ceil_div(a, 16) * 16, cute.cosize(cute.make_layout(a)) * 2,
                             cute.round_up(a, 16), cute.round_up(a, 4))] == [
        "?{div=4}", "?{div=16}", "?{div=16}", "?{div=2}", "?{div=16}", "?{div=4}"]


def test_what_the_dsl_refuses_on_dynamic_layouts():
    a = a8()
    refused = [
        lambda: cute.right_inverse(cute.make_layout((4, a), stride=(a, 1))),  # a dynamic shape
        lambda: cute.left_inverse(cute.make_layout(4, stride=a)),  # any dynamic integer
        lambda: cute.left_inverse(cute.make_layout((4, 2), stride=(2, a))),
        lambda: cute.max_common_vector(cute.make_layout((4, a)), cute.make_layout((4, a))),
        lambda: cute.max_common_layout(cute.make_layout((4, a)), cute.make_layout((4, a))),
        lambda: cute.logical_product(cute.make_layout((4, 2), stride=(1, a)), cute.make_layout(3)),
        lambda: cute.blocked_product(cute.make_layout((a, 2)), cute.make_layout((2, 2))),
    ]
    for call in refused:
        with pytest.raises(cute.DSLRuntimeError, match="static|left inverse"):
            call()
    # a static shape with a dynamic stride is computed, as in the DSL
    assert str(cute.right_inverse(cute.make_layout(4, stride=a))) == "1:0"
    assert cute.max_common_vector(cute.make_layout((4, 2), stride=(1, a)), cute.make_layout((4, 2))) == 4


def test_one_rule_per_arithmetic_step():
    D, fixed = _divisibility.D, _divisibility.fixed
    a, b = D(64, False, 8), D(48, False, 16)
    assert _divisibility.mul(a, b).div == 128 and _divisibility.mul(a, fixed(3)).div == 24
    assert _divisibility.add(a, b).div == 8 and _divisibility.add(a, fixed(2)).div == 2
    assert _divisibility.minimum(a, fixed(2)).div == 2
    assert _divisibility.ceil_div(a, fixed(2)).div == 1  # cute.shape_div(a, 2) is ? in the DSL
    assert _divisibility.div(a, fixed(1)).div == 8
    assert _divisibility.mod(a, fixed(4)).div == 0 and _divisibility.floor_div(a, fixed(4)).div == 2
    assert _divisibility.mul(fixed(2), fixed(3)).static


# --- without the DSL: every divisor true, the replay the library's result ------------------------


def dynamic(draw, values):
    v = draw(st.sampled_from(values))
    d = draw(st.sampled_from([x for x in (1, 2, 4, 8, 16) if v % x == 0]))
    return cute.assume(cutlass.Int32(v), divby=d) if d > 1 else cutlass.Int32(v)


@st.composite
def layouts(draw):
    r = draw(st.integers(1, 3))

    def integer(values):
        return dynamic(draw, values) if draw(st.booleans()) else draw(st.sampled_from(values))

    shape = tuple(integer([2, 4, 8, 16]) for _ in range(r))
    if draw(st.booleans()):
        return cute.make_layout(shape)
    return cute.make_layout(shape, stride=tuple(integer([1, 2, 4, 8, 16, 32]) for _ in range(r)))


TILERS = [2, 4, (2, 2), (4, 2), (2, None)]


def calls(L, t, n):
    yield lambda: cute.coalesce(L)
    yield lambda: cute.filter(L)
    yield lambda: cute.composition(L, t)
    yield lambda: cute.complement(L, n)
    yield lambda: cute.logical_divide(L, t)
    yield lambda: cute.zipped_divide(L, t)
    yield lambda: cute.tiled_divide(L, t)
    yield lambda: cute.flat_divide(L, t)
    yield lambda: cute.recast_layout(16, 32, L)
    yield lambda: cute.recast_layout(32, 16, L)
    yield lambda: cute.crd2idx(3, L)
    yield lambda: cute.crd2idx(tuple(1 for _ in range(cute.rank(L))), L)


def divisors_true(value):
    if isinstance(value, cutlass.Integer):
        return value._div is None or (value.value % value._div == 0 if value._div else value.value == 0)
    if isinstance(value, cute.Value) and value._divs:
        return all((v % d == 0) if d else v == 0
                   for v, (d, _) in zip(_values._dynamic_tokens(value._text), value._divs))
    return True


@settings(max_examples=150, deadline=None)
@given(layouts(), st.sampled_from(TILERS), st.sampled_from([4096, 8192]))
def test_every_divisor_printed_is_true(L, t, n):
    """Each divisor of an algebra result divides the value (the replay's values are checked
    against the library's result, so a divisor is never printed for another value)."""
    for call in calls(L, t, n):
        try:
            r = call()
        except (cute.DSLRuntimeError, ValueError):
            continue
        assert divisors_true(r), (str(L), str(r))


@settings(max_examples=150, deadline=None)
@given(layouts(), st.sampled_from(TILERS))
def test_the_replay_follows_the_library(L, t):
    """For all-static layouts the replay of each step gives the library's result, text for
    text: the steps are the library's (a dynamic layout may take other ones, never printed)."""
    static = cute.make_layout(tuple(int(x) for x in cute.flatten_to_tuple(L.shape)),
                              stride=tuple(int(x) for x in cute.flatten_to_tuple(L.stride)))
    if cute.rank(L) == 1 and not isinstance(L.shape, tuple):
        static = cute.make_layout(int(L.shape), stride=int(L.stride))
    lay = _divisibility.read_layout(static.cute)
    tile = tuple(None if x is None else _divisibility.fixed(x) for x in t) if isinstance(t, tuple) \
        else _divisibility.fixed(t)
    for op in ("logical_divide", "zipped_divide", "tiled_divide", "flat_divide"):
        try:
            expected = getattr(cute, op)(static, t).cute
        except cute.DSLRuntimeError:
            continue
        assert _divisibility.layout_text(getattr(_divisibility, op)(lay, tile)) == expected, op
    try:
        expected = cute.composition(static, t).cute
    except cute.DSLRuntimeError:
        return
    assert _divisibility.layout_text(_divisibility.composition_tiler(lay, tile)) == expected
    assert _divisibility.layout_text(_divisibility.coalesce(lay)) == cute.coalesce(static).cute
    assert math.prod(int(x) for x in cute.flatten_to_tuple(static.shape)) == cute.size(static)
