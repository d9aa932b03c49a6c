"""What the fuzz test of ``cute_layout.dsl`` (test_dsl_fuzz.py) found, each as a plain test: the
call, and the documented exception it now raises where it raised another."""

import pytest

from cute_layout import dsl as cute
from cute_layout.dsl import cutlass


def deep(n):
    x = 1
    for _ in range(n):
        x = (x,)
    return x


@pytest.mark.parametrize("call", [
    lambda t: cute.make_layout(t),
    lambda t: cute.pretty_str(t),
    lambda t: cute.flatten_to_tuple(t),
    lambda t: cute.is_static(t),
    lambda t: cute.size(t),
    lambda t: cute.repeat_like(0, t),
])
def test_arguments_deeper_than_the_library_allows_are_refused(call):
    """Was a RecursionError (the module's Python recursed over a tuple 3000 deep)."""
    with pytest.raises(cute.DSLRuntimeError, match="MAX_DEPTH"):
        call(deep(3000))
    with pytest.raises(cute.DSLRuntimeError, match="MAX_DEPTH"):
        call(deep(33))
    call(deep(8))  # within the limit: as before


def test_tuples_wider_than_the_library_allows_are_refused():
    with pytest.raises(cute.DSLRuntimeError, match="MAX_WIDTH"):
        cute.make_layout((1,) * 70000)


def test_error_messages_show_a_deep_argument_cut_short():
    """Was a RecursionError while the TypeError's message took the argument's repr."""
    with pytest.raises(TypeError, match="an integer type needs an integer"):
        cutlass.Int32(deep(3000))
    with pytest.raises(ValueError, match="shape_mnk"):
        cute.nvgpu.warp.MmaF16BF16Op(cutlass.Float16, cutlass.Float32, deep(3000))


@pytest.mark.parametrize("call", [
    lambda: cute.make_tiled_copy_tv(None, None, None),
    lambda: cute.make_tiled_copy_tv(0, 0, 0),
    lambda: cute.make_tiled_copy_A((), ()),
    lambda: cute.make_tiled_copy_B(cute.make_copy_atom(cute.nvgpu.CopyUniversalOp(),
                                                       cutlass.Float16), 4),
    lambda: cute.make_tiled_copy_C(None, None),
])
def test_tiled_copies_of_no_atom_raise_type_error(call):
    """Was an AttributeError ('NoneType' object has no attribute '_text')."""
    with pytest.raises(TypeError, match="expected a (copy atom|tiled MMA)"):
        call()


def test_front_of_an_empty_tuple_raises_value_error():
    """Was an IndexError; the DSL raises a ValueError."""
    with pytest.raises(ValueError, match="empty tuple"):
        cute.front(())
    with pytest.raises(ValueError):
        cute.front(((), 1))
    assert cute.front(((3, 4), 5)) == 3


def test_modes_of_tuples_out_of_range_raise_value_error_as_the_dsls():
    """get((), 0) and select((), 0) were IndexErrors. As the DSL 4.8.1 traces them: Python's
    indices of a tuple (negative ones too), a mode past the rank refused, begin < end."""
    with pytest.raises(ValueError, match="less than rank"):
        cute.get((), mode=[0])
    with pytest.raises(ValueError, match="less than rank"):
        cute.get((1, 2), mode=[5])
    with pytest.raises(ValueError, match="invalid mode element"):
        cute.select((), mode=[0])
    with pytest.raises(ValueError, match="begin < end"):
        cute.group_modes((1, 2, 3), 2, 1)
    with pytest.raises(ValueError, match="begin < end"):
        cute.group_modes(cute.make_layout((1, 2, 3)), 1, 1)
    assert cute.get((1, 2), mode=[-1]) == 2 and cute.select((1, 2, 3), mode=[-1]) == (3,)
    assert cute.group_modes((1, 2, 3), 1, 5) == (1, (2, 3))
    assert cute.group_modes((1, 2, 3), -1, 3) == (1, 2, (3,))
    assert cute.select((1, 2, 3), mode=[]) == ()
