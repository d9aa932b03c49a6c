"""Bad input: each is a clear Python exception naming the argument; nothing crashes."""

import numpy as np
import pytest

import cute_layout as cl
from cute_layout import Layout, LayoutError


def test_layout_error_is_a_value_error_with_the_full_message():
    assert issubclass(LayoutError, ValueError)
    with pytest.raises(LayoutError, match="Shape Divisibility Condition"):
        cl.composition(Layout((3, 5), (1, 10)), Layout(4, 1))
    with pytest.raises(LayoutError, match="complement"):
        cl.complement(Layout((2, 2), (2, 3)), 8)


def test_huge_ints_overflow_naming_the_argument():
    with pytest.raises(OverflowError, match="Layout shape"):
        Layout(2**64)
    with pytest.raises(OverflowError, match="composition"):
        cl.composition(Layout(4), 2**70)
    with pytest.raises(OverflowError, match="argument 1 of shape_div"):
        cl.shape_div(2**70, 2)
    with pytest.raises(LayoutError, match="overflow"):
        Layout((2**40, 2**40)).size()


def test_wrong_types_name_the_argument():
    with pytest.raises(TypeError, match="Layout shape"):
        Layout(4.0)
    with pytest.raises(TypeError, match="Layout stride"):
        Layout((4, 2), (1, "x"))
    with pytest.raises(TypeError, match="argument 1 of size"):
        cl.size(object())
    with pytest.raises(TypeError, match="the coordinate"):
        Layout((4, 2))(1.5, 0)
    with pytest.raises(TypeError):
        Layout(True)


def test_ragged_and_non_congruent_tuples():
    with pytest.raises(LayoutError, match="congruent"):
        Layout((4, 2), (1, (2, 3)))
    with pytest.raises(LayoutError):
        Layout((4, 2))((1, 2, 3))


def test_negative_sizes():
    with pytest.raises(ValueError, match="negative"):
        Layout((4, -2))


def test_too_deep_nesting():
    deep = 1
    for _ in range(100):
        deep = (deep,)
    with pytest.raises(ValueError, match="deeper"):
        Layout(deep)


def test_tensor_arrays_of_wrong_dtype_or_size():
    with pytest.raises(TypeError, match="dtype"):
        cl.Tensor(np.array(["a"] * 8), Layout(8))
    with pytest.raises(ValueError, match="outside the array of 7 elements"):
        cl.Tensor(np.zeros(7), Layout(8))
    with pytest.raises(ValueError, match="C-contiguous"):
        cl.Tensor(np.zeros((4, 4))[:, ::2], Layout(8))


def test_panics_never_cross_the_boundary():
    for args in [(Layout.parse("(0,0):(0,0)"),), ((),), (Layout(1, 0),)]:
        for name, *_ in cl.operations():
            try:
                cl.call_op(name, *args)
            except (ValueError, TypeError, OverflowError):
                pass


def _arguments():
    from hypothesis import strategies as st

    ints = st.one_of(st.integers(-3, 70), st.sampled_from([0, 2**62, -(2**63), 2**63]))
    trees = st.recursive(ints | st.none(), lambda t: st.tuples(t, t) | st.tuples(t), max_leaves=6)
    layouts = st.sampled_from(["(4,2):(1,4)", "(3,(2,2)):(_2,(_1,_6))", "0:0", "(2,2):(2,3)",
                               "9223372036854775807:2"]).map(Layout.parse)
    return st.lists(st.one_of(trees, layouts), max_size=3)


def test_no_input_panics_or_crashes():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    names = [name for name, *_ in cl.operations()]

    @settings(max_examples=1500, deadline=None)
    @given(st.sampled_from(names), _arguments())
    def run(name, args):
        # call_op takes the argument tuple; the module function (a METH_FASTCALL builtin on
        # CPython >= 3.10) the argument array: the same table entry, through both entry points
        for call in (lambda *a: cl.call_op(name, *a), getattr(cl, name)):
            try:
                call(*args)
            except (ValueError, TypeError, OverflowError):
                pass

    run()
